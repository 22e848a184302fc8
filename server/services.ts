// Start-up of everything a request needs: configuration, database (migrated), demo data,
// rate limits, background jobs. The HTTP server (server.mjs) calls startServices once.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database, type DatabaseHandle } from "./db";
import { createLogger, type Logger } from "./log";
import { createRateLimits, type RateLimits } from "./http/rate-limit";
import { isDatabaseEmpty, seedDemoData } from "./seed";
import { startJobs, type Jobs } from "../jobs";

export type Services = {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  log: Logger;
  rateLimits: RateLimits;
  jobs: Jobs;
  sessionSecret: string;
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
  const jobs = await startJobs(database, config, log, { work: options.startJobs ?? !options.seedOnly });
  const services: Services = {
    config,
    db: database.db,
    database,
    log,
    rateLimits: createRateLimits(database.db, config),
    jobs,
    sessionSecret,
    mounts: [],
    async stop() {
      await jobs.stop();
      await database.close();
    },
  };
  return services;
}
