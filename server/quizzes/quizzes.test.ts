// Test attempts on a real database with a real pg-boss queue (spec: Endpoints > Tests
// (student); docs/decisions/quizzes/tests.md > Tests): the start checks in order, resume, snapshots, selection
// and answer orders, scoring, results visibility, deadline and automatic submission, and
// what a pass completes downstream. The HTTP layer (idempotency, 429, 401) is in
// tests/integration/tests-api.test.ts.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Tx } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { createUnsignedMediaUrls } from "../video";
import { DomainError } from "../kernel/errors";
import { reportProgress } from "../learning";
import { startJobs, type Jobs } from "../../jobs";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { enrollIn, recordPassedAttempt, writeLearningCourse, type LearningFixture } from "../../tests/support/learning-fixtures";
import { expireOverdueAttempts, getAttempt, listAttempts, saveAnswers, startAttempt, submitAttempt, type QuizDeps } from "./index";
import type { AnswerInput } from "./contract";

let t: OpenTestDatabase;
let jobs: Jobs;
let course: LearningFixture;

beforeAll(async () => {
  t = await openTestDatabase();
  jobs = await startJobs(t.handle, loadConfig({ DATABASE_URL: t.url }), createLogger("silent"), { work: false });
  course = await writeLearningCourse(t.db);
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

const deps = (now = new Date()): QuizDeps => ({ queue: jobs.queue, now });
const tx = <T>(fn: (tx: Tx) => Promise<T>) => t.db.transaction(fn);
/** the value of an outcome that must succeed */
const value = async <T>(p: Promise<{ ok: true; value: T } | { ok: false; error: DomainError }>): Promise<T> => {
  const o = await p;
  if (!o.ok) throw o.error;
  return o.value;
};
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

let seq = 0;
async function student(fixture = course) {
  const studentId = `p-quiz-${++seq}`;
  return { studentId, enrollmentId: await enrollIn(t.db, fixture, studentId) };
}
async function completePart(s: { studentId: string }, slug: string, fixture = course) {
  await value(
    reportProgress({ db: t.db, queue: jobs.queue, media: createUnsignedMediaUrls(), now: new Date() }, s.studentId, fixture.part(slug).id, {
      markPartCompleted: true,
    }),
  );
}
async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}
/** Level 1 done and level 2's module done: the level test is open. */
async function atLevelTest() {
  const s = await student();
  await recordPassedAttempt(t.db, s.enrollmentId, course.part("b1").testId!, s.studentId);
  for (const slug of ["a1", "a2", "b1", "c1"]) await completePart(s, slug);
  return s;
}
async function snapshotOf(attemptId: string) {
  const [row] = await t.db.select().from(schema.testAttempts).where(eq(schema.testAttempts.id, attemptId));
  return row;
}
/** All-correct answers of an attempt, from its stored snapshot (what a test knows, a student does not). */
async function correctAnswers(attemptId: string) {
  const row = await snapshotOf(attemptId);
  return row.questionSnapshots.map((q) =>
    q.type === "text"
      ? { questionId: q.questionId, textAnswer: q.acceptedAnswers![0] }
      : { questionId: q.questionId, selectedAnswerIds: q.answers.filter((a) => a.isCorrect).map((a) => a.id) },
  );
}
/** Reads the answers first, then opens the transaction (PGlite has one connection: no read of t.db inside tx). */
async function withAnswers<T>(pick: (attemptId: string) => Promise<AnswerInput[]>, attemptId: string, run: (given: AnswerInput[]) => Promise<T>): Promise<T> {
  return run(await pick(attemptId));
}
async function wrongAnswers(attemptId: string) {
  const row = await snapshotOf(attemptId);
  return row.questionSnapshots.map((q) =>
    q.type === "text"
      ? { questionId: q.questionId, textAnswer: "nie" }
      : { questionId: q.questionId, selectedAnswerIds: [q.answers.find((a) => !a.isCorrect)!.id] },
  );
}

describe("starting an attempt", () => {
  it("checks the enrollment, then prerequisites: a part test before its part is done is 403 prerequisites_not_met", async () => {
    const b1Test = course.part("b1").testId!;
    expect((await rejection(tx((x) => startAttempt(x, deps(), "p-not-enrolled", b1Test)))).code).toBe("no_enrollment");
    expect((await rejection(tx((x) => startAttempt(x, deps(), "p-not-enrolled", "0123456789abcdef01234567")))).code).toBe("not_found");
    const s = await student();
    const early = await rejection(tx((x) => startAttempt(x, deps(), s.studentId, b1Test)));
    expect(early.code).toBe("prerequisites_not_met");
    expect(early.details).toMatchObject({ placement: "part", partId: course.part("b1").id });
    // the level test before the level's modules, the course test before all levels
    expect((await rejection(tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId)))).code).toBe("prerequisites_not_met");
    expect((await rejection(tx((x) => startAttempt(x, deps(), s.studentId, course.courseTestId)))).code).toBe("prerequisites_not_met");
    await completePart(s, "b1");
    const started = await tx((x) => startAttempt(x, deps(), s.studentId, b1Test));
    expect(started.status).toBe(201);
  });

  it("serves the questions without correct flags, with deadline = startedAt + timeLimitSec, and resumes an attempt in progress", async () => {
    const s = await atLevelTest();
    const now = new Date("2026-07-01T08:00:00Z");
    const first = await tx((x) => startAttempt(x, deps(now), s.studentId, course.levelTestId));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      test: { _id: course.levelTestId, timeLimitSec: 600, passingScore: 0.7 },
      startedAt: now.toISOString(),
      deadline: at(now, 600).toISOString(),
      attemptNumber: 1,
    });
    expect(JSON.stringify(first.body)).not.toContain("isCorrect");
    expect(JSON.stringify(first.body)).not.toContain("acceptedAnswers");
    expect(first.body.questions.map((q) => q.type).sort()).toEqual(["multiple_choice", "single_choice", "text"]);
    const again = await tx((x) => startAttempt(x, deps(at(now, 30)), s.studentId, course.levelTestId));
    expect(again).toMatchObject({ status: 201, body: { attemptId: first.body.attemptId } });
  });

  it("two students get their own answer orders; the stored snapshot keeps the flags", async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const s = await atLevelTest();
      const { body } = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
      const single = body.questions.find((q) => q.type === "single_choice")!;
      orders.add(single.answers.map((a) => a.id).join(","));
      const stored = await snapshotOf(body.attemptId);
      expect(stored.questionSnapshots.find((q) => q.type === "single_choice")!.answers.filter((a) => a.isCorrect)).toHaveLength(1);
    }
    // 8 answers shuffled per attempt: three equal orders would be a 1 in 40 320² chance
    expect(orders.size).toBeGreaterThan(1);
  });

  it("random_subset serves questionCount distinct questions", async () => {
    await t.db.update(schema.tests).set({ selectionMode: "random_subset", questionCount: 2 }).where(eq(schema.tests.id, course.levelTestId));
    try {
      const s = await atLevelTest();
      const { body } = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
      expect(body.questions).toHaveLength(2);
      expect(new Set(body.questions.map((q) => q.id)).size).toBe(2);
    } finally {
      await t.db.update(schema.tests).set({ selectionMode: "all", questionCount: null }).where(eq(schema.tests.id, course.levelTestId));
    }
  });

  it("max_attempts_reached after maxAttempts, cooldown_active with nextAttemptAt between attempts", async () => {
    await t.db.update(schema.tests).set({ cooldownMinutes: 10 }).where(eq(schema.tests.id, course.levelTestId));
    try {
      const s = await atLevelTest();
      let now = new Date("2026-07-02T08:00:00Z");
      for (let i = 0; i < 3; i++) {
        const { body } = await tx((x) => startAttempt(x, deps(now), s.studentId, course.levelTestId));
        const result = await value(
          withAnswers(wrongAnswers, body.attemptId, (given) =>
            tx((x) => submitAttempt(x, deps(at(now, 60)), s.studentId, course.levelTestId, body.attemptId, given)),
          ),
        );
        expect(result).toMatchObject({ passed: false, score: 0, remaining: 2 - i });
        if (i < 2) {
          const cooling = await rejection(tx((x) => startAttempt(x, deps(at(now, 120)), s.studentId, course.levelTestId)));
          expect(cooling.code).toBe("cooldown_active");
          expect(cooling.details).toEqual({ nextAttemptAt: at(now, 60 + 600).toISOString() });
        }
        now = at(now, 60 + 601);
      }
      const list = await tx((x) => listAttempts(x, deps(now), s.studentId, course.levelTestId));
      expect(list).toMatchObject({ remaining: 0, maxAttempts: 3, available: false, passed: false });
      expect(list.attempts.map((a) => a.attemptNumber)).toEqual([1, 2, 3]);
      expect((await rejection(tx((x) => startAttempt(x, deps(now), s.studentId, course.levelTestId)))).code).toBe("max_attempts_reached");
    } finally {
      await t.db.update(schema.tests).set({ cooldownMinutes: 0 }).where(eq(schema.tests.id, course.levelTestId));
    }
  });
});

