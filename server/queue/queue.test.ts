// Jobs written inside the business transaction (queue.enqueue(tx, …)): a rollback leaves
// no job, a commit runs it exactly once, a handler that throws is retried and finds its
// work done on the rerun. Runs on PostgreSQL (TEST_DATABASE_URL) and on embedded PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { startJobs, type Jobs } from "../../jobs";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { createQueue, QUEUE_NAMES, type Queue } from "./index";

type TestPayloads = { "test.effect": { effectId: string; crashAfterWork: boolean } };
const TEST_QUEUE = "test.effect";

let t: OpenTestDatabase;
let jobs: Jobs;
let testQueue: Queue<TestPayloads>;
/** every handler call: which effect, which attempt */
const calls: { effectId: string; retryCount: number }[] = [];

function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}

async function waitForJob(name: string, id: string) {
  for (let i = 0; i < 300; i++) {
    const job = await jobs.boss.getJobById(name, id);
    if (job?.state === "completed" || job?.state === "failed") return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  return jobs.boss.getJobById(name, id);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await openTestDatabase();
  await t.db.execute(sql`create table test_job_effects (id text primary key, done_at timestamptz not null default now())`);
  jobs = await startJobs(t.handle, loadConfig({ DATABASE_URL: t.url }), createLogger("silent"), { work: true });
  // a queue of this test only: quick retries, quick polling
  await jobs.boss.createQueue(TEST_QUEUE, { retryLimit: 2, retryDelay: 1 });
  await jobs.boss.work<TestPayloads[typeof TEST_QUEUE]>(TEST_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    calls.push({ effectId: job.data.effectId, retryCount: job.retryCount });
    // the pattern every handler follows: do the work unless it is done, in one transaction
    const alreadyDone = await t.db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`insert into test_job_effects (id) values (${job.data.effectId}) on conflict (id) do nothing returning id`);
      return rowsOf(inserted).length === 0;
    });
    if (job.data.crashAfterWork && job.retryCount === 0) throw new Error("crashed after committing its work");
    return { alreadyDone };
  });
  testQueue = createQueue<TestPayloads>(jobs.boss);
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

async function effectRows(effectId: string) {
  return rowsOf(await t.db.execute(sql`select id from test_job_effects where id = ${effectId}`)).length;
}

async function auditRows(targetId: string) {
  return (await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, targetId))).length;
}

/** a business change and its job in one transaction */
async function businessChange(effectId: string, crashAfterWork = false, rollback = false) {
  let jobId: string | null = null;
  await t.db.transaction(async (tx) => {
    await tx.insert(schema.auditLog).values({ actorId: "test", action: "test.change", targetType: "test", targetId: effectId });
    jobId = await testQueue.enqueue(tx, TEST_QUEUE, { effectId, crashAfterWork });
    if (rollback) throw new Error("rolled back");
  });
  return jobId as string | null;
}

describe("queue.enqueue(tx, …)", () => {
  it("leaves no job behind when the transaction rolls back", async () => {
    let jobId: string | null = null;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(schema.auditLog).values({ actorId: "test", action: "test.change", targetType: "test", targetId: "e-rolled-back" });
        jobId = await testQueue.enqueue(tx, TEST_QUEUE, { effectId: "e-rolled-back", crashAfterWork: false });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(jobId).toEqual(expect.any(String));
    expect(await jobs.boss.getJobById(TEST_QUEUE, jobId!)).toBeNull();
    await sleep(1500); // a few polling rounds
    expect(calls.filter((c) => c.effectId === "e-rolled-back")).toEqual([]);
    expect(await auditRows("e-rolled-back")).toBe(0);
    expect(await effectRows("e-rolled-back")).toBe(0);
  });

  it("runs a committed job exactly once", async () => {
    const jobId = await businessChange("e-committed");
    expect(jobId).toEqual(expect.any(String));
    const job = await waitForJob(TEST_QUEUE, jobId!);
    expect(job).toMatchObject({ state: "completed", retryCount: 0, output: { alreadyDone: false } });
    await sleep(1500);
    expect(calls.filter((c) => c.effectId === "e-committed")).toEqual([{ effectId: "e-committed", retryCount: 0 }]);
    expect(await auditRows("e-committed")).toBe(1);
    expect(await effectRows("e-committed")).toBe(1);
  });

  it("retries a handler that throws, and the rerun finds its work done", async () => {
    const jobId = await businessChange("e-crashing", true);
    const job = await waitForJob(TEST_QUEUE, jobId!);
    expect(job).toMatchObject({ state: "completed", retryCount: 1, output: { alreadyDone: true } });
    expect(calls.filter((c) => c.effectId === "e-crashing")).toEqual([
      { effectId: "e-crashing", retryCount: 0 },
      { effectId: "e-crashing", retryCount: 1 },
    ]);
    expect(await effectRows("e-crashing")).toBe(1);
  });

  it("works for the registry's queues inside a transaction (they exist before anything is enqueued)", async () => {
    const queue = jobs.queue;
    const jobId = await t.db.transaction((tx) => queue.enqueue(tx, "mail.send", { kind: "purchase_confirmation", orderId: "0123456789abcdef01234567" }));
    const job = await jobs.boss.getJobById("mail.send", jobId!);
    // the job is there; a worker may have woken for it already (NOTIFY)
    expect(job).toMatchObject({ data: { kind: "purchase_confirmation", orderId: "0123456789abcdef01234567" } });
    expect(["created", "active", "retry", "completed"]).toContain(job!.state);
    await jobs.boss.cancel("mail.send", jobId!).catch(() => {});
  });
});

describe("the worker registry", () => {
  it("creates every named queue and schedules the purges", async () => {
    const queues = await jobs.boss.getQueues();
    expect(queues.map((q) => q.name)).toEqual(expect.arrayContaining([...QUEUE_NAMES]));
    expect(await jobs.boss.getSchedules("platform.purge-idempotency-keys")).toEqual([
      expect.objectContaining({ name: "platform.purge-idempotency-keys", cron: "20 * * * *" }),
    ]);
    expect(await jobs.boss.getSchedules("platform.purge-rate-limits")).toEqual([
      expect.objectContaining({ name: "platform.purge-rate-limits", cron: "*/10 * * * *" }),
    ]);
    expect(await jobs.boss.getSchedules("auth.purge-sessions")).toHaveLength(1);
  });

  it("runs the purge jobs", async () => {
    const past = new Date(Date.now() - 60_000);
    await t.db.insert(schema.rateLimits).values({ key: "orders:gone", points: 5, expire: past });
    await t.db.insert(schema.idempotencyKeys).values({
      userId: "p-1",
      route: "POST /api/orders",
      key: "00000000-0000-4000-8000-000000000000",
      requestHash: "x",
      createdAt: new Date(Date.now() - 25 * 3600_000),
    });
    const [a, b] = await Promise.all([jobs.boss.send("platform.purge-rate-limits", null), jobs.boss.send("platform.purge-idempotency-keys", null)]);
    expect(await waitForJob("platform.purge-rate-limits", a!)).toMatchObject({ state: "completed", output: { deleted: 1 } });
    expect(await waitForJob("platform.purge-idempotency-keys", b!)).toMatchObject({ state: "completed", output: { deleted: 1 } });
  });
});
