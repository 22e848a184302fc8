// The nightly refresh is registered as a pg-boss schedule and its worker runs the refresh
// (scheduler timing itself is pg-boss's; the job is sent by hand here).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { startJobs, type Jobs } from "../../jobs";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { startTestIdp, TEST_API_TOKEN, type TestIdp } from "../../tests/support/local-idp";
import { createIdpApi, getCachedUser, REFRESH_CACHES_CRON, REFRESH_CACHES_QUEUE } from "./index";

let t: OpenTestDatabase;
let idp: TestIdp;
let jobs: Jobs;

beforeAll(async () => {
  [t, idp] = await Promise.all([openTestDatabase(), startTestIdp()]);
  const config = loadConfig({ DATABASE_URL: t.url });
  jobs = await startJobs(t.handle, config, createLogger("silent"), {
    work: true,
    idpApi: createIdpApi({ apiUrl: idp.idp.apiUrl, apiToken: TEST_API_TOKEN }),
  });
});
afterAll(async () => {
  await jobs?.stop();
  await Promise.all([t?.close(), idp?.stop()]);
});

describe("identity.refresh-caches job", () => {
  it("is scheduled daily and refreshes stale cache rows when it runs", async () => {
    const schedules = await jobs.boss.getSchedules(REFRESH_CACHES_QUEUE);
    expect(schedules).toEqual([expect.objectContaining({ name: REFRESH_CACHES_QUEUE, cron: REFRESH_CACHES_CRON })]);

    await t.db.insert(schema.users).values({ id: "p-3001", displayName: "Starý", roles: [], lastSyncedAt: new Date("2020-01-01T00:00:00Z") });
    const jobId = await jobs.boss.send(REFRESH_CACHES_QUEUE, {});
    expect(jobId).toEqual(expect.any(String));
    // wait for the worker to finish the job (state, not time, is asserted)
    for (let i = 0; i < 200; i++) {
      const job = await jobs.boss.getJobById(REFRESH_CACHES_QUEUE, jobId!);
      if (job?.state === "completed" || job?.state === "failed") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const job = await jobs.boss.getJobById(REFRESH_CACHES_QUEUE, jobId!);
    expect(job?.state).toBe("completed");
    expect(await getCachedUser(t.db, "p-3001")).toMatchObject({ displayName: "Martin Šimko", roles: ["student", "content_manager"] });
  });
});
