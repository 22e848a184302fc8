// Start-up of everything a request needs: configuration, database (migrated), demo data,
// identity provider, rate limits, background jobs. The HTTP server (server.mjs) calls
// startServices once. Two halves come out of it:
// - AppServices travel in React Router's context to every loader and action (app/context.ts):
//   what domain code needs per request, and nothing secret beyond derived session keys;
// - the process keeps the rest: configuration with its secrets, the database handle,
//   mounts of the stand-ins, and stop().
import fs from "node:fs";
import path from "node:path";
import { createHmac, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { ConfigError, configProblems, loadConfig, loadDatabaseConfig, type Config } from "./config";
import { DatabaseUnreachableError, migrationsCurrent, openDatabase, type Database, type DatabaseHandle } from "./db";
import { createLogger, type Logger } from "./log";
import { createRateLimits, type IpLimitName, type RateLimits } from "./http/rate-limit";
import { createReadiness } from "./http/readiness";
import type { Readiness } from "./http/front";
import { setMetricsSources } from "./log/metrics";
import { isDatabaseEmpty, seedDemoData } from "./seed";
import { startJobs } from "../jobs";
import type { Queue } from "./queue";
import { createIdpApi, type IdpApi } from "./identity";
import { chooseIdentityProvider, createOidcClient, sessionKeys, type Auth, type OidcSettings } from "./auth";
import { createPayments, type Payments } from "./payments";
import { videoBlocks } from "./authoring";
import { createGraphClient, webinarLevelRequirements, webinarRecordings, type MeetingsAutomation } from "./webinars";
import { installLevelRequirements } from "./learning";
import {
  createCourseFiles,
  createMediaUrls,
  createMuxProvider,
  createNoVideoProvider,
  parseSigningKey as parseMuxSigningKey,
  createVideo,
  deriveKey,
  FILES_MOUNT,
  type MediaUrls,
  type Video,
  type VideoProvider,
} from "./video";
import { startCatalogCache } from "./catalog";
import { createCredentialSigner, developmentSigningKey, parsePreviousKeys, parseSigningKey, type CredentialSigner } from "./credentials";
import { credentialKeyUrl } from "./certificates";
import { createAnswerCache, noteDatabaseQuery, type AnswerCache } from "./http/answer-cache";
import { observeDatabaseQueries } from "./db";
import { useInvoiceSupplier } from "./invoices";
import { createAccessPointClient, type AccessPoint } from "./einvoices";
import {
  PAGE_FORM_BYTES,
  receiveForm,
  receiveFormFiles,
  receiveUpload,
  serveStoredFile,
  uploadBodyLimit,
  type FileView,
  type FormLimits,
  type UploadInput,
  type UploadLimits,
} from "./files";
import type { AuditActor } from "./audit";

const MIB = 1024 * 1024;
/** POST /api/admin/files (app/routes/api/admin/files.ts) */
const FILES_UPLOAD_PATH = "/api/admin/files";

/** What every loader and action may use (React Router context). */
export type AppServices = {
  db: Database;
  log: Logger;
  rateLimits: RateLimits;
  /** login client, session keys and claim names (server/auth) */
  auth: Auth;
  /** the provider's REST API client (persons, organizations, memberships) */
  idpApi: IdpApi;
  /** background jobs: `queue.enqueue(tx, name, data)` inside the business transaction */
  queue: Queue;
  /** payment gateway adapter (sessions) and the webhook receiver (server/payments) */
  payments: Payments;
  /** signed, expiring URLs of course media: video playback, PDFs, attachments (server/video) */
  media: MediaUrls;
  /** video uploads and the provider's webhooks (server/video; Mux or the local stand-in) */
  video: Video;
  /** uploads into the file store (server/files): POST /api/admin/files and the editors' forms */
  files: {
    limits: UploadLimits;
    upload(actor: AuditActor, input: UploadInput): Promise<FileView>;
    /** an admin page's multipart form: its fields and the upload's outcome (app/lib/admin-files.server.ts) */
    receiveForm(actor: AuditActor, input: UploadInput, options?: { fileOptional?: boolean; form?: FormLimits }): ReturnType<typeof receiveForm>;
    /** an admin page's multipart form with several file inputs, each of its own kind (the course settings) */
    receiveFormFiles(actor: AuditActor, input: UploadInput, form: Parameters<typeof receiveFormFiles>[3]): ReturnType<typeof receiveFormFiles>;
  };
  /** signs and checks the Open Badges credentials of certificates (server/credentials) */
  credentials: CredentialSigner;
  /** the key of the students' personal webinar calendar feed URLs (server/webinars) */
  webinars: { feedKey: Buffer };
  /** the time domain code uses; tests may hand in another */
  clock: Clock;
  /**
   * origins the app answers for; contactEmail: the address of MAIL_FROM (the Open Badges
   * issuer's e-mail); linkedInOrganizationIds: LINKEDIN_ORGANIZATION_IDS (partnerOrgId →
   * LinkedIn organization id)
   */
  site: {
    publicUrl: string;
    adminUrl: string;
    allowedOrigins: string[];
    contactEmail: string;
    seller: Seller;
    linkedInOrganizationIds: Readonly<Record<string, string>>;
  };
};

/** The seller as every page shows it: the invoice supplier and SUPPORT_EMAIL (docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know). */
export type Seller = { name: string; address: string; ico: string; email: string; registration: string | null };

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** The running process: the services plus what stays outside the request path. */
export type AppProcess = {
  config: Config;
  services: AppServices;
  database: DatabaseHandle;
  oidc: OidcSettings;
  /** HTTP handlers mounted before the app (the local identity provider, stand-ins, signed course files) */
  mounts: { path: string; handler: RequestHandler }[];
  /** paths whose request bodies may exceed the front door's 1 MiB cap (file uploads through the API and the admin pages' ?upload forms, and the local video upload) */
  bodyLimits: { prefix: string; maxBytes: number; query?: string }[];
  /** GET /readyz: database reachable, migrations current, job workers running */
  ready(): Promise<Readiness>;
  /** a write request (not GET/HEAD/OPTIONS) was answered: caches check before their next read */
  afterWrite(): void;
  /** anonymous visitors' answers made from memory, given again for a few seconds (null: off) */
  answers: AnswerCache | null;
  stop(): Promise<void>;
};

export { ConfigError };

/**
 * A random secret kept in DATA_DIR (0600), made on first use: the development session
 * secret (sessions survive a restart) and the local provider's API token.
 */
function developmentSecret(dataDir: string, name = "session-secret"): string {
  const file = path.resolve(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function sellerOf(config: Config): Seller {
  const s = config.invoiceSupplier;
  return { name: s.name, address: s.address, ico: s.ico, email: config.supportEmail, registration: s.registration ?? null };
}

/** "Name <a@b.sk>" → "a@b.sk" */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * `npm run migrate`: applies the migrations (under the migration lock, as every start does)
 * and stops; no server, no jobs, no demo data. Needs only the database settings.
 */
export async function migrateDatabase(env: Record<string, string | undefined> = process.env): Promise<{ kind: string; applied: number }> {
  const config = loadDatabaseConfig(env);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: 1,
      connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_SECONDS,
      statementTimeoutSeconds: config.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    });
  } catch (error) {
    if (error instanceof DatabaseUnreachableError) throw new ConfigError(error.message);
    throw error;
  }
  try {
    const { applied } = await migrationsCurrent(database.db);
    return { kind: database.kind, applied };
  } finally {
    await database.close();
  }
}

