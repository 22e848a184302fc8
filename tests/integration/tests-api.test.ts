// Test attempts over HTTP against the built app (spec: Endpoints > Tests (student);
// Authentication 11; Limits: 10 starts per 15 minutes per (student, test)): 401, the
// required Idempotency-Key, a replayed start, resume, submit once under a parallel double
// click, 429 with Retry-After, 404 for someone else's attempt, 405; every 2xx validated
// against the served OpenAPI document. The rules themselves: server/quizzes/quizzes.test.ts.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { startCommerceApp, signInStudent, type CommerceApp, type Student } from "../support/commerce";
import { expectApiError, expectMatchesContract } from "../support/contract";
import { enrollIn, writeLearningCourse, type LearningFixture } from "../support/learning-fixtures";

let app: CommerceApp;
let jana: Student;
let peter: Student;
let course: LearningFixture;
let testId: string;
let janaId: string;

beforeAll(async () => {
  app = await startCommerceApp({ RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: "4" });
  course = await writeLearningCourse(app.db);
  testId = course.part("b1").testId!;
  jana = await signInStudent(app.url);
  peter = await signInStudent(app.url, "peter.horvath@demo.sk");
  janaId = ((await (await jana.get("/api/me")).json()) as { user: { id: string } }).user.id;
  const peterId = ((await (await peter.get("/api/me")).json()) as { user: { id: string } }).user.id;
  await enrollIn(app.db, course, janaId);
  await enrollIn(app.db, course, peterId);
  for (const s of [jana, peter]) {
    const done = await s.post(`/api/parts/${course.part("b1").id}/progress`, { markPartCompleted: true });
    expect(done.status).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const key = () => ({ "Idempotency-Key": randomUUID() });

const expectError = expectApiError;

async function correctAnswers(attemptId: string) {
  const [row] = await app.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
  return row.questionSnapshots.map((q) => ({ questionId: q.questionId, selectedAnswerIds: q.answers.filter((a) => a.isCorrect).map((a) => a.id) }));
}

describe("test attempts over HTTP", () => {
  it("401 without a session, 400 without an Idempotency-Key, 400 for a malformed one", async () => {
    const anonymous = await fetch(`${app.url}/api/tests/${testId}/attempts`, { method: "POST", headers: { Origin: app.url, ...key() } });
    await expectError(anonymous, 401, "unauthorized");
    await expectError(await fetch(`${app.url}/api/tests/${testId}/attempts`), 401, "unauthorized");
    await expectError(await jana.post(`/api/tests/${testId}/attempts`, ""), 400, "idempotency_key_required");
    await expectError(await jana.post(`/api/tests/${testId}/attempts`, "", { "Idempotency-Key": "nope" }), 400, "idempotency_key_invalid");
    expect(await app.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.testId, testId))).toEqual([]);
  });

  it("starts once per key (a replay is the same answer), resumes with another key, and never sends correct flags", async () => {
    const headers = key();
    const first = await jana.post(`/api/tests/${testId}/attempts`, "", headers);
    expect(first.status).toBe(201);
    const body = (await first.json()) as { attemptId: string; questions: unknown[] };
    await expectMatchesContract("POST", `/api/tests/${testId}/attempts`, first, body);
    expect(JSON.stringify(body)).not.toMatch(/isCorrect|acceptedAnswers|explanation/);
    const replay = await jana.post(`/api/tests/${testId}/attempts`, "", headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replay.json()) as { attemptId: string }).attemptId).toBe(body.attemptId);
    const resumed = await jana.post(`/api/tests/${testId}/attempts`, "", key());
    expect(resumed.status).toBe(201);
    expect(((await resumed.json()) as { attemptId: string }).attemptId).toBe(body.attemptId);

    const list = await jana.get(`/api/tests/${testId}/attempts`);
    const listBody = (await list.json()) as { attempts: unknown[]; inProgressAttemptId: string };
    await expectMatchesContract("GET", `/api/tests/${testId}/attempts`, list, listBody);
    expect(listBody).toMatchObject({
      attempts: [expect.objectContaining({ attemptId: body.attemptId, state: "in_progress" })],
      inProgressAttemptId: body.attemptId,
    });

    // someone else's attempt is 404 everywhere
    await expectError(await peter.get(`/api/tests/${testId}/attempts/${body.attemptId}`), 404, "not_found");
    await expectError(await peter.post(`/api/tests/${testId}/attempts/${body.attemptId}/submit`, { answers: [] }, key()), 404, "not_found");
    const save = await peter.jar.fetch(`${app.url}/api/tests/${testId}/attempts/${body.attemptId}/answers`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ answers: [] }),
    });
    await expectError(save, 404, "not_found");
  });

  it("saves answers, then a parallel double submit with one key scores once", async () => {
    const list = (await (await jana.get(`/api/tests/${testId}/attempts`)).json()) as { inProgressAttemptId: string };
    const attemptId = list.inProgressAttemptId;
    const answers = await correctAnswers(attemptId);
    const saved = await jana.jar.fetch(`${app.url}/api/tests/${testId}/attempts/${attemptId}/answers`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ answers }),
    });
    expect(saved.status).toBe(200);
    await expectMatchesContract("PUT", `/api/tests/${testId}/attempts/${attemptId}/answers`, saved, await saved.json());
    await expectError(await jana.post(`/api/tests/${testId}/attempts/${attemptId}/answers`, { answers: [{ questionId: "x" }] }), 422, "validation");

    await expectError(await jana.post(`/api/tests/${testId}/attempts/${attemptId}/submit`, { answers }), 400, "idempotency_key_required");
    const headers = key();
    const [a, b] = await Promise.all([
      jana.post(`/api/tests/${testId}/attempts/${attemptId}/submit`, { answers }, headers),
      jana.post(`/api/tests/${testId}/attempts/${attemptId}/submit`, { answers }, headers),
    ]);
    const statuses = [a.status, b.status].sort();
    // the second waits for the first and replays it, or is told the first is still running
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const ok = a.status === 200 ? a : b;
    const result = (await ok.json()) as { score: number; passed: boolean; downstream: Record<string, unknown>; submittedAt: string };
    await expectMatchesContract("POST", `/api/tests/${testId}/attempts/${attemptId}/submit`, ok, result);
    expect(result).toMatchObject({ score: 1, passed: true, downstream: { partCompleted: true, moduleCompleted: true } });
    const rows = await app.db
      .select()
      .from(schema.testAttempts)
      .where(and(eq(schema.testAttempts.testId, testId), eq(schema.testAttempts.studentId, janaId)));
    expect(rows.filter((r) => r.state === "submitted")).toHaveLength(1);
    // the same key again: the first result; the same key with another body: 422
    const replay = await jana.post(`/api/tests/${testId}/attempts/${attemptId}/submit`, { answers }, headers);
    expect(((await replay.json()) as { submittedAt: string }).submittedAt).toBe(result.submittedAt);
    await expectError(await jana.post(`/api/tests/${testId}/attempts/${attemptId}/submit`, { answers: [] }, headers), 422, "idempotency_key_reused");
    const view = await jana.get(`/api/tests/${testId}/attempts/${attemptId}`);
    await expectMatchesContract("GET", `/api/tests/${testId}/attempts/${attemptId}`, view, await view.json());
  });

  it("answers 429 with Retry-After past the starts per (student, test), spending nothing on replays", async () => {
    // Peter: 4 starts allowed in this app; each start resumes his one attempt
    for (let i = 0; i < 4; i++) expect([200, 201]).toContain((await peter.post(`/api/tests/${testId}/attempts`, "", key())).status);
    const limited = await peter.post(`/api/tests/${testId}/attempts`, "", key());
    await expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("405 for methods a route does not answer, 404 for an unknown test", async () => {
    expect((await jana.jar.fetch(`${app.url}/api/tests/${testId}/attempts`, { method: "DELETE", headers: { Origin: app.url } })).status).toBe(405);
    await expectError(await jana.get(`/api/tests/${testId}/attempts/0123456789abcdef01234567/submit`), 405, "method_not_allowed");
    await expectError(await jana.post("/api/tests/0123456789abcdef01234567/attempts", "", key()), 404, "not_found");
  });
});
