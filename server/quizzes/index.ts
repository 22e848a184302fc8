// Quizzes area: a student's test attempts: start, save answers, submit, scoring against
// the attempt's snapshot, automatic submission after the deadline (spec: Endpoints >
// Tests (student); docs/decisions/quizzes/tests.md > Tests). What a passed test completes is the learning
// area's engine (server/learning reconcileEnrollment). Authoring tests and questions is
// server/authoring.
export {
  startAttempt,
  saveAnswers,
  submitAttempt,
  submitOrHold,
  type HeldSubmit,
  getAttempt,
  getAttemptWithGuidance,
  listAttempts,
  expireOverdueAttempts,
  SUBMIT_GRACE_MS,
  type QuizDeps,
  type AttemptGuidance,
} from "./attempts";
export { scoreAttempt, normalizeText, shuffled } from "./scoring";
export { quizzesApi, AnswersBody, AttemptStarted, SubmitResult, AttemptList, AttemptView } from "./contract";
export { voidAttempts, listEnrollmentAttempts, type AttemptRecord } from "./void";
export { testStandings, type TestStanding } from "./standings";
