// Test attempts (spec: Endpoints > Tests (student); Resources > TestAttempt;
// docs/decisions.md > Tests): start with the checks in the spec's order (enrollment,
// prerequisites, attempts, cooldown), a snapshot of the questions with their correct flags
// kept on the attempt, answers saved during the attempt, submit scored against the
// snapshot, automatic submission at deadline + 60 s (a job, and lazily on every read), and
// what the result completed downstream, which learning tells (afterAttempt).
//
// Learning is reached through its narrow test API only (testGate, afterAttempt,
// standingDownstream): the gate finds and locks the enrollment and loads the course
// structure and progress facts once; the rules that need no database are rules.ts.
// Every function runs in the caller's transaction (the idempotency module's, for start and
// submit) and first takes the enrollment's row lock, so starts, saves, submits and
// progress updates of one enrollment never interleave.
import { randomInt } from "node:crypto";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import type { QuestionSnapshot, SubmittedAnswer } from "../db/schema/learning";
import { DomainError } from "../http/errors";
import { afterAttempt, standingDownstream, testGate, type Downstream, type TestGate } from "../learning";
import type { Queue } from "../queue";
import type { AnswerInput, AttemptList, AttemptStarted, AttemptView, SubmitResult } from "./contract";
import { nextAttemptAt, resultsVisible, selectQuestions } from "./rules";
import { scoreAttempt } from "./scoring";
import { isId } from "../db";

const { tests, questions, testAttempts } = schema;

/** How long after the deadline a submit is still accepted (and the automatic one waits). */
export const SUBMIT_GRACE_MS = 60_000;

export type QuizDeps = { queue: Queue; now: Date; random?: () => number };

type TestRow = typeof tests.$inferSelect;
type AttemptRow = typeof testAttempts.$inferSelect;

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

async function loadTest(tx: DbOrTx, testId: string): Promise<TestRow> {
  const [test] = isId(testId) ? await tx.select().from(tests).where(eq(tests.id, testId)).limit(1) : [];
  if (!test) throw new DomainError("not_found", "Test sa nenašiel.");
  return test;
}

/** The test, read once per request, and learning's gate (the enrollment, locked, and where the test sits). */
type Context = { test: TestRow; gate: TestGate };

/** The test and the caller's learning enrollment on its course version (locked). */
async function contextOf(tx: DbOrTx, studentId: string, testId: string, now: Date): Promise<Context> {
  const test = await loadTest(tx, testId);
  const gate = await testGate(tx, { studentId, courseVersionId: test.courseId, now }, test.id);
  return { test, gate };
}

async function attemptsOf(tx: DbOrTx, testId: string, enrollmentId: string): Promise<AttemptRow[]> {
  return tx
    .select()
    .from(testAttempts)
    .where(and(eq(testAttempts.testId, testId), eq(testAttempts.enrollmentId, enrollmentId), isNull(testAttempts.voidedAt)))
    .orderBy(asc(testAttempts.attemptNumber));
}

const overdue = (a: AttemptRow, now: Date) => a.state === "in_progress" && now.getTime() > a.deadline.getTime() + SUBMIT_GRACE_MS;

// ---------------------------------------------------------------------------------
// Shapes (pure; exported for the benchmark's bare twin, which reads its own rows)

export function served(attempt: AttemptRow, test: TestRow): AttemptStarted {
  const byId = new Map(attempt.questionSnapshots.map((q) => [q.questionId, q]));
  return {
    attemptId: attempt.id,
    test: { _id: test.id, title: test.title, description: test.description, passingScore: test.passingScore, timeLimitSec: test.timeLimitSec },
    questions: attempt.questionOrder.map((id) => {
      const q = byId.get(id)!;
      const answerText = new Map(q.answers.map((a) => [a.id, a.text]));
      return {
        id: q.questionId,
        type: q.type as "single_choice" | "multiple_choice" | "text",
        text: q.text,
        weight: q.weight,
        answers: (attempt.answerOrders[id] ?? []).map((answerId) => ({ id: answerId, text: answerText.get(answerId) ?? "" })),
      };
    }),
    startedAt: attempt.startedAt.toISOString(),
    deadline: attempt.deadline.toISOString(),
    attemptNumber: attempt.attemptNumber,
    state: attempt.state,
    savedAnswers: attempt.answers.map(toAnswerInput),
  };
}

