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
import { ConfigError, loadConfig, type Config } from "./config";
import { DatabaseUnreachableError, openDatabase, type Database, type DatabaseHandle } from "./db";
import { createLogger, type Logger } from "./log";
import { createRateLimits, type RateLimits } from "./http/rate-limit";
import { createReadiness } from "./http/readiness";
import type { Readiness } from "./http/front";
import { setMetricsSources } from "./log/metrics";
import { isDatabaseEmpty, seedDemoData } from "./seed";
import { startJobs } from "../jobs";
import type { Queue } from "./queue";
import { createIdpApi, type IdpApi } from "./identity";
import { chooseIdentityProvider, createOidcClient, sessionKeys, type Auth, type OidcSettings } from "./auth";
import { createPayments, type Payments } from "./payments";

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
  /** the time domain code uses; tests may hand in another */
  clock: Clock;
  /** origins the app answers for (PUBLIC_URL, ADMIN_URL) */
  site: { publicUrl: string; adminUrl: string; allowedOrigins: string[] };
};

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** The running process: the services plus what stays outside the request path. */
export type AppProcess = {
  config: Config;
  services: AppServices;
  database: DatabaseHandle;
  oidc: OidcSettings;
  /** HTTP handlers mounted before the app (the local identity provider) */
  mounts: { path: string; handler: RequestHandler }[];
  /** GET /readyz: database reachable, migrations current, job workers running */
  ready(): Promise<Readiness>;
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

export async function startServices(
  env: Record<string, string | undefined> = process.env,
  options: { seedOnly?: boolean; startJobs?: boolean } = {},
): Promise<AppProcess> {
  const config = loadConfig(env);
  const log = createLogger(config.LOG_LEVEL, config.production);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onIdleError: (error) => log.warn("idle database connection lost; the pool reconnects on the next query", { error: error.message }),
    });
  } catch (error) {
    // one line naming DATABASE_URL, no stack (server.mjs prints a ConfigError's message)
    if (error instanceof DatabaseUnreachableError) throw new ConfigError(error.message);
    throw error;
  }
  log.info(`database: ${database.kind === "pglite" ? `embedded PGlite in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL server"} (migrated)`);

  const shouldSeed = config.SEED_DEMO_DATA ?? (config.embeddedDatabase || options.seedOnly === true);
  if (shouldSeed && (await isDatabaseEmpty(database.db))) {
    if (await seedDemoData(database.db)) log.info("seeded the demo catalog");
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
    const sandbox = startSandboxGateway({ baseUrl: `${config.publicUrl}/sandbox-gateway`, secret: webhookSecret, production: config.production, log });
    mounts.push({ path: "/sandbox-gateway", handler: sandbox.handler as RequestHandler });
    gatewayUrl = sandbox.baseUrl;
  }
  if (!webhookSecret) throw new ConfigError("Missing configuration: PAYMENT_WEBHOOK_SECRET is required with PAYMENT_GATEWAY_URL");
  const payments = createPayments({
    url: gatewayUrl,
    secret: webhookSecret,
    name: config.PAYMENT_GATEWAY_URL ? new URL(config.PAYMENT_GATEWAY_URL).hostname : "sandbox",
  });

  const idpApi = createIdpApi({ apiUrl: oidc.apiUrl, apiToken: oidc.apiToken });
  const workers = options.startJobs ?? !options.seedOnly;
  const jobs = await startJobs(database, config, log, { work: workers, idpApi });
  let jobsRunning = workers;
  const services: AppServices = {
    db: database.db,
    log,
    rateLimits: createRateLimits(database.db, config),
    auth: {
      client: createOidcClient({ ...oidc, redirectUri: `${config.publicUrl}/api/auth/callback`, claimPrefix: config.IDP_CLAIM_PREFIX }),
      keys: sessionKeys(sessionSecret),
      names: { claimPrefix: config.IDP_CLAIM_PREFIX, rolePrefix: config.APP_ROLE_PREFIX },
    },
    idpApi,
    queue: jobs.queue,
    payments,
    clock: systemClock,
    site: { publicUrl: config.publicUrl, adminUrl: config.adminUrl, allowedOrigins: config.allowedOrigins },
  };
  setMetricsSources({ pool: database.pool, queues: () => jobs.boss.getQueues() });
  return {
    config,
    services,
    database,
    oidc,
    mounts,
    ready: createReadiness({ database, jobsRunning: () => jobsRunning }),
    async stop() {
      // the workers finish the job in hand (pg-boss graceful stop), take no new one
      jobsRunning = false;
      await jobs.stop();
      await localIdp?.stop();
      await database.close();
    },
  };
}
