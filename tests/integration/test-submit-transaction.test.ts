// One transaction per test submit (issue 34, item 4; docs/decisions/quizzes/one-transaction-per-submit.md):
// the attempt page's "Odovzdať test" runs quizzes' decision, learning's reaction and the
// stored idempotent answer in one transaction. A real PostgreSQL failure in learning's
// reaction (a CHECK constraint that refuses the enrollment's progress write) rolls the
// attempt's submission back with it; once the constraint is gone, the same key submits.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: CommerceApp;
let course: LearningFixture;
let testId: string;
let jana: Student;
let enrollmentId: string;

const form = (s: Student, path: string, fields: [string, string][]) =>
  s.jar.fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, accept: "text/html" },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

async function attemptRow(attemptId: string) {
  const [row] = await app.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
  return row;
}

beforeAll(async () => {
  app = await startCommerceApp();
  course = await writeLearningCourse(app.db, { slug: "jedna-transakcia" });
  testId = course.part("b1").testId!;
  jana = await signInStudent(app.url);
  const id = ((await (await jana.get("/api/me")).json()) as { user: { id: string } }).user.id;
  enrollmentId = await enrollIn(app.db, course, id);
  expect((await jana.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.db.execute(sql.raw(`alter table enrollments drop constraint if exists test_refuse_progress`));
  await app?.stop();
});

describe("a test submit is one transaction", () => {
  it("a failure in learning's reaction rolls back the attempt's submission and its stored answer", async () => {
    const started = await form(jana, `/kurzy/${course.slug}/testy/${testId}`, [["idempotencyKey", randomUUID()]]);
    expect(started.status).toBe(302);
    const attemptPath = started.headers.get("location")!;
    const attemptId = attemptPath.split("/").pop()!;
    const row = await attemptRow(attemptId);
    const key = randomUUID();
    const fields: [string, string][] = [
      ["idempotencyKey", key],
      ["intent", "submit"],
      ["confirm", "1"],
    ];
    for (const q of row.questionSnapshots) fields.push(["questionIds", q.questionId], [`answer-${q.questionId}`, q.answers.find((a) => a.isCorrect)!.id]);

    // learning's reaction to a pass writes the enrollment's progress: PostgreSQL refuses it
    // (NOT VALID: the existing row stands, any new version of it is checked)
    await app.db.execute(sql.raw(`alter table enrollments add constraint test_refuse_progress check (id <> '${enrollmentId}') not valid`));
    const failed = await form(jana, attemptPath, fields);
    expect(failed.status).toBe(500);
    const after = await attemptRow(attemptId);
    expect(after).toMatchObject({ state: "in_progress", passed: null, submittedAt: null });
    const stored = await app.db.select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.key, key));
    expect(stored).toEqual([]);

    // the constraint gone, the same request submits: the key was never stored
    await app.db.execute(sql.raw(`alter table enrollments drop constraint test_refuse_progress`));
    const submitted = await form(jana, attemptPath, fields);
    expect(submitted.status).toBe(302);
    expect(await attemptRow(attemptId)).toMatchObject({ state: "submitted", passed: true });
  });

  it("unconfirmed with a question left unanswered: the summary asks once more, nothing submitted", async () => {
    await app.db.update(schema.tests).set({ maxAttempts: 5, cooldownMinutes: 0 }).where(eq(schema.tests.id, testId));
    const started = await form(jana, `/kurzy/${course.slug}/testy/${testId}`, [["idempotencyKey", randomUUID()]]);
    expect(started.status).toBe(302);
    const attemptPath = started.headers.get("location")!;
    const attemptId = attemptPath.split("/").pop()!;
    const snapshots = (await attemptRow(attemptId)).questionSnapshots;
    // the fixture's part test has one question: it is sent unanswered
    expect(snapshots.length).toBeGreaterThan(0);
    const fields: [string, string][] = [
      ["idempotencyKey", randomUUID()],
      ["intent", "submit"],
    ];
    for (const q of snapshots) fields.push(["questionIds", q.questionId]);
    const held = await form(jana, attemptPath, fields);
    expect(held.status).toBe(302);
    expect(held.headers.get("location")).toBe(`${attemptPath}?nezodpovedane#zhrnutie`);
    const row = await attemptRow(attemptId);
    expect(row).toMatchObject({ state: "in_progress", passed: null, submittedAt: null });
  });
});