export function toAnswerInput(a: SubmittedAnswer): AnswerInput {
  return {
    questionId: a.questionId,
    ...(a.selectedAnswerIds !== undefined ? { selectedAnswerIds: a.selectedAnswerIds } : {}),
    ...(a.textAnswer !== undefined ? { textAnswer: a.textAnswer } : {}),
  };
}

export function resultOf(attempt: AttemptRow, test: TestRow, used: number, downstream: Downstream): SubmitResult {
  const scored = scoreAttempt(attempt.questionSnapshots, attempt.questionOrder, attempt.answers);
  const remaining = Math.max(0, test.maxAttempts - used);
  const passed = attempt.passed ?? false;
  return {
    attemptId: attempt.id,
    score: attempt.score ?? scored.score,
    passed,
    passingScore: test.passingScore,
    correctCount: scored.correctCount,
    totalCount: scored.totalCount,
    submittedAt: (attempt.submittedAt ?? attempt.deadline).toISOString(),
    ...(resultsVisible(test, passed, remaining) ? { results: scored.results } : {}),
    downstream,
    state: attempt.state === "expired" ? "expired" : "submitted",
    remaining,
  };
}

// ---------------------------------------------------------------------------------
// Answers

/** Answers checked against the attempt's snapshot: 422 naming the first wrong member. */
function checkedAnswers(attempt: AttemptRow, answers: AnswerInput[]): SubmittedAnswer[] {
  const byId = new Map(attempt.questionSnapshots.map((q) => [q.questionId, q]));
  const problems: { path: string; message: string }[] = [];
  answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    if (!q) return problems.push({ path: `answers.${i}.questionId`, message: "Táto otázka v pokuse nie je." });
    if (q.type === "text") {
      if (a.selectedAnswerIds && a.selectedAnswerIds.length > 0) problems.push({ path: `answers.${i}.selectedAnswerIds`, message: "Na otázku sa odpovedá textom." });
      return;
    }
    if (a.textAnswer !== undefined && a.textAnswer !== "") problems.push({ path: `answers.${i}.textAnswer`, message: "Na otázku sa odpovedá výberom." });
    const ids = new Set(q.answers.map((x) => x.id));
    (a.selectedAnswerIds ?? []).forEach((id, j) => {
      if (!ids.has(id)) problems.push({ path: `answers.${i}.selectedAnswerIds.${j}`, message: "Taká odpoveď pri otázke nie je." });
    });
    if (q.type === "single_choice" && (a.selectedAnswerIds ?? []).length > 1) problems.push({ path: `answers.${i}.selectedAnswerIds`, message: "Vyberte jednu odpoveď." });
  });
  if (problems.length > 0) throw new DomainError("validation", undefined, problems);
  // one entry per question, the last one given wins
  const merged = new Map<string, SubmittedAnswer>();
  for (const a of answers) merged.set(a.questionId, toAnswerInput(a));
  return [...merged.values()];
}

function mergeAnswers(saved: SubmittedAnswer[], given: SubmittedAnswer[]): SubmittedAnswer[] {
  const merged = new Map(saved.map((a) => [a.questionId, a]));
  for (const a of given) merged.set(a.questionId, a);
  return [...merged.values()];
}

// ---------------------------------------------------------------------------------
// Finishing an attempt

/**
 * Scores and closes an attempt (state `submitted`, or `expired` for the automatic
 * submission) and lets the learning engine derive what a pass completes.
 */
async function finish(
  tx: DbOrTx,
  deps: QuizDeps,
  ctx: Context,
  attempt: AttemptRow,
  answers: SubmittedAnswer[],
  how: "submitted" | "expired",
): Promise<{ attempt: AttemptRow; downstream: Downstream }> {
  const { test } = ctx;
  const scored = scoreAttempt(attempt.questionSnapshots, attempt.questionOrder, answers);
  const passed = scored.score >= test.passingScore;
  const submittedAt = how === "expired" ? attempt.deadline : deps.now;
  const [updated] = await tx
    .update(testAttempts)
    .set({ state: how, score: scored.score, passed, submittedAt, answers })
    .where(and(eq(testAttempts.id, attempt.id), eq(testAttempts.state, "in_progress")))
    .returning();
  if (!updated) throw new Error(`attempt ${attempt.id} was finished concurrently despite the enrollment lock`);
  return { attempt: updated, downstream: await afterAttempt(tx, { queue: deps.queue, now: deps.now }, ctx.gate, { passed }) };
}

