// Request and response shapes of test attempts (spec: Endpoints > Tests (student);
// Resources > Test, Question, TestAttempt; docs/decisions/quizzes/tests.md > Tests). Fields beyond the spec's
// are marked; none of the spec's is renamed.
import { z } from "zod";
import { Id, Iso, IDEMPOTENCY_ERRORS } from "../kernel/contract";
import type { ApiArea, ApiOperation } from "../http/openapi";

export const QuestionType = z.enum(["single_choice", "multiple_choice", "text"]);

export const ServedQuestion = z.strictObject({
  id: z.string(),
  type: QuestionType,
  text: z.string(),
  weight: z.number(),
  /** in the order this student sees them; correct flags are never sent before submit */
  answers: z.array(z.strictObject({ id: z.string(), text: z.string() })),
});

export const AnswerInput = z.strictObject({
  questionId: z.string().min(1).max(64),
  selectedAnswerIds: z.array(z.string().min(1).max(64)).max(50).optional(),
  textAnswer: z.string().max(2000).optional(),
});
export type AnswerInput = z.infer<typeof AnswerInput>;

export const AnswersBody = z.strictObject({ answers: z.array(AnswerInput).max(500) });
export type AnswersBody = z.infer<typeof AnswersBody>;

export const AttemptState = z.enum(["in_progress", "submitted", "expired"]);

/** 201 of a start (also when an attempt in progress is resumed: the same attempt). */
export const AttemptStarted = z.strictObject({
  attemptId: Id,
  test: z.strictObject({ _id: Id, title: z.string(), description: z.string().nullable(), passingScore: z.number(), timeLimitSec: z.int() }),
  questions: z.array(ServedQuestion),
  startedAt: Iso,
  deadline: Iso,
  /** beyond the spec: the attempt's number, its state and the answers saved so far (a resume) */
  attemptNumber: z.int(),
  state: AttemptState,
  savedAnswers: z.array(AnswerInput),
});
export type AttemptStarted = z.infer<typeof AttemptStarted>;

export const Downstream = z.strictObject({
  partCompleted: z.boolean(),
  moduleCompleted: z.boolean(),
  moduleId: Id.nullable(),
  levelCompleted: z.boolean(),
  courseCompleted: z.boolean(),
  intermediateCertificateIssued: z.boolean(),
  finalCertificateIssued: z.boolean(),
});
export type Downstream = z.infer<typeof Downstream>;

export const QuestionResultView = z.strictObject({
  questionId: z.string(),
  isCorrect: z.boolean(),
  pointsEarned: z.number(),
  explanation: z.string().nullable(),
});

export const SubmitResult = z.strictObject({
  attemptId: Id,
  score: z.number().min(0).max(1),
  passed: z.boolean(),
  passingScore: z.number(),
  correctCount: z.int(),
  totalCount: z.int(),
  submittedAt: Iso,
  /** only when the test's showAnswersAfter allows */
  results: z.array(QuestionResultView).optional(),
  downstream: Downstream,
  /** beyond the spec: how the attempt ended and the attempts left */
  state: z.enum(["submitted", "expired"]),
  remaining: z.int(),
});
export type SubmitResult = z.infer<typeof SubmitResult>;

export const AttemptList = z.strictObject({
  attempts: z.array(
    z.strictObject({
      attemptId: Id,
      attemptNumber: z.int(),
      score: z.number().nullable(),
      passed: z.boolean().nullable(),
      submittedAt: Iso.nullable(),
      /** beyond the spec */
      state: AttemptState,
      startedAt: Iso,
      deadline: Iso,
    }),
  ),
  remaining: z.int(),
  maxAttempts: z.int(),
  /** beyond the spec: whether a start is possible now, and why not */
  test: z.strictObject({
    _id: Id,
    title: z.string(),
    description: z.string().nullable(),
    passingScore: z.number(),
    timeLimitSec: z.int(),
    cooldownMinutes: z.int(),
    questionCount: z.int(),
    placement: z.enum(["part", "level", "course"]),
    courseSlug: z.string(),
    partId: Id.nullable(),
    levelId: Id.nullable(),
  }),
  available: z.boolean(),
  passed: z.boolean(),
  inProgressAttemptId: Id.nullable(),
  nextAttemptAt: Iso.nullable(),
});
export type AttemptList = z.infer<typeof AttemptList>;

