// pg-boss on the application database (the same PGlite instance when embedded).
import { PgBoss, fromPglite } from "pg-boss";
import type { Config } from "#server/config";
import type { DatabaseHandle } from "#server/db";
import type { Logger } from "#server/log";
import { registerIdentityJobs, type IdpApi } from "#server/identity";
import { registerAuthJobs } from "#server/auth/jobs";

export type Jobs = {
  boss: PgBoss;
  stop(): Promise<void>;
};

export async function startJobs(
  database: DatabaseHandle,
  config: Config,
  log: Logger,
  options: { work: boolean; idpApi?: IdpApi },
): Promise<Jobs> {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite" } as never)
    : new PgBoss({ connectionString: config.DATABASE_URL!, max: 4 });
  boss.on("error", (e: Error) => log.error("job queue error", { error: e.message }));
  await boss.start();
  if (options.work) {
    // queues and workers are registered here by each area as it arrives
    await registerAuthJobs(boss, { db: database.db, log });
    if (options.idpApi) {
      await registerIdentityJobs(boss, {
        db: database.db,
        idpApi: options.idpApi,
        names: { claimPrefix: config.IDP_CLAIM_PREFIX, rolePrefix: config.APP_ROLE_PREFIX },
        log,
      });
    }
  }
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