describe("scoring", () => {
  it("weights questions, all-or-nothing multiple choice, text ignoring case and diacritics", async () => {
    const s = await atLevelTest();
    const { body } = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
    const stored = await snapshotOf(body.attemptId);
    const single = stored.questionSnapshots.find((q) => q.type === "single_choice")!;
    const multi = stored.questionSnapshots.find((q) => q.type === "multiple_choice")!;
    const text = stored.questionSnapshots.find((q) => q.type === "text")!;
    const answers = [
      { questionId: single.questionId, selectedAnswerIds: [single.answers.find((a) => a.isCorrect)!.id] },
      // one of two correct answers: no points
      { questionId: multi.questionId, selectedAnswerIds: [multi.answers.find((a) => a.isCorrect)!.id] },
      { questionId: text.questionId, textAnswer: "  DVADSAT " },
    ];
    const result = await value(tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, body.attemptId, answers)));
    expect(result).toMatchObject({ score: 0.5, passed: false, passingScore: 0.7, correctCount: 2, totalCount: 3, state: "submitted" });
    expect(result.results).toEqual(
      expect.arrayContaining([
        { questionId: multi.questionId, isCorrect: false, pointsEarned: 0, explanation: "2 a 4." },
        { questionId: text.questionId, isCorrect: true, pointsEarned: 1, explanation: "20 %." },
      ]),
    );
    expect(Object.keys(result.downstream).sort()).toEqual(
      ["courseCompleted", "finalCertificateIssued", "intermediateCertificateIssued", "levelCompleted", "moduleCompleted", "moduleId", "partCompleted"].sort(),
    );
  });

  it("scores against the snapshot: a question edited after the start does not change the result", async () => {
    const s = await atLevelTest();
    const { body } = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
    const answers = await correctAnswers(body.attemptId);
    // the live question changes: its correct answer is now another one
    const stored = await snapshotOf(body.attemptId);
    const single = stored.questionSnapshots.find((q) => q.type === "single_choice")!;
    const [live] = await t.db.select().from(schema.questions).where(eq(schema.questions.id, single.questionId));
    await t.db
      .update(schema.questions)
      .set({ answers: live.answers.map((a) => ({ ...a, isCorrect: !a.isCorrect })) })
      .where(eq(schema.questions.id, live.id));
    try {
      const result = await value(tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, body.attemptId, answers)));
      expect(result).toMatchObject({ score: 1, passed: true });
    } finally {
      await t.db.update(schema.questions).set({ answers: live.answers }).where(eq(schema.questions.id, live.id));
    }
  });

  it("refuses answers that are not the attempt's with 422, and a second submit answers the stored result", async () => {
    const s = await atLevelTest();
    const { body } = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
    const bad = await rejection(
      value(tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, body.attemptId, [{ questionId: "nope", selectedAnswerIds: [] }]))),
    );
    expect(bad.code).toBe("validation");
    expect((await snapshotOf(body.attemptId)).state).toBe("in_progress");
    const first = await value(
      withAnswers(correctAnswers, body.attemptId, (given) => tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, body.attemptId, given))),
    );
    const second = await value(
      withAnswers(wrongAnswers, body.attemptId, (given) => tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, body.attemptId, given))),
    );
    expect(second.score).toBe(first.score);
    expect(second.submittedAt).toBe(first.submittedAt);
    // someone else's attempt is 404
    expect((await rejection(tx((x) => getAttempt(x, deps(), "p-other", course.levelTestId, body.attemptId)))).code).toBe("not_found");
  });

  it("shows results per showAnswersAfter: never, pass, last_attempt", async () => {
    const s = await atLevelTest();
    const run = async (mode: string, answers: "right" | "wrong") => {
      await t.db.update(schema.tests).set({ showAnswersAfter: mode }).where(eq(schema.tests.id, course.levelTestId));
      const { body } = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
      const given: AnswerInput[] = answers === "right" ? await correctAnswers(body.attemptId) : await wrongAnswers(body.attemptId);
      return value(tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, body.attemptId, given)));
    };
    try {
      expect((await run("never", "wrong")).results).toBeUndefined();
      expect((await run("pass", "wrong")).results).toBeUndefined();
      // third and last attempt: last_attempt shows them even when failed
      expect((await run("last_attempt", "wrong")).results).toHaveLength(3);
    } finally {
      await t.db.update(schema.tests).set({ showAnswersAfter: "submit" }).where(eq(schema.tests.id, course.levelTestId));
    }
  });
});

