// Test attempts (spec: Endpoints > Tests (student); Resources > TestAttempt;
// docs/decisions/quizzes/tests.md > Tests): start with the checks in the spec's order (enrollment,
// prerequisites, attempts, cooldown), a snapshot of the questions with their correct flags
// kept on the attempt, answers saved during the attempt, submit scored against the
// snapshot, automatic submission at the deadline (past SUBMIT_GRACE_MS: a job, and lazily on every read), and
// what the result completed downstream, which learning tells (afterAttempt). Quizzes
// decides the attempt; learning reacts through that one call, in the same transaction
// (docs/decisions/quizzes/one-transaction-per-submit.md).
//
// Learning is reached through its narrow test API only (testGate, afterAttempt,
// standingDownstream): the gate finds and locks the enrollment and loads the course
// structure and progress facts once; the rules that need no database are rules.ts.
// Every function runs in the caller's transaction (the idempotency module's, for start and
// submit) and first takes the enrollment's row lock, so starts, saves, submits and
// progress updates of one enrollment never interleave.
import { randomInt } from "node:crypto";
import { and, asc, eq, getTableColumns, isNull, lt, sql, type Placeholder } from "drizzle-orm";
import { prepared, schema, type Database, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";
import type { QuestionSnapshot, SubmittedAnswer } from "../db/schema/learning";
import { DomainError } from "../kernel/errors";
import { ok, refused, valueOrThrow, type Outcome } from "../kernel/outcome";
import { afterAttempt, reviewScope, standingDownstream, testGate, type Downstream, type ReviewTopic, type TestGate } from "../learning";
import type { Queue } from "../queue";
import type { AnswerInput, AttemptList, AttemptStarted, AttemptView, SubmitResult } from "./contract";
import { attemptsLeft, nextAttemptAt, resultsVisible, selectQuestions } from "./rules";
import { scoreAttempt } from "./scoring";

const { tests, questions, testAttempts } = schema;

/**
 * The deadline closes an attempt at once (docs/decisions/quizzes/a-test-closes-at-0-00.md > A test closes at 0:00). The
 * only allowance is for the request in flight at 0:00 (the page's own submit or autosave
 * sent when its countdown ended): arriving within these 5 s it counts as the deadline
 * submission with its answers; later, nothing the client sends is taken. Reads and the
 * sweep finish an attempt as soon as this allowance is over.
 */
export const SUBMIT_GRACE_MS = 5_000;

export type QuizDeps = { queue: Queue; now: Date; random?: () => number };

type TestRow = typeof tests.$inferSelect;
type AttemptRow = typeof testAttempts.$inferSelect;

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** A question as authored, what an attempt's snapshot is made of. */
type AuthoredQuestion = Pick<typeof questions.$inferSelect, "id" | "type" | "text" | "weight" | "answers" | "acceptedAnswers" | "explanation">;

/** The test's questions in their order, as one JSON value (read with the test: one round trip). */
const questionsOfTest = sql<AuthoredQuestion[]>`(select coalesce(json_agg(json_build_object(
    'id', q.id, 'type', q.type, 'text', q.text, 'weight', q.weight, 'answers', q.answers,
    'acceptedAnswers', q.accepted_answers, 'explanation', q.explanation) order by q.order_index, q.id), '[]'::json)
  from ${questions} q where q.test_id = "tests"."id")`;

async function loadTest(tx: DbOrTx, testId: string): Promise<TestRow> {
  const query = prepared(tx, "test_by_id", (name) =>
    tx
      .select()
      .from(tests)
      .where(eq(tests.id, sql.placeholder("testId")))
      .limit(1)
      .prepare(name),
  );
  const [test] = isId(testId) ? await query.execute({ testId }) : [];
  if (!test) throw new DomainError("not_found", "Test sa nenašiel.");
  return test;
}

async function loadTestWithQuestions(tx: DbOrTx, testId: string): Promise<{ test: TestRow; questions: AuthoredQuestion[] }> {
  const query = prepared(tx, "test_with_questions", (name) =>
    tx
      .select({ test: tests, questions: questionsOfTest })
      .from(tests)
      .where(eq(tests.id, sql.placeholder("testId")))
      .limit(1)
      .prepare(name),
  );
  const [row] = isId(testId) ? await query.execute({ testId }) : [];
  if (!row) throw new DomainError("not_found", "Test sa nenašiel.");
  return row;
}

/** The test, read once per request, and learning's gate (the enrollment, locked, and where the test sits). */
type Context = { test: TestRow; gate: TestGate };

/** The test and the caller's learning enrollment on its course version (locked). */
async function contextOf(tx: DbOrTx, studentId: string, testId: string, now: Date): Promise<Context> {
  return gatedBy(tx, studentId, await loadTest(tx, testId), now);
}

async function gatedBy(tx: DbOrTx, studentId: string, test: TestRow, now: Date): Promise<Context> {
  return { test, gate: await testGate(tx, { studentId, courseVersionId: test.courseId, now }, test.id) };
}

/**
 * What the checks and the list need of an attempt: never its question snapshots nor its
 * answers, so reading a student's attempts costs the same with one or with hundreds.
 */
const summaryColumns = {
  id: testAttempts.id,
  attemptNumber: testAttempts.attemptNumber,
  state: testAttempts.state,
  score: testAttempts.score,
  passed: testAttempts.passed,
  startedAt: testAttempts.startedAt,
  deadline: testAttempts.deadline,
  submittedAt: testAttempts.submittedAt,
};
type AttemptSummary = Pick<AttemptRow, keyof typeof summaryColumns>;

const ofTestAndEnrollment = (testId: string | Placeholder, enrollmentId: string | Placeholder) =>
  and(eq(testAttempts.testId, testId), eq(testAttempts.enrollmentId, enrollmentId), isNull(testAttempts.voidedAt));

const placeholders = { testId: sql.placeholder("testId"), enrollmentId: sql.placeholder("enrollmentId") };

/** The enrollment's attempts of the test that count (not voided), oldest first. */
async function attemptsOf(tx: DbOrTx, testId: string, enrollmentId: string): Promise<AttemptSummary[]> {
  const query = prepared(tx, "attempt_summaries", (name) =>
    tx
      .select(summaryColumns)
      .from(testAttempts)
      .where(ofTestAndEnrollment(placeholders.testId, placeholders.enrollmentId))
      .orderBy(asc(testAttempts.attemptNumber))
      .prepare(name),
  );
  return query.execute({ testId, enrollmentId });
}

/** An attempt whole, locked (the caller holds its enrollment's lock). */
async function attemptForUpdate(tx: DbOrTx, attemptId: string): Promise<AttemptRow | undefined> {
  const query = prepared(tx, "attempt_for_update", (name) =>
    tx
      .select()
      .from(testAttempts)
      .where(eq(testAttempts.id, sql.placeholder("attemptId")))
      .for("update")
      .limit(1)
      .prepare(name),
  );
  return (await query.execute({ attemptId }))[0];
}

/** An attempt the summaries named, whole and locked (it cannot be gone: its enrollment is locked). */
async function lockedAttempt(tx: DbOrTx, attemptId: string): Promise<AttemptRow> {
  const attempt = await attemptForUpdate(tx, attemptId);
  if (!attempt) throw new Error(`attempt ${attemptId} vanished under the enrollment lock`);
  return attempt;
}

const overdue = (a: AttemptSummary, now: Date) => a.state === "in_progress" && now.getTime() > a.deadline.getTime() + SUBMIT_GRACE_MS;
/** The deadline has passed, but the request may still be the one sent at 0:00. */
const inFlightAtDeadline = (a: AttemptSummary, now: Date) => a.state === "in_progress" && now.getTime() > a.deadline.getTime() && !overdue(a, now);

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
  const remaining = attemptsLeft(test.maxAttempts, used);
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

/**
 * Answers checked against the attempt's snapshot, thrown as their refusal: a submit runs
 * inside the idempotency transaction, which a refusal must roll back (the key is freed).
 */
function checkedAnswers(attempt: AttemptRow, answers: AnswerInput[]): SubmittedAnswer[] {
  return valueOrThrow(answersChecked(attempt, answers));
}

/** Answers checked against the attempt's snapshot: 422 naming every wrong member. */
function answersChecked(attempt: AttemptRow, answers: AnswerInput[]): Outcome<SubmittedAnswer[]> {
  const byId = new Map(attempt.questionSnapshots.map((q) => [q.questionId, q]));
  const problems: { path: string; message: string }[] = [];
  answers.forEach((a, i) => {
    const q = byId.get(a.questionId);
    if (!q) return problems.push({ path: `answers.${i}.questionId`, message: "Táto otázka v pokuse nie je." });
    if (q.type === "text") {
      if (a.selectedAnswerIds && a.selectedAnswerIds.length > 0)
        problems.push({ path: `answers.${i}.selectedAnswerIds`, message: "Na otázku sa odpovedá textom." });
      return;
    }
    if (a.textAnswer !== undefined && a.textAnswer !== "") problems.push({ path: `answers.${i}.textAnswer`, message: "Na otázku sa odpovedá výberom." });
    const ids = new Set(q.answers.map((x) => x.id));
    (a.selectedAnswerIds ?? []).forEach((id, j) => {
      if (!ids.has(id)) problems.push({ path: `answers.${i}.selectedAnswerIds.${j}`, message: "Taká odpoveď pri otázke nie je." });
    });
    if (q.type === "single_choice" && (a.selectedAnswerIds ?? []).length > 1)
      problems.push({ path: `answers.${i}.selectedAnswerIds`, message: "Vyberte jednu odpoveď." });
  });
  if (problems.length > 0) return refused("validation", undefined, problems);
  // one entry per question, the last one given wins
  const merged = new Map<string, SubmittedAnswer>();
  for (const a of answers) merged.set(a.questionId, toAnswerInput(a));
  return ok([...merged.values()]);
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
): Promise<{ attempt: AttemptRow; downstream: Downstream; used: number }> {
  const { test } = ctx;
  const scored = scoreAttempt(attempt.questionSnapshots, attempt.questionOrder, answers);
  const passed = scored.score >= test.passingScore;
  const submittedAt = how === "expired" ? attempt.deadline : deps.now;
  const query = prepared(tx, "attempt_finish", (name) =>
    tx
      .update(testAttempts)
      .set({
        // (Drizzle's update types take no placeholder: the values go as the driver takes them)
        state: sql`${sql.placeholder("state")}`,
        score: sql`${sql.placeholder("score")}`,
        passed: sql`${sql.placeholder("passed")}`,
        submittedAt: sql`${sql.placeholder("submittedAt")}`,
        answers: sql`${sql.placeholder("answers")}::jsonb`,
      })
      .where(and(eq(testAttempts.id, sql.placeholder("attemptId")), eq(testAttempts.state, "in_progress")))
      // the attempts used, for the result, in the same round trip (finishing one changes no count)
      .returning({ ...getTableColumns(testAttempts), used: usedCount(placeholders.testId, placeholders.enrollmentId) })
      .prepare(name),
  );
  const [updated] = await query.execute({
    state: how,
    score: scored.score,
    passed,
    submittedAt,
    answers: JSON.stringify(answers),
    attemptId: attempt.id,
    testId: attempt.testId,
    enrollmentId: attempt.enrollmentId,
  });
  if (!updated) throw new Error(`attempt ${attempt.id} was finished concurrently despite the enrollment lock`);
  const { used, ...row } = updated;
  return { attempt: row, used, downstream: await afterAttempt(tx, { queue: deps.queue, now: deps.now }, ctx.gate, { passed }) };
}

/**
 * The enrollment's attempts of this test, overdue ones submitted with their saved answers
 * first, and the one still in progress whole (read only when there is one).
 */
async function expireOverdue(tx: DbOrTx, deps: QuizDeps, ctx: Context): Promise<{ attempts: AttemptSummary[]; open: AttemptRow | null }> {
  const attempts: AttemptSummary[] = [];
  let open: AttemptRow | null = null;
  for (const a of await attemptsOf(tx, ctx.test.id, ctx.gate.enrollmentId)) {
    if (a.state !== "in_progress") attempts.push(a);
    else if (overdue(a, deps.now)) {
      const full = await lockedAttempt(tx, a.id);
      attempts.push((await finish(tx, deps, ctx, full, full.answers, "expired")).attempt);
    } else attempts.push((open = await lockedAttempt(tx, a.id)));
  }
  return { attempts, open };
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
  // the questions come with the test (before the enrollment's lock: authoring never edits a published test's questions)
  const { test, questions: rows } = await loadTestWithQuestions(tx, testId);
  const ctx = await gatedBy(tx, studentId, test, deps.now);
  if (!ctx.gate.available) {
    throw new DomainError("prerequisites_not_met", undefined, {
      placement: ctx.gate.placement,
      partId: ctx.gate.partId,
      levelId: ctx.gate.levelId,
    });
  }
  const { attempts, open } = await expireOverdue(tx, deps, ctx);
  // resuming is answered like a start (spec: 201), with the attempt already in progress
  if (open) return { status: 201, body: served(open, ctx.test) };
  if (attemptsLeft(ctx.test.maxAttempts, attempts.length) === 0) {
    throw new DomainError("max_attempts_reached", undefined, { maxAttempts: ctx.test.maxAttempts });
  }
  const next = nextAttemptAt(ctx.test, attempts);
  if (next && next > deps.now) throw new DomainError("cooldown_active", undefined, { nextAttemptAt: next.toISOString() });

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
 * The caller's attempt of the test, or 404, with its context. Locks: the attempt's owner
 * and enrollment are read plainly first (with the test, one statement), the enrollment is
 * locked (learning's testGate), then the attempt is read again whole and `locked`: always
 * enrollment before attempt, the order every writer of an enrollment follows, so no two of
 * them deadlock. The enrollment need not be active to read.
 */
async function ownAttempt(tx: DbOrTx, studentId: string, testId: string, attemptId: string): Promise<{ ctx: Context; attempt: AttemptRow }> {
  const notFound = () => new DomainError("not_found", "Pokus sa nenašiel.");
  if (!isId(attemptId) || !isId(testId)) throw notFound();
  const owns = <A extends Pick<AttemptRow, "studentId" | "testId" | "voidedAt">>(a: A | undefined): a is A =>
    !!a && a.studentId === studentId && a.testId === testId && !a.voidedAt;
  const query = prepared(tx, "attempt_owner_with_test", (name) =>
    tx
      .select({
        studentId: testAttempts.studentId,
        testId: testAttempts.testId,
        enrollmentId: testAttempts.enrollmentId,
        voidedAt: testAttempts.voidedAt,
        test: tests,
      })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(eq(testAttempts.id, sql.placeholder("attemptId")))
      .limit(1)
      .prepare(name),
  );
  const [found] = await query.execute({ attemptId });
  if (!owns(found)) throw notFound();
  const gate = await testGate(tx, { enrollmentId: found.enrollmentId }, found.test.id);
  const attempt = await attemptForUpdate(tx, attemptId);
  if (!owns(attempt)) throw notFound();
  return { ctx: { test: found.test, gate }, attempt };
}

/** How many of the enrollment's attempts of the test count (not voided). */
const usedCount = (testId: string | Placeholder, enrollmentId: string | Placeholder) =>
  sql<number>`(select count(*)::int from ${testAttempts} where ${ofTestAndEnrollment(testId, enrollmentId)})`;

async function usedAttempts(tx: DbOrTx, attempt: AttemptRow): Promise<number> {
  const [{ used }] = await tx
    .select({ used: sql<number>`count(*)::int` })
    .from(testAttempts)
    .where(ofTestAndEnrollment(attempt.testId, attempt.enrollmentId));
  return used;
}

/** The stored result of a finished attempt (downstream as things stand now). */
async function storedResult(tx: DbOrTx, ctx: Context, attempt: AttemptRow): Promise<SubmitResult> {
  return resultOf(attempt, ctx.test, await usedAttempts(tx, attempt), standingDownstream(ctx.gate, attempt.passed ?? false));
}

// A write that the attempt refuses but whose transaction must still commit (the automatic
// submission it caused) is returned as a refused Outcome (server/kernel/outcome.ts), not
// thrown, so the caller answers it and commits.

/** An overdue attempt is submitted with its saved answers; the caller's late write gets 409 attempt_expired with that result. */
async function refuseLate(tx: DbOrTx, deps: QuizDeps, ctx: Context, attempt: AttemptRow): Promise<Outcome<never>> {
  const { attempt: finished, used } =
    attempt.state === "in_progress" ? await finish(tx, deps, ctx, attempt, attempt.answers, "expired") : { attempt, used: await usedAttempts(tx, attempt) };
  const result = resultOf(finished, ctx.test, used, standingDownstream(ctx.gate, finished.passed ?? false));
  return refused("attempt_expired", undefined, { result });
}

/**
 * PUT/POST .../answers: replaces the saved answers of an attempt in progress. After the
 * deadline no save is taken: one in flight at 0:00 closes the attempt with its answers,
 * a later one closes it with the answers saved before; both answer 409 attempt_expired
 * with the result.
 */
export async function saveAnswers(
  tx: DbOrTx,
  deps: QuizDeps,
  studentId: string,
  testId: string,
  attemptId: string,
  answers: AnswerInput[],
): Promise<Outcome<{ ok: true; savedAt: string; answers: AnswerInput[] }>> {
  const { ctx, attempt } = await ownAttempt(tx, studentId, testId, attemptId);
  if (attempt.state === "expired" || overdue(attempt, deps.now)) return refuseLate(tx, deps, ctx, attempt);
  // refused before anything is written: returned, the caller's transaction has nothing to undo
  if (attempt.state === "submitted") return refused("conflict", "Pokus je už odovzdaný.", { result: await storedResult(tx, ctx, attempt) });
  const checked = answersChecked(attempt, answers);
  return checked.ok ? saveChecked(tx, deps, ctx, attempt, checked.value) : checked;
}

/** Saves checked answers of an attempt in progress (not overdue); the autosave in flight at 0:00 closes it instead. */
async function saveChecked(
  tx: DbOrTx,
  deps: QuizDeps,
  ctx: Context,
  attempt: AttemptRow,
  checked: SubmittedAnswer[],
): Promise<Outcome<{ ok: true; savedAt: string; answers: AnswerInput[] }>> {
  // the autosave sent at 0:00: its answers close the attempt (the deadline submission), no more saving
  if (inFlightAtDeadline(attempt, deps.now)) {
    const { attempt: finished, used, downstream } = await finish(tx, deps, ctx, attempt, mergeAnswers(attempt.answers, checked), "expired");
    return refused("attempt_expired", undefined, { result: resultOf(finished, ctx.test, used, downstream) });
  }
  await tx.update(testAttempts).set({ answers: checked }).where(eq(testAttempts.id, attempt.id));
  return ok({ ok: true as const, savedAt: deps.now.toISOString(), answers: checked.map(toAnswerInput) });
}

/**
 * POST .../submit: scores the saved answers overlaid with the body's (a question in the
 * body replaces its saved answer). A submit in flight at the deadline (within
 * SUBMIT_GRACE_MS after it) is still taken, as the deadline submission; later the attempt
 * was (or is now) submitted automatically with the saved answers and this answers 409
 * attempt_expired with that result. A finished attempt answers its stored result.
 */
export async function submitAttempt(
  tx: DbOrTx,
  deps: QuizDeps,
  studentId: string,
  testId: string,
  attemptId: string,
  answers: AnswerInput[],
): Promise<Outcome<SubmitResult>> {
  const { ctx, attempt } = await ownAttempt(tx, studentId, testId, attemptId);
  return submitOwn(tx, deps, ctx, attempt, answers);
}

async function submitOwn(tx: DbOrTx, deps: QuizDeps, ctx: Context, attempt: AttemptRow, answers: AnswerInput[]): Promise<Outcome<SubmitResult>> {
  if (attempt.state === "expired" || overdue(attempt, deps.now)) return refuseLate(tx, deps, ctx, attempt);
  if (attempt.state === "submitted") return ok(await storedResult(tx, ctx, attempt));
  const checked = checkedAnswers(attempt, answers);
  const { attempt: finished, downstream, used } = await finish(tx, deps, ctx, attempt, mergeAnswers(attempt.answers, checked), "submitted");
  return ok(resultOf(finished, ctx.test, used, downstream));
}

/** The page's submit held back: the answers are saved and the attempt stays open (the summary asks once more). */
export type HeldSubmit = { held: true; unanswered: string[] };

/**
 * The attempt page's "Odovzdať test" (not part of the API), in the caller's one transaction:
 * with `confirmed` false and questions of an attempt in progress left unanswered by the
 * given answers, the answers are saved and the submit is held (the page shows the
 * summary; its "Odovzdať aj tak" comes back confirmed); otherwise it is submitAttempt.
 */
export async function submitOrHold(
  tx: DbOrTx,
  deps: QuizDeps,
  studentId: string,
  testId: string,
  attemptId: string,
  answers: AnswerInput[],
  confirmed: boolean,
): Promise<Outcome<SubmitResult | HeldSubmit>> {
  const { ctx, attempt } = await ownAttempt(tx, studentId, testId, attemptId);
  if (!confirmed && attempt.state === "in_progress" && !overdue(attempt, deps.now)) {
    const unanswered = unansweredOf(attempt.questionOrder, answers);
    if (unanswered.length > 0) {
      const saved = await saveChecked(tx, deps, ctx, attempt, checkedAnswers(attempt, answers));
      return saved.ok ? ok({ held: true as const, unanswered }) : saved;
    }
  }
  return submitOwn(tx, deps, ctx, attempt, answers);
}

/** The questions with no answer chosen or typed among `answers`, in the attempt's order. */
function unansweredOf(questionOrder: string[], answers: AnswerInput[]): string[] {
  const given = new Set(answers.filter((a) => (a.selectedAnswerIds?.length ?? 0) > 0 || (a.textAnswer ?? "").trim() !== "").map((a) => a.questionId));
  return questionOrder.filter((id) => !given.has(id));
}

/** GET .../attempts/<id>: the attempt as served and, once finished, its result. */
export async function getAttempt(tx: DbOrTx, deps: QuizDeps, studentId: string, testId: string, attemptId: string): Promise<AttemptView> {
  return (await readAttempt(tx, deps, studentId, testId, attemptId)).view;
}

async function readAttempt(tx: DbOrTx, deps: QuizDeps, studentId: string, testId: string, attemptId: string): Promise<{ view: AttemptView; ctx: Context }> {
  const own = await ownAttempt(tx, studentId, testId, attemptId);
  const { ctx } = own;
  let { attempt } = own;
  if (overdue(attempt, deps.now)) attempt = (await finish(tx, deps, ctx, attempt, attempt.answers, "expired")).attempt;
  return {
    ctx,
    view: {
      attempt: served(attempt, ctx.test),
      result:
        attempt.state === "in_progress"
          ? null
          : resultOf(attempt, ctx.test, await usedAttempts(tx, attempt), standingDownstream(ctx.gate, attempt.passed ?? false)),
    },
  };
}

/**
 * What a finished attempt's page says comes next (issue 29, item 3; not part of the API):
 * whether the test stands passed (by this or an earlier attempt), an attempt in progress,
 * attempts left, when the next may start (cooldown), and what to go over again.
 */
export type AttemptGuidance = {
  passed: boolean;
  remaining: number;
  inProgressAttemptId: string | null;
  nextAttemptAt: string | null;
  cooldownMinutes: number;
  review: ReviewTopic[];
};

/** The attempt as getAttempt reads it, and for a finished one its guidance. */
export async function getAttemptWithGuidance(
  tx: DbOrTx,
  deps: QuizDeps,
  studentId: string,
  testId: string,
  attemptId: string,
): Promise<AttemptView & { guidance: AttemptGuidance | null }> {
  const { view, ctx } = await readAttempt(tx, deps, studentId, testId, attemptId);
  if (!view.result) return { ...view, guidance: null };
  const attempts = await attemptsOf(tx, ctx.test.id, ctx.gate.enrollmentId);
  const next = nextAttemptAt(ctx.test, attempts);
  return {
    ...view,
    guidance: {
      passed: attempts.some((a) => a.passed),
      remaining: attemptsLeft(ctx.test.maxAttempts, attempts.length),
      inProgressAttemptId: attempts.find((a) => a.state === "in_progress")?.id ?? null,
      nextAttemptAt: next && next > deps.now ? next.toISOString() : null,
      cooldownMinutes: ctx.test.cooldownMinutes,
      review: reviewScope(ctx.gate),
    },
  };
}

/** GET /api/tests/<id>/attempts: the caller's attempts, attempts left, and whether a start is possible now. */
export async function listAttempts(tx: DbOrTx, deps: QuizDeps, studentId: string, testId: string): Promise<AttemptList> {
  const ctx = await contextOf(tx, studentId, testId, deps.now);
  const { attempts, open } = await expireOverdue(tx, deps, ctx);
  const next = nextAttemptAt(ctx.test, attempts);
  const remaining = attemptsLeft(ctx.test.maxAttempts, attempts.length);
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
 * The scheduled sweep (queue `tests.expire-attempts`): attempts past deadline + SUBMIT_GRACE_MS are
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
      const { ctx, attempt } = await ownAttempt(tx, row.studentId, row.testId, row.id);
      if (!overdue(attempt, now)) return;
      await finish(tx, { queue: deps.queue, now }, ctx, attempt, attempt.answers, "expired");
      expired++;
    });
  }
  return expired;
}
