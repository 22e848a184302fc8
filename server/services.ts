// Start-up of everything a request needs: configuration, database (migrated), demo data,
// rate limits, background jobs. The HTTP server (server.mjs) calls startServices once.
import fs from "node:fs";
import path from "node:path";
import { createHmac, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db";
import { createLogger, type Logger } from "./log";
import { createRateLimits, type RateLimits } from "./http/rate-limit";
import { isDatabaseEmpty, seedDemoData } from "./seed";
import { startJobs, type Jobs } from "../jobs";
import { createIdpApi, type IdpApi } from "./identity";
import { createOidcClient, sessionKeys, type Auth } from "./auth";
// loaded only when it runs: oidc-provider prints a Node-version warning on import, which
// must not precede the one-line configuration error
import type { LocalIdp } from "./stand-ins/identity-provider";

/** The effective identity provider settings (external from config, or the local provider). */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** base URL of the provider's REST API (persons, organizations, memberships) */
  apiUrl: string;
  /** application token for that API */
  apiToken: string;
};

/** Embedded defaults of the local provider (helper brief > Identity contract). */
export const LOCAL_OIDC_DEFAULTS = {
  clientId: "learning-platform",
  clientSecret: "local-dev-client-secret",
  apiToken: "local-dev-api-token",
} as const;

export type Services = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  log: Logger;
  rateLimits: RateLimits;
  jobs: Jobs;
  sessionSecret: string;
  oidc: OidcSettings;
  /** the provider's REST API client (persons, organizations, memberships) */
  idpApi: IdpApi;
  /** login client, session keys and claim names (server/auth) */
  auth: Auth;
  /** the in-process demo provider when no OIDC_ISSUER is configured, else null */
  localIdp: LocalIdp | null;
  /** extra HTTP handlers mounted before the app (e.g. the local identity provider) */
  mounts: { path: string; handler: RequestHandler }[];
  stop(): Promise<void>;
};

export { ConfigError };

/** Development secret kept in DATA_DIR so sessions survive a restart. */
function developmentSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
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
): Promise<Services> {
  const config = loadConfig(env);
  const log = createLogger(config.LOG_LEVEL, config.production);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  log.info(`database: ${database.kind === "pglite" ? `embedded PGlite in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL server"} (migrated)`);

  const shouldSeed = config.SEED_DEMO_DATA ?? (config.embeddedDatabase || options.seedOnly === true);
  if (shouldSeed && (await isDatabaseEmpty(database.db))) {
    if (await seedDemoData(database.db)) log.info("seeded the demo catalog");
  }

  const sessionSecret = config.SESSION_SECRET ?? developmentSecret(config.DATA_DIR);
  let oidc: OidcSettings;
  let localIdp: LocalIdp | null = null;
  const mounts: Services["mounts"] = [];
  if (config.localIdp) {
    const { startLocalIdp } = await import("./stand-ins/identity-provider");
    localIdp = await startLocalIdp({
      issuer: `${config.publicUrl}/idp`,
      appUrl: config.publicUrl,
      claimPrefix: config.IDP_CLAIM_PREFIX,
      rolePrefix: config.APP_ROLE_PREFIX,
      clientId: config.OIDC_CLIENT_ID ?? LOCAL_OIDC_DEFAULTS.clientId,
      clientSecret: config.OIDC_CLIENT_SECRET ?? LOCAL_OIDC_DEFAULTS.clientSecret,
      apiToken: config.IDP_API_TOKEN ?? LOCAL_OIDC_DEFAULTS.apiToken,
      cookieKeys: [createHmac("sha256", sessionSecret).update("local-idp-cookies").digest("base64url")],
      dataDir: config.DATA_DIR,
      trustProxy: config.TRUST_PROXY_HOPS > 0,
      log,
    });
    mounts.push({ path: "/idp", handler: localIdp.handler });
    oidc = {
      issuer: localIdp.issuer,
      clientId: config.OIDC_CLIENT_ID ?? LOCAL_OIDC_DEFAULTS.clientId,
      clientSecret: config.OIDC_CLIENT_SECRET ?? LOCAL_OIDC_DEFAULTS.clientSecret,
      apiUrl: localIdp.apiUrl,
      apiToken: config.IDP_API_TOKEN ?? LOCAL_OIDC_DEFAULTS.apiToken,
    };
    if (!options.seedOnly) {
      log.info(`local demo identity provider (not for production) runs at ${localIdp.issuer}; demo users sign in with password demo1234`);
    }
  } else {
    // config guarantees these with OIDC_ISSUER
    oidc = {
      // exactly as configured: the ID token's iss is compared verbatim
      issuer: config.OIDC_ISSUER!,
      clientId: config.OIDC_CLIENT_ID!,
      clientSecret: config.OIDC_CLIENT_SECRET!,
      apiUrl: config.IDP_API_URL!.replace(/\/$/, ""),
      apiToken: config.IDP_API_TOKEN!,
    };
  }

  const idpApi = createIdpApi({ apiUrl: oidc.apiUrl, apiToken: oidc.apiToken });
  const jobs = await startJobs(database, config, log, { work: options.startJobs ?? !options.seedOnly, idpApi });
  const services: Services = {
    config,
    db: database.db,
    database,
    log,
    rateLimits: createRateLimits(database.db, config),
    jobs,
    sessionSecret,
    oidc,
    idpApi,
    auth: {
      client: createOidcClient({ ...oidc, redirectUri: `${config.publicUrl}/api/auth/callback`, claimPrefix: config.IDP_CLAIM_PREFIX }),
      keys: sessionKeys(sessionSecret),
      names: { claimPrefix: config.IDP_CLAIM_PREFIX, rolePrefix: config.APP_ROLE_PREFIX },
    },
    localIdp,
    mounts,
    async stop() {
      await jobs.stop();
      await localIdp?.stop();
      await database.close();
    },
  };
  return services;
}