/** One attempt for its owner (beyond the spec): the questions as served and, once submitted, the result. */
export const AttemptView = z.strictObject({
  attempt: AttemptStarted,
  result: SubmitResult.nullable(),
});
export type AttemptView = z.infer<typeof AttemptView>;

export const SavedAnswers = z.strictObject({ ok: z.literal(true), savedAt: Iso, answers: z.array(AnswerInput) });

const testId = Id;
const attemptId = Id;
const idempotencyNote = "header Idempotency-Key (UUID) required";

/** Saving an attempt's answers: PUT, and POST the same. */
function saveAnswersOperation(method: "put" | "post", operationId: string, summary: string): ApiOperation {
  return {
    method,
    path: "/api/tests/{testId}/attempts/{attemptId}/answers",
    operationId,
    summary,
    tags: ["tests"],
    auth: { kind: "session" },
    pathParams: { testId, attemptId },
    body: { contentType: "application/json", schema: AnswersBody },
    responses: { 200: { description: "what is saved", schema: SavedAnswers } },
    errors: ["unauthorized", "not_found", "validation", "attempt_expired", "conflict"],
  };
}

export const quizzesApi: ApiArea = {
  schemas: { ServedQuestion, AnswerInput, AnswersBody, AttemptStarted, Downstream, QuestionResultView, SubmitResult, AttemptList, AttemptView, SavedAnswers },
  operations: [
    {
      method: "post",
      path: "/api/tests/{testId}/attempts",
      operationId: "startAttempt",
      summary: `Start an attempt (or resume the one in progress, also 201); ${idempotencyNote}`,
      tags: ["tests"],
      auth: { kind: "session" },
      pathParams: { testId },
      responses: {
        201: { description: "the new attempt, or the attempt in progress (resumed)", schema: AttemptStarted },
      },
      errors: [
        "unauthorized",
        "no_enrollment",
        "not_found",
        "prerequisites_not_met",
        "max_attempts_reached",
        "cooldown_active",
        "idempotency_key_required",
        ...IDEMPOTENCY_ERRORS,
        "rate_limited",
      ],
    },
    {
      method: "get",
      path: "/api/tests/{testId}/attempts",
      operationId: "listAttempts",
      summary: "The caller's attempts of a test, attempts left, and whether a start is possible",
      tags: ["tests"],
      auth: { kind: "session" },
      pathParams: { testId },
      responses: { 200: { description: "the attempts", schema: AttemptList } },
      errors: ["unauthorized", "no_enrollment", "not_found"],
    },
    {
      method: "get",
      path: "/api/tests/{testId}/attempts/{attemptId}",
      operationId: "getAttempt",
      summary: "One of the caller's attempts: questions as served, saved answers, the result once submitted",
      tags: ["tests"],
      auth: { kind: "session" },
      pathParams: { testId, attemptId },
      responses: { 200: { description: "the attempt", schema: AttemptView } },
      errors: ["unauthorized", "not_found"],
    },
    saveAnswersOperation("put", "saveAnswers", "Save answers during an attempt (replaces the saved set); POST does the same"),
    saveAnswersOperation("post", "saveAnswersPost", "Save answers during an attempt (the same as PUT)"),
    {
      method: "post",
      path: "/api/tests/{testId}/attempts/{attemptId}/submit",
      operationId: "submitAttempt",
      summary: `Submit and score an attempt; ${idempotencyNote}`,
      tags: ["tests"],
      auth: { kind: "session" },
      pathParams: { testId, attemptId },
      body: { contentType: "application/json", schema: AnswersBody },
      responses: { 200: { description: "the result", schema: SubmitResult } },
      errors: ["unauthorized", "not_found", "validation", "attempt_expired", "idempotency_key_required", ...IDEMPOTENCY_ERRORS],
    },
  ],
};
