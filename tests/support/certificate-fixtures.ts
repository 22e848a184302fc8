// Completing the learning fixture's course (tests/support/learning-fixtures.ts) through
// the learning engine, so its real transactions enqueue `certificates.issue` exactly as
// they do for students: level 1 (issues an intermediate certificate), then the whole
// course (the final one). Test attempts are recorded as passed (the tests area's rows).
import { eq, sql } from "drizzle-orm";
import { schema, type Database } from "#server/db";
import { reconcileEnrollment, reportProgress } from "#server/learning";
import { valueOrThrow } from "#server/kernel/outcome";
import type { Queue } from "#server/queue";
import { createUnsignedMediaUrls } from "#server/video";
import { recordPassedAttempt, type LearningFixture } from "./learning-fixtures";

const media = createUnsignedMediaUrls();

/** Level 1 completed: the engine queues the intermediate certificate of level 1. */
export async function completeLevel1(db: Database, queue: Queue, course: LearningFixture, studentId: string, enrollmentId: string) {
  const deps = { db, queue, media, now: new Date() };
  await recordPassedAttempt(db, enrollmentId, course.part("b1").testId!, studentId);
  for (const slug of ["a1", "a2", "b1"]) valueOrThrow(await reportProgress(deps, studentId, course.part(slug).id, { markPartCompleted: true }));
}

/** The rest of the course: level 2, its level test and the course test; the final certificate is queued. */
export async function completeCourse(db: Database, queue: Queue, course: LearningFixture, studentId: string, enrollmentId: string) {
  const deps = { db, queue, media, now: new Date() };
  valueOrThrow(await reportProgress(deps, studentId, course.part("c1").id, { markPartCompleted: true }));
  await recordPassedAttempt(db, enrollmentId, course.levelTestId, studentId);
  await db.transaction((tx) => reconcileEnrollment(tx, { queue, now: new Date() }, enrollmentId));
  await recordPassedAttempt(db, enrollmentId, course.courseTestId, studentId);
  const done = await db.transaction((tx) => reconcileEnrollment(tx, { queue, now: new Date() }, enrollmentId));
  if (!done.courseCompleted) throw new Error("the fixture course did not complete");
}

/** The jobs queued for an enrollment (pg-boss's table), oldest first. */
export async function queuedJobs(db: Database, filter: { enrollmentId?: string; certificateId?: string }) {
  const where = filter.enrollmentId ? sql`data->>'enrollmentId' = ${filter.enrollmentId}` : sql`data->>'certificateId' = ${filter.certificateId ?? ""}`;
  const result = await db.execute(sql`select name, data, state from pgboss.job where ${where} order by created_on`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { name: string; data: Record<string, unknown>; state: string }[];
  return rows.map((r) => ({ name: r.name, state: r.state, ...r.data }) as Record<string, unknown>);
}

/** Waits (polling) until `read` returns something, e.g. a certificate a job worker stores. */
export async function eventually<T>(read: () => Promise<T | null | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function certificatesOf(db: Database, enrollmentId: string) {
  return db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollmentId));
}