/** Overdue attempts of this test and enrollment are submitted with their saved answers. */
async function expireOverdue(tx: DbOrTx, deps: QuizDeps, ctx: Context): Promise<AttemptRow[]> {
  const attempts = await attemptsOf(tx, ctx.test.id, ctx.gate.enrollmentId);
  const out: AttemptRow[] = [];
  for (const a of attempts) {
    if (overdue(a, deps.now)) out.push((await finish(tx, deps, ctx, a, a.answers, "expired")).attempt);
    else out.push(a);
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Operations

/**
 * POST /api/tests/<id>/attempts. Checks in order: a learning enrollment (403
 * no_enrollment), progress (403 prerequisites_not_met), attempts left (409
 * max_attempts_reached), cooldown since the last finished attempt (409 cooldown_active with
 * details.nextAttemptAt). An attempt in progress is resumed instead (201, the same attempt).
 */
export async function startAttempt(tx: DbOrTx, deps: QuizDeps, studentId: string, testId: string): Promise<{ status: 201; body: AttemptStarted }> {
  const ctx = await contextOf(tx, studentId, testId, deps.now);
  if (!ctx.gate.available) {
    throw new DomainError("prerequisites_not_met", undefined, {
      placement: ctx.gate.placement,
      partId: ctx.gate.partId,
      levelId: ctx.gate.levelId,
    });
  }
  const attempts = await expireOverdue(tx, deps, ctx);
  const open = attempts.find((a) => a.state === "in_progress");
  // resuming is answered like a start (spec: 201), with the attempt already in progress
  if (open) return { status: 201, body: served(open, ctx.test) };
  if (attempts.length >= ctx.test.maxAttempts) {
    throw new DomainError("max_attempts_reached", undefined, { maxAttempts: ctx.test.maxAttempts });
  }
  const next = nextAttemptAt(ctx.test, attempts);
  if (next && next > deps.now) throw new DomainError("cooldown_active", undefined, { nextAttemptAt: next.toISOString() });

  const rows = await tx.select().from(questions).where(eq(questions.testId, ctx.test.id)).orderBy(asc(questions.orderIndex), asc(questions.id));
  const authored: QuestionSnapshot[] = rows.map((q) => ({
    questionId: q.id,
    type: q.type,
    text: q.text,
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect })),
    acceptedAnswers: q.acceptedAnswers,
    explanation: q.explanation,
    weight: q.weight,
  }));
  const { snapshots, answerOrders } = selectQuestions(authored, ctx.test, deps.random ?? cryptoRandom);
  const [created] = await tx
    .insert(testAttempts)
    .values({
      testId: ctx.test.id,
      enrollmentId: ctx.gate.enrollmentId,
      studentId,
      // the next number over every attempt, voided ones too (the enrollment is locked)
      attemptNumber: sql`(select coalesce(max(${testAttempts.attemptNumber}), 0) + 1 from ${testAttempts}
        where ${testAttempts.testId} = ${ctx.test.id} and ${testAttempts.enrollmentId} = ${ctx.gate.enrollmentId})`,
      state: "in_progress",
      startedAt: deps.now,
      deadline: new Date(deps.now.getTime() + ctx.test.timeLimitSec * 1000),
      questionSnapshots: snapshots,
      questionOrder: snapshots.map((q) => q.questionId),
      answerOrders,
    })
    .returning();
  return { status: 201, body: served(created, ctx.test) };
}

/**
 * The caller's attempt of the test, or 404. Locks: read it plainly first, lock the
 * enrollment (attemptContext), then read it again `locked` — always enrollment before
 * attempt, the order every writer of an enrollment follows, so no two of them deadlock.
 */