describe("deadline", () => {
  it("saved answers survive; past the deadline (and the 5 s a request in flight may take) the attempt is submitted with them and a submit gets 409 attempt_expired with that result", async () => {
    const s = await atLevelTest();
    const t0 = new Date("2026-07-03T08:00:00Z");
    const { body } = await tx((x) => startAttempt(x, deps(t0), s.studentId, course.levelTestId));
    const right = await correctAnswers(body.attemptId);
    await value(tx((x) => saveAnswers(x, deps(at(t0, 100)), s.studentId, course.levelTestId, body.attemptId, right)));
    const resumed = await tx((x) => getAttempt(x, deps(at(t0, 200)), s.studentId, course.levelTestId, body.attemptId));
    expect(resumed.attempt.savedAnswers).toHaveLength(3);
    expect(resumed.result).toBeNull();
    // 6 s after the deadline: closed, whatever the submit carries
    const outcome = await tx((x) => submitAttempt(x, deps(at(t0, 600 + 6)), s.studentId, course.levelTestId, body.attemptId, []));
    expect(outcome.ok).toBe(false);
    const late = (outcome as { error: DomainError }).error;
    expect(late.code).toBe("attempt_expired");
    expect(late.details).toMatchObject({ result: { state: "expired", score: 1, passed: true, submittedAt: at(t0, 600).toISOString() } });
    const row = await snapshotOf(body.attemptId);
    expect(row).toMatchObject({ state: "expired", passed: true });
  });

  it("a read one second past the deadline + 5 s shows the result, never an open attempt (issue 29, item 3)", async () => {
    const s = await atLevelTest();
    const t0 = new Date("2026-07-03T09:00:00Z");
    const { body } = await tx((x) => startAttempt(x, deps(t0), s.studentId, course.levelTestId));
    const read = await tx((x) => getAttempt(x, deps(at(t0, 600 + 6)), s.studentId, course.levelTestId, body.attemptId));
    expect(read.result).toMatchObject({ state: "expired", passed: false });
    expect(await snapshotOf(body.attemptId)).toMatchObject({ state: "expired", submittedAt: at(t0, 600) });
  });

  it("after the deadline no answer is saved: the autosave in flight at 0:00 closes the attempt with its answers, a later save changes nothing", async () => {
    const s = await atLevelTest();
    const t0 = new Date("2026-07-03T10:00:00Z");
    const { body } = await tx((x) => startAttempt(x, deps(t0), s.studentId, course.levelTestId));
    const right = await correctAnswers(body.attemptId);
    // sent at 0:00, arrives 2 s later: the deadline submission, with these answers
    const inFlight = await tx((x) => saveAnswers(x, deps(at(t0, 602)), s.studentId, course.levelTestId, body.attemptId, right));
    expect(inFlight.ok).toBe(false);
    const closed = (inFlight as { error: DomainError }).error;
    expect(closed.code).toBe("attempt_expired");
    expect(closed.details).toMatchObject({ result: { state: "expired", passed: true, submittedAt: at(t0, 600).toISOString() } });
    // nothing more is taken: neither a save nor a submit changes the stored result
    const again = await tx((x) => saveAnswers(x, deps(at(t0, 603)), s.studentId, course.levelTestId, body.attemptId, []));
    expect(again.ok).toBe(false);
    const submit = await tx((x) => submitAttempt(x, deps(at(t0, 604)), s.studentId, course.levelTestId, body.attemptId, []));
    expect(submit.ok).toBe(false);
    expect(await snapshotOf(body.attemptId)).toMatchObject({ state: "expired", passed: true, submittedAt: at(t0, 600) });

    // a second student: a save 30 s after the deadline is not taken; the attempt closes with what was saved before
    const other = await atLevelTest();
    const run = await tx((x) => startAttempt(x, deps(t0), other.studentId, course.levelTestId));
    const rightToo = await correctAnswers(run.body.attemptId);
    const late = await tx((x) => saveAnswers(x, deps(at(t0, 630)), other.studentId, course.levelTestId, run.body.attemptId, rightToo));
    expect(late.ok).toBe(false);
    expect((late as { error: DomainError }).error.details).toMatchObject({ result: { state: "expired", passed: false, score: 0 } });
  });

  it("a submit in flight at 0:00 (within 5 s) is taken with its answers", async () => {
    const s = await atLevelTest();
    const t0 = new Date("2026-07-03T11:00:00Z");
    const { body } = await tx((x) => startAttempt(x, deps(t0), s.studentId, course.levelTestId));
    const result = await value(
      withAnswers(correctAnswers, body.attemptId, (given) =>
        tx((x) => submitAttempt(x, deps(at(t0, 603)), s.studentId, course.levelTestId, body.attemptId, given)),
      ),
    );
    expect(result).toMatchObject({ passed: true, state: "submitted" });
  });

  it("the sweep submits overdue attempts and lets a pass complete the level", async () => {
    const s = await atLevelTest();
    const t0 = new Date(Date.now() - 3600_000);
    const { body } = await tx((x) => startAttempt(x, deps(t0), s.studentId, course.levelTestId));
    await value(
      withAnswers(correctAnswers, body.attemptId, (given) =>
        tx((x) => saveAnswers(x, deps(at(t0, 10)), s.studentId, course.levelTestId, body.attemptId, given)),
      ),
    );
    expect(await expireOverdueAttempts(t.db, { queue: jobs.queue })).toBeGreaterThanOrEqual(1);
    expect((await snapshotOf(body.attemptId)).state).toBe("expired");
    const levels = await t.db.select().from(schema.levelCompletions).where(eq(schema.levelCompletions.enrollmentId, s.enrollmentId));
    expect(levels.map((l) => l.levelId).sort()).toEqual(course.structure.levels.map((l) => l.id).sort());
    expect(await expireOverdueAttempts(t.db, { queue: jobs.queue })).toBe(0);
  });
});

