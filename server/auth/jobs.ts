// Nightly clean-up of ended sessions (kept 30 days for the audit trail) and of
// remembered one-time token ids past their expiry. jobs/ creates the queue
// "auth.purge-sessions", schedules it and runs this handler.
import type { Database } from "../db";
import type { Logger } from "../log";
import type { QueuePayloads } from "../queue";
import { purgeOldSessions } from "./sessions";

export const PURGE_SESSIONS_QUEUE = "auth.purge-sessions" as const;
/** 04:00 every day, Slovak time (after the identity cache refresh) */
export const PURGE_SESSIONS_CRON = "0 4 * * *";

/** The worker's handler; deleting what is past its time is idempotent. */
export function purgeSessionsJob(deps: { db: Database; log: Logger }) {
  return async (_data: QueuePayloads[typeof PURGE_SESSIONS_QUEUE]) => {
    const deleted = await purgeOldSessions(deps.db);
    deps.log.info("ended sessions purged", { deleted });
    return { deleted };
  };
}