async function ownAttempt(tx: DbOrTx, studentId: string, testId: string, attemptId: string, locked = false): Promise<AttemptRow> {
  const query = () => tx.select().from(testAttempts).where(eq(testAttempts.id, attemptId));
  const [attempt] = isId(attemptId) && isId(testId) ? await (locked ? query().for("update").limit(1) : query().limit(1)) : [];
  if (!attempt || attempt.studentId !== studentId || attempt.testId !== testId || attempt.voidedAt) throw new DomainError("not_found", "Pokus sa nenašiel.");
  return attempt;
}

/** The attempt's context: test and learning's gate on the attempt's enrollment (locked); the enrollment need not be active to read. */
async function attemptContext(tx: DbOrTx, attempt: AttemptRow): Promise<Context> {
  const test = await loadTest(tx, attempt.testId);
  const gate = await testGate(tx, { enrollmentId: attempt.enrollmentId }, test.id);
  return { test, gate };
}

async function usedAttempts(tx: DbOrTx, attempt: AttemptRow) {
  return (await attemptsOf(tx, attempt.testId, attempt.enrollmentId)).length;
}

/** The stored result of a finished attempt (downstream as things stand now). */
async function storedResult(tx: DbOrTx, ctx: Context, attempt: AttemptRow): Promise<SubmitResult> {
  return resultOf(attempt, ctx.test, await usedAttempts(tx, attempt), standingDownstream(ctx.gate, attempt.passed ?? false));
}

/**
 * A write that the attempt refuses but whose transaction must still commit (the automatic
 * submission it caused): returned, not thrown, so the caller answers it and commits.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: DomainError };

/** An overdue attempt is submitted with its saved answers; the caller's late write gets 409 attempt_expired with that result. */
async function refuseLate(tx: DbOrTx, deps: QuizDeps, ctx: Context, attempt: AttemptRow): Promise<Outcome<never>> {
  const finished = attempt.state === "in_progress" ? (await finish(tx, deps, ctx, attempt, attempt.answers, "expired")).attempt : attempt;
  const result = resultOf(finished, ctx.test, await usedAttempts(tx, finished), standingDownstream(ctx.gate, finished.passed ?? false));
  return { ok: false, error: new DomainError("attempt_expired", undefined, { result }) };
}

/** PUT/POST .../answers: replaces the saved answers of an attempt in progress. */
export async function saveAnswers(
  tx: DbOrTx,
  deps: QuizDeps,
  studentId: string,
  testId: string,
  attemptId: string,
  answers: AnswerInput[],
): Promise<Outcome<{ ok: true; savedAt: string; answers: AnswerInput[] }>> {
  const found = await ownAttempt(tx, studentId, testId, attemptId);
  const ctx = await attemptContext(tx, found);
  const attempt = await ownAttempt(tx, studentId, testId, attemptId, true);
  if (attempt.state === "expired" || overdue(attempt, deps.now)) return refuseLate(tx, deps, ctx, attempt);
  if (attempt.state === "submitted") throw new DomainError("conflict", "Pokus je už odovzdaný.", { result: await storedResult(tx, ctx, attempt) });
  const checked = checkedAnswers(attempt, answers);
  await tx.update(testAttempts).set({ answers: checked }).where(eq(testAttempts.id, attempt.id));
  return { ok: true, value: { ok: true as const, savedAt: deps.now.toISOString(), answers: checked.map(toAnswerInput) } };
}

/**
 * POST .../submit: scores the saved answers overlaid with the body's (a question in the
 * body replaces its saved answer). Within the 60 s grace after the deadline it is still
 * accepted; later the attempt was (or is now) submitted automatically with the saved
 * answers and this answers 409 attempt_expired with that result. A finished attempt
 * answers its stored result.
 */
export async function submitAttempt(
  tx: DbOrTx,
  deps: QuizDeps,
  studentId: string,
  testId: string,
  attemptId: string,
  answers: AnswerInput[],
): Promise<Outcome<SubmitResult>> {
  const found = await ownAttempt(tx, studentId, testId, attemptId);
  const ctx = await attemptContext(tx, found);
  const attempt = await ownAttempt(tx, studentId, testId, attemptId, true);
  if (attempt.state === "expired" || overdue(attempt, deps.now)) return refuseLate(tx, deps, ctx, attempt);
  if (attempt.state === "submitted") return { ok: true, value: await storedResult(tx, ctx, attempt) };
  const checked = checkedAnswers(attempt, answers);
  const { attempt: finished, downstream } = await finish(tx, deps, ctx, attempt, mergeAnswers(attempt.answers, checked), "submitted");
  return { ok: true, value: resultOf(finished, ctx.test, await usedAttempts(tx, finished), downstream) };
}

