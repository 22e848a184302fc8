// Nightly refresh of the user and organization caches (spec: External person and
// organization data: TTL 7 days). jobs/ creates the queue "identity.refresh-caches"
// (exclusive: one run at a time across instances), schedules it and runs this handler.
import type { Database } from "../db";
import type { Logger } from "../log";
import type { QueuePayloads } from "../queue";
import { refreshStaleCaches, type RefreshReport } from "./cache";
import type { IdpApi } from "./idp-api";
import type { ClaimNames } from "./roles";

export const REFRESH_CACHES_QUEUE = "identity.refresh-caches" as const;
/** 03:00 every day, Slovak time */
export const REFRESH_CACHES_CRON = "0 3 * * *";

/** The worker's handler; a rerun refreshes only rows still stale, so it is idempotent. */
export function refreshCachesJob(deps: { db: Database; idpApi: IdpApi; names: ClaimNames; log: Logger }) {
  return async (_data: QueuePayloads[typeof REFRESH_CACHES_QUEUE]): Promise<RefreshReport> => {
    const report = await refreshStaleCaches(deps.db, deps.idpApi, deps.names, {
      onError: (kind, id, error) => deps.log.warn("identity cache refresh failed", { kind, id, error: error.message }),
    });
    deps.log.info("identity caches refreshed", report);
    return report;
  };
}