export async function startServices(
  env: Record<string, string | undefined> = process.env,
  options: { seedOnly?: boolean; startJobs?: boolean } = {},
): Promise<AppProcess> {
  // demo data never enters a production database: refused before anything else
  if (options.seedOnly && env.APP_ENV === "production") {
    throw new ConfigError(
      "Seeding demo data is refused with APP_ENV=production: the demo catalog, people and orders never enter a production database (seed a development or rehearsal database without APP_ENV=production)",
    );
  }
  // the configuration as a whole: the environment's problems and the keys' (read before
  // anything opens), all listed at once
  const { problems } = configProblems(env);
  const raw = (name: string) => (env[name] === "" ? undefined : env[name]);
  // Mux's signing key (all five MUX_* together, checked by the config) is read before anything opens
  const muxKey = raw("MUX_SIGNING_KEY_PRIVATE");
  if (muxKey) {
    try {
      parseMuxSigningKey(muxKey);
    } catch (error) {
      problems.push({ variable: "MUX_SIGNING_KEY_PRIVATE", kind: "invalid", message: (error as Error).message });
    }
  }
  // the Open Badges issuer key (docs/decisions/certificates/open-badges.md > Open Badges)
  let currentKey: Awaited<ReturnType<typeof parseSigningKey>> | null = null;
  let previousKeys: Awaited<ReturnType<typeof parsePreviousKeys>> = [];
  const signingKey = raw("CREDENTIAL_SIGNING_KEY");
  if (signingKey) {
    try {
      currentKey = await parseSigningKey(signingKey);
    } catch (error) {
      problems.push({ variable: "CREDENTIAL_SIGNING_KEY", kind: "invalid", message: (error as Error).message });
    }
  }
  try {
    previousKeys = await parsePreviousKeys(raw("CREDENTIAL_PREVIOUS_KEYS"));
  } catch (error) {
    problems.push({ variable: "CREDENTIAL_PREVIOUS_KEYS", kind: "invalid", message: (error as Error).message });
  }
  if (problems.length) throw new ConfigError(problems);
  const config = loadConfig(env);
  const muxProvider: VideoProvider | null = config.MUX_TOKEN_ID
    ? createMuxProvider({
        tokenId: config.MUX_TOKEN_ID,
        tokenSecret: config.MUX_TOKEN_SECRET!,
        signingKeyId: config.MUX_SIGNING_KEY_ID!,
        signingKeyPrivate: config.MUX_SIGNING_KEY_PRIVATE!,
        apiBaseUrl: config.MUX_API_URL,
        streamUrl: config.MUX_STREAM_URL,
        imageUrl: config.MUX_IMAGE_URL,
      })
    : null;
  const log = createLogger(config.LOG_LEVEL, config.production);
  // the supplier invoices and credit notes are numbered (and their e-invoices made) as
  useInvoiceSupplier(config.invoiceSupplier);
  let credentials: CredentialSigner;
  try {
    credentials = await createCredentialSigner({
      current: currentKey ?? (await developmentSigningKey(config.DATA_DIR)),
      previous: previousKeys,
      keyUrl: (thumbprint) => credentialKeyUrl(config.publicUrl, thumbprint),
    });
  } catch (error) {
    throw new ConfigError(`Invalid configuration: CREDENTIAL_SIGNING_KEY ${(error as Error).message}`);
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_SECONDS,
      statementTimeoutSeconds: config.DATABASE_STATEMENT_TIMEOUT_SECONDS,
      onIdleError: (error) => log.warn("idle database connection lost; the pool reconnects on the next query", { error: error.message }),
      onClientError: (error) => log.warn("database connection lost (a request using it answers 503)", { error: error.message }),
    });
  } catch (error) {
    // one line naming DATABASE_URL, no stack (server.mjs prints a ConfigError's message)
    if (error instanceof DatabaseUnreachableError) throw new ConfigError(error.message);
    throw error;
  }
  log.info(`database: ${database.kind === "pglite" ? `embedded PGlite in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL server"} (migrated)`);

  const shouldSeed = config.SEED_DEMO_DATA ?? (config.embeddedDatabase || options.seedOnly === true);
  if (shouldSeed && (await isDatabaseEmpty(database.db))) {
    if (await seedDemoData(database.db, { mediaDir: path.resolve(config.MEDIA_DIR) })) log.info("seeded the demo catalog");
  }

  const sessionSecret = config.SESSION_SECRET ?? developmentSecret(config.DATA_DIR);
  const { oidc, localIdp } = await chooseIdentityProvider(config, sessionSecret, log, {
    quiet: options.seedOnly,
    // the local provider's REST API token: random per data directory, never a constant
    localApiToken: () => developmentSecret(config.DATA_DIR, "idp-api-token"),
  });
  const mounts: AppProcess["mounts"] = localIdp ? [{ path: "/idp", handler: localIdp.handler }] : [];

  // payment gateway: PAYMENT_GATEWAY_URL, else the sandbox mounted on this server
  let gatewayUrl = config.PAYMENT_GATEWAY_URL;
  let webhookSecret = config.PAYMENT_WEBHOOK_SECRET;
  if (!gatewayUrl) {
    const { startSandboxGateway } = await import("./stand-ins");
    webhookSecret ??= createHmac("sha256", sessionSecret).update("sandbox-payment-webhook").digest("hex");
    const sandbox = startSandboxGateway({
      baseUrl: `${config.publicUrl}/sandbox-gateway`,
      secret: webhookSecret,
      production: config.production,
      refundDelayMs: config.SANDBOX_REFUND_DELAY_MS,
      log,
    });
    mounts.push({ path: "/sandbox-gateway", handler: sandbox.handler as RequestHandler });
    gatewayUrl = sandbox.baseUrl;
  }
  if (!webhookSecret) throw new ConfigError("Missing configuration: PAYMENT_WEBHOOK_SECRET is required with PAYMENT_GATEWAY_URL");
  // the Peppol access point of e-invoices: EINVOICE_AP_URL, else the stand-in mounted on this
  // server (refused in production; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  let accessPoint: AccessPoint;
  if (config.EINVOICE_AP_URL) {
    accessPoint = createAccessPointClient({ url: config.EINVOICE_AP_URL, token: config.EINVOICE_AP_TOKEN!, timeoutMs: config.EINVOICE_AP_TIMEOUT_MS });
  } else {
    const { startAccessPointStandIn } = await import("./stand-ins");
    // EINVOICE_AP_TOKEN alone names the stand-in's credential (tests call it); else one derived from the session secret
    const token = config.EINVOICE_AP_TOKEN ?? createHmac("sha256", sessionSecret).update("access-point-stand-in").digest("hex");
    const standIn = startAccessPointStandIn({ token, production: config.production });
    mounts.push({ path: "/stand-ins/access-point", handler: standIn.handler as RequestHandler });
    accessPoint = createAccessPointClient({ url: `${config.publicUrl}/stand-ins/access-point`, token, timeoutMs: config.EINVOICE_AP_TIMEOUT_MS });
  }
  const payments = createPayments({
    url: gatewayUrl,
    secret: webhookSecret,
    name: config.PAYMENT_GATEWAY_URL ? new URL(config.PAYMENT_GATEWAY_URL).hostname : "sandbox",
  });

  // course files (PDFs, images, attachments): served by the app itself in every mode,
  // through HMAC-signed expiring URLs (server/video; docs/decisions/video/signed-media-urls.md > Signed media URLs)
  const mediaDir = path.resolve(config.MEDIA_DIR);
  // uploads (server/files) live in the database and are served below the same signed route
  const courseFiles = createCourseFiles({
    dir: mediaDir,
    key: deriveKey(sessionSecret, "course-files"),
    publicUrl: config.publicUrl,
    stored: (req, res, relative, maxAgeSec) => serveStoredFile(database.db, req, res, relative, maxAgeSec),
  });
  mounts.push({ path: FILES_MOUNT, handler: courseFiles.handler as RequestHandler });
  const uploadLimits: UploadLimits = { documentBytes: config.FILE_MAX_DOCUMENT_MIB * MIB, imageBytes: config.FILE_MAX_IMAGE_MIB * MIB, captionsBytes: 2 * MIB };
  // the upload route takes bodies up to the largest file cap, routed around the 1 MiB cap on purpose (server/files)
  // and so do the admin pages' multipart forms posted to `?upload` (a file with the page's own
  // fields), which stream it through server/files too (docs/decisions/files/one-form-uploads.md)
  const bodyLimits: AppProcess["bodyLimits"] = [
    { prefix: FILES_UPLOAD_PATH, maxBytes: uploadBodyLimit(uploadLimits) },
    { prefix: "/admin/", query: "upload", maxBytes: uploadBodyLimit(uploadLimits) + PAGE_FORM_BYTES },
  ];
  // video: Mux with MUX_* (all five, checked by the config); none in production without
  // them (video blocks do not publish); else the local stand-in on this server
  let videoProvider: VideoProvider;
  let videoWebhookSecret: string;
  if (muxProvider) {
    videoProvider = muxProvider;
    videoWebhookSecret = config.MUX_WEBHOOK_SECRET!;
  } else if (config.production) {
    videoProvider = createNoVideoProvider();
    // no event is ever accepted
    videoWebhookSecret = randomBytes(32).toString("hex");
    log.warn("no video provider configured (MUX_* unset): video uploads are refused and courses with video blocks do not publish", { videoProvider: "none" });
  } else {
    const { startLocalVideo } = await import("./stand-ins");
    videoWebhookSecret = createHmac("sha256", sessionSecret).update("local-video-webhook").digest("hex");
    const localVideo = startLocalVideo({
      publicUrl: config.publicUrl,
      adminUrl: config.adminUrl,
      key: deriveKey(sessionSecret, "local-video"),
      webhookSecret: videoWebhookSecret,
      notifyUrl: `${config.publicUrl}/api/webhooks/video`,
      samplesDir: path.join(mediaDir, "video"),
      uploadsDir: path.resolve(config.DATA_DIR, "local-video"),
      ffmpegPath: config.FFMPEG_PATH,
      production: config.production,
      log,
    });
    mounts.push({ path: localVideo.mount, handler: localVideo.handler as RequestHandler });
    // the multipart form of a page without JavaScript adds a little to the file
    bodyLimits.push({ prefix: localVideo.uploadPathPrefix, maxBytes: localVideo.maxUploadBytes + 64 * 1024 });
    videoProvider = localVideo.provider;
  }
  // the meeting recordings (phase 2; docs/decisions/webinars/recording-automation.md):
  // Microsoft Graph with GRAPH_* (and MEETINGS_CLIENT_STATE, checked by the config); off in
  // production without them (no clientState: the meetings webhook accepts nothing); else
  // the local Graph stand-in on this server
  let meetingsClientState: string | undefined;
  let meetings: MeetingsAutomation | null = null;
  const notificationUrl = `${config.publicUrl}/api/webhooks/meetings`;
  if (config.GRAPH_TENANT_ID && config.GRAPH_CLIENT_ID && config.GRAPH_CLIENT_SECRET && config.MEETINGS_CLIENT_STATE) {
    meetingsClientState = config.MEETINGS_CLIENT_STATE;
    const graph = createGraphClient({
      loginUrl: config.GRAPH_LOGIN_URL,
      apiUrl: config.GRAPH_API_URL,
      tenantId: config.GRAPH_TENANT_ID,
      clientId: config.GRAPH_CLIENT_ID,
      clientSecret: config.GRAPH_CLIENT_SECRET,
    });
    meetings = { graph, provider: videoProvider, corsOrigin: config.adminUrl, notificationUrl, clientState: meetingsClientState };
  } else if (config.production) {
    log.warn("no meeting provider configured (GRAPH_* unset): webinar recordings are uploaded by hand only", { meetings: "off" });
  } else {
    const { startGraphStandIn } = await import("./stand-ins");
    meetingsClientState = config.MEETINGS_CLIENT_STATE ?? createHmac("sha256", sessionSecret).update("meetings-client-state").digest("hex");
    const standIn = {
      tenantId: "stand-in-tenant",
      clientId: "stand-in-app",
      clientSecret: createHmac("sha256", sessionSecret).update("graph-stand-in").digest("hex"),
    };
    const graphStandIn = startGraphStandIn({ production: config.production, ...standIn, sampleFile: path.join(mediaDir, "video", "sample.mp4") });
    mounts.push({ path: "/stand-ins/graph", handler: graphStandIn.handler as RequestHandler });
    const base = `${config.publicUrl}/stand-ins/graph`;
    const graph = createGraphClient({ loginUrl: base, apiUrl: `${base}/v1.0`, ...standIn });
    meetings = { graph, provider: videoProvider, corsOrigin: config.adminUrl, notificationUrl, clientState: meetingsClientState };
  }
  // the published catalog in memory, emptied on every instance when it changes
  const catalogCache = await startCatalogCache(database, log);

  const idpApi = createIdpApi({ apiUrl: oidc.apiUrl, apiToken: oidc.apiToken });
  const workers = options.startJobs ?? !options.seedOnly;
  // a required webinar is one more requirement of its level: learning asks the webinars area
  // through this port and imports none of it (docs/decisions/webinars/attendance-gates-the-level.md)
  installLevelRequirements(webinarLevelRequirements);
  const jobs = await startJobs(database, config, log, { work: workers, idpApi, refunds: payments.refunds, accessPoint, meetings });
  let jobsRunning = workers;
  const services: AppServices = {
    db: database.db,
    log,
    rateLimits: createRateLimits(database.db, config, {
      onFlushError: (error) => log.warn("rate limit counters not written; retrying", { error: error instanceof Error ? error.message : String(error) }),
    }),
    auth: {
      client: createOidcClient({ ...oidc, redirectUri: `${config.publicUrl}/api/auth/callback`, claimPrefix: config.IDP_CLAIM_PREFIX }),
      keys: sessionKeys(sessionSecret),
      names: { claimPrefix: config.IDP_CLAIM_PREFIX, rolePrefix: config.APP_ROLE_PREFIX },
      stepUpMaxAgeSec: config.STEP_UP_MAX_AGE_SEC,
    },
    idpApi,
    queue: jobs.queue,
    payments,
    media: createMediaUrls(videoProvider, courseFiles),
    video: createVideo({
      provider: videoProvider,
      blocks: videoBlocks,
      recordings: webinarRecordings,
      webhookSecret: videoWebhookSecret,
      meetingsClientState,
      adminUrl: config.adminUrl,
    }),
    files: {
      limits: uploadLimits,
      upload: (actor, input) => receiveUpload({ db: database.db, queue: jobs.queue, limits: uploadLimits }, actor, input),
      receiveForm: (actor, input, options) => receiveForm({ db: database.db, queue: jobs.queue, limits: uploadLimits }, actor, input, options),
      receiveFormFiles: (actor, input, form) => receiveFormFiles({ db: database.db, queue: jobs.queue, limits: uploadLimits }, actor, input, form),
    },
    credentials,
    webinars: { feedKey: deriveKey(sessionSecret, "webinar-calendar-feed") },
    clock: systemClock,
    site: {
      publicUrl: config.publicUrl,
      adminUrl: config.adminUrl,
      allowedOrigins: config.allowedOrigins,
      contactEmail: addressOf(config.MAIL_FROM),
      seller: sellerOf(config),
      linkedInOrganizationIds: config.LINKEDIN_ORGANIZATION_IDS ?? {},
    },
  };
  setMetricsSources({ pool: database.pool, queues: () => jobs.boss.getQueues() });
  // which answers were made without a database round trip (server/http/answer-cache.ts)
  observeDatabaseQueries(noteDatabaseQuery);
  const answers =
    config.ANSWER_CACHE_SECONDS > 0 && catalogCache.cache
      ? createAnswerCache({
          dataVersion: () => catalogCache.dataVersion(),
          spend: (name, ip) => services.rateLimits.consume(name as IpLimitName, ip),
          ttlMs: config.ANSWER_CACHE_SECONDS * 1000,
        })
      : null;
  return {
    config,
    services,
    database,
    oidc,
    mounts,
    bodyLimits,
    ready: createReadiness({ database, jobsRunning: () => jobsRunning }),
    afterWrite: () => catalogCache.noteWrite(),
    answers,
    async stop() {
      // the workers finish the job in hand (pg-boss graceful stop), take no new one
      jobsRunning = false;
      await jobs.stop();
      await localIdp?.stop();
      // the reads counted since the last flush go to the database before it closes
      await services.rateLimits.stop().catch(() => {});
      await catalogCache.stop();
      await database.close();
    },
  };
}