describe("downstream", () => {
  it("a passed part test completes its module; the last level test and the course test complete the course with one final certificate", async () => {
    const s = await student();
    await completePart(s, "a1");
    await completePart(s, "a2");
    await completePart(s, "b1");
    const b1Test = course.part("b1").testId!;
    const partRun = await tx((x) => startAttempt(x, deps(), s.studentId, b1Test));
    const partResult = await value(
      withAnswers(correctAnswers, partRun.body.attemptId, (given) => tx((x) => submitAttempt(x, deps(), s.studentId, b1Test, partRun.body.attemptId, given))),
    );
    expect(partResult.downstream).toEqual({
      partCompleted: true,
      moduleCompleted: true,
      moduleId: course.structure.parts.find((p) => p.slug === "b1")!.moduleId,
      levelCompleted: true, // the part's level: its last missing piece was this test
      courseCompleted: false,
      intermediateCertificateIssued: true, // and level 1 issues one
      finalCertificateIssued: false,
    });
    await completePart(s, "c1");
    const levelRun = await tx((x) => startAttempt(x, deps(), s.studentId, course.levelTestId));
    const levelResult = await value(
      withAnswers(correctAnswers, levelRun.body.attemptId, (given) =>
        tx((x) => submitAttempt(x, deps(), s.studentId, course.levelTestId, levelRun.body.attemptId, given)),
      ),
    );
    expect(levelResult.downstream).toMatchObject({ levelCompleted: true, courseCompleted: false, finalCertificateIssued: false });
    const courseRun = await tx((x) => startAttempt(x, deps(), s.studentId, course.courseTestId));
    const courseResult = await value(
      withAnswers(correctAnswers, courseRun.body.attemptId, (given) =>
        tx((x) => submitAttempt(x, deps(), s.studentId, course.courseTestId, courseRun.body.attemptId, given)),
      ),
    );
    expect(courseResult.downstream).toMatchObject({ courseCompleted: true, finalCertificateIssued: true });
    const [enrollment] = await t.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, s.enrollmentId));
    expect(enrollment.state).toBe("completed");
    const jobsRows = await t.db.execute(sql`select data from pgboss.job where name = 'certificates.issue' and data->>'enrollmentId' = ${s.enrollmentId}`);
    const rows = (Array.isArray(jobsRows) ? jobsRows : (jobsRows as { rows: unknown[] }).rows) as { data: { type: string } }[];
    expect(rows.filter((r) => r.data.type === "final")).toHaveLength(1);
    expect(rows.filter((r) => r.data.type === "intermediate")).toHaveLength(1);
    // a retake that passes the course test again says so too (spec: a submit that passes a
    // course test → finalCertificateIssued true); a failed one does not; no second certificate
    const retake = await tx((x) => startAttempt(x, deps(), s.studentId, course.courseTestId));
    expect(retake.status).toBe(201);
    const retaken = await value(
      withAnswers(correctAnswers, retake.body.attemptId, (given) =>
        tx((x) => submitAttempt(x, deps(), s.studentId, course.courseTestId, retake.body.attemptId, given)),
      ),
    );
    expect(retaken.downstream).toMatchObject({ courseCompleted: true, finalCertificateIssued: true });
    const failing = await tx((x) => startAttempt(x, deps(), s.studentId, course.courseTestId));
    const failed = await value(tx((x) => submitAttempt(x, deps(), s.studentId, course.courseTestId, failing.body.attemptId, [])));
    expect(failed).toMatchObject({ passed: false, downstream: { courseCompleted: true, finalCertificateIssued: false } });
    const after = await t.db.execute(sql`select data from pgboss.job where name = 'certificates.issue' and data->>'enrollmentId' = ${s.enrollmentId}`);
    expect(
      ((Array.isArray(after) ? after : (after as { rows: unknown[] }).rows) as { data: { type: string } }[]).filter((r) => r.data.type === "final"),
    ).toHaveLength(1);
    // voided attempts do not count
    await t.db
      .update(schema.testAttempts)
      .set({ voidedAt: new Date() })
      .where(and(eq(schema.testAttempts.enrollmentId, s.enrollmentId), eq(schema.testAttempts.testId, course.courseTestId)));
    expect((await tx((x) => listAttempts(x, deps(), s.studentId, course.courseTestId))).attempts).toEqual([]);
  });
});
