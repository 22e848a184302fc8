// Nightly clean-up of ended sessions (kept 30 days for the audit trail) and of
// remembered one-time token ids past their expiry.
import type { PgBoss } from "pg-boss";
import type { Database } from "../db";
import type { Logger } from "../log";
import { purgeOldSessions } from "./sessions";

export const PURGE_SESSIONS_QUEUE = "auth.purge-sessions";
/** 04:00 every day, Slovak time (after the identity cache refresh) */
export const PURGE_SESSIONS_CRON = "0 4 * * *";

export async function registerAuthJobs(boss: PgBoss, deps: { db: Database; log: Logger }): Promise<void> {
  await boss.createQueue(PURGE_SESSIONS_QUEUE, { policy: "exclusive", retryLimit: 2, retryDelay: 600 });
  await boss.schedule(PURGE_SESSIONS_QUEUE, PURGE_SESSIONS_CRON, null, { tz: "Europe/Bratislava" });
  await boss.work(PURGE_SESSIONS_QUEUE, async () => {
    const deleted = await purgeOldSessions(deps.db);
    deps.log.info("ended sessions purged", { deleted });
    return { deleted };
  });
}
