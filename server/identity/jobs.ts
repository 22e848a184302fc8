// Nightly refresh of the user and organization caches (spec: External person and
// organization data: TTL 7 days).
import type { PgBoss } from "pg-boss";
import type { Database } from "../db";
import type { Logger } from "../log";
import { refreshStaleCaches } from "./cache";
import type { IdpApi } from "./idp-api";
import type { ClaimNames } from "./roles";

export const REFRESH_CACHES_QUEUE = "identity.refresh-caches";
/** 03:00 every day, Slovak time */
export const REFRESH_CACHES_CRON = "0 3 * * *";

export async function registerIdentityJobs(
  boss: PgBoss,
  deps: { db: Database; idpApi: IdpApi; names: ClaimNames; log: Logger },
): Promise<void> {
  // exclusive: at most one run queued or active, whatever the number of app instances
  await boss.createQueue(REFRESH_CACHES_QUEUE, { policy: "exclusive", retryLimit: 3, retryDelay: 300, retryBackoff: true });
  await boss.schedule(REFRESH_CACHES_QUEUE, REFRESH_CACHES_CRON, null, { tz: "Europe/Bratislava" });
  await boss.work(REFRESH_CACHES_QUEUE, async () => {
    const report = await refreshStaleCaches(deps.db, deps.idpApi, deps.names, {
      onError: (kind, id, error) => deps.log.warn("identity cache refresh failed", { kind, id, error: error.message }),
    });
    deps.log.info("identity caches refreshed", report);
    return report;
  });
}