/** GET .../attempts/<id>: the attempt as served and, once finished, its result. */
export async function getAttempt(tx: DbOrTx, deps: QuizDeps, studentId: string, testId: string, attemptId: string): Promise<AttemptView> {
  let attempt = await ownAttempt(tx, studentId, testId, attemptId);
  const ctx = await attemptContext(tx, attempt);
  attempt = await ownAttempt(tx, studentId, testId, attemptId, true);
  if (overdue(attempt, deps.now)) attempt = (await finish(tx, deps, ctx, attempt, attempt.answers, "expired")).attempt;
  return {
    attempt: served(attempt, ctx.test),
    result: attempt.state === "in_progress" ? null : resultOf(attempt, ctx.test, await usedAttempts(tx, attempt), standingDownstream(ctx.gate, attempt.passed ?? false)),
  };
}

/** GET /api/tests/<id>/attempts: the caller's attempts, attempts left, and whether a start is possible now. */
export async function listAttempts(tx: DbOrTx, deps: QuizDeps, studentId: string, testId: string): Promise<AttemptList> {
  const ctx = await contextOf(tx, studentId, testId, deps.now);
  const attempts = await expireOverdue(tx, deps, ctx);
  const open = attempts.find((a) => a.state === "in_progress") ?? null;
  const next = nextAttemptAt(ctx.test, attempts);
  const remaining = Math.max(0, ctx.test.maxAttempts - attempts.length);
  const count = (await tx.select({ id: questions.id }).from(questions).where(eq(questions.testId, ctx.test.id))).length;
  return {
    attempts: attempts.map((a) => ({
      attemptId: a.id,
      attemptNumber: a.attemptNumber,
      score: a.score,
      passed: a.passed,
      submittedAt: a.submittedAt?.toISOString() ?? null,
      state: a.state,
      startedAt: a.startedAt.toISOString(),
      deadline: a.deadline.toISOString(),
    })),
    remaining,
    maxAttempts: ctx.test.maxAttempts,
    test: {
      _id: ctx.test.id,
      title: ctx.test.title,
      description: ctx.test.description,
      passingScore: ctx.test.passingScore,
      timeLimitSec: ctx.test.timeLimitSec,
      cooldownMinutes: ctx.test.cooldownMinutes,
      questionCount: ctx.test.selectionMode === "random_subset" ? Math.min(ctx.test.questionCount ?? count, count) : count,
      placement: ctx.gate.placement,
      courseSlug: ctx.gate.courseSlug,
      partId: ctx.gate.partId,
      levelId: ctx.gate.levelId,
    },
    available: ctx.gate.available && (open !== null || (remaining > 0 && !(next && next > deps.now))),
    passed: attempts.some((a) => a.passed),
    inProgressAttemptId: open?.id ?? null,
    nextAttemptAt: next && next > deps.now ? next.toISOString() : null,
  };
}

/**
 * The scheduled sweep (queue `tests.expire-attempts`): attempts past deadline + 60 s are
 * submitted with their saved answers, each in its own transaction. Returns how many.
 */
export async function expireOverdueAttempts(db: Database, deps: { queue: Queue; now?: Date }): Promise<number> {
  const now = deps.now ?? new Date();
  const due = await db
    .select({ id: testAttempts.id, studentId: testAttempts.studentId, testId: testAttempts.testId })
    .from(testAttempts)
    .where(and(eq(testAttempts.state, "in_progress"), isNull(testAttempts.voidedAt), lt(testAttempts.deadline, new Date(now.getTime() - SUBMIT_GRACE_MS))));
  let expired = 0;
  for (const row of due) {
    await db.transaction(async (tx) => {
      const found = await ownAttempt(tx, row.studentId, row.testId, row.id);
      const ctx = await attemptContext(tx, found);
      const attempt = await ownAttempt(tx, row.studentId, row.testId, row.id, true);
      if (!overdue(attempt, now)) return;
      await finish(tx, { queue: deps.queue, now }, ctx, attempt, attempt.answers, "expired");
      expired++;
    });
  }
  return expired;
}
