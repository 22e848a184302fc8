// A database made by an earlier version keeps its queues: start-up brings their settings to
// today's (heartbeat, NOTIFY, retry delays), since pg-boss's createQueue leaves an existing
// queue as it was. Runs on PostgreSQL (TEST_DATABASE_URL) and on embedded PGlite.
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config";
import { createLogger } from "#server/log";
import { openTestDatabase, type OpenTestDatabase } from "../tests/support/db";
import { createBoss, HEARTBEAT_SECONDS, startJobs } from "./index";

let t: OpenTestDatabase;
afterAll(async () => {
  await t?.close();
});

describe("queue settings at start-up", () => {
  it("an existing queue with an earlier version's settings gets today's", async () => {
    t = await openTestDatabase();
    const config = loadConfig({ DATABASE_URL: t.url });
    const old = createBoss(t.handle, config.DATABASE_URL);
    await old.start();
    // as the previous version created it
    await old.createQueue("mail.send", { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 });
    await old.stop({ graceful: false });
    expect(await old.getQueue("mail.send").catch(() => null)).toBeDefined();

    const jobs = await startJobs(t.handle, config, createLogger("silent"), { work: false });
    try {
      const queue = await jobs.boss.getQueue("mail.send");
      expect(queue).toMatchObject({ heartbeatSeconds: HEARTBEAT_SECONDS, notify: true, retryDelay: 10, retryLimit: 10 });
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
