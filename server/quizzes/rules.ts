// The test rules that need no database: which questions an attempt gets and in what
// order, when the next attempt may start, and whether a result shows the per-question
// answers (spec: Resources > Test: selectionMode, randomizeAnswerOrder, cooldownMinutes,
// showAnswersAfter; docs/decisions/quizzes/tests.md > Tests). Pure, so they are unit-tested apart.
import type { QuestionSnapshot } from "../db/schema/learning";
import { shuffled } from "./scoring";

type SelectionSettings = { selectionMode: string; questionCount: number | null; randomizeAnswerOrder: boolean };

/**
 * The attempt's questions (in order) and each question's answer order: `all` keeps the
 * authored order, `shuffle` shuffles it, `random_subset` shuffles and keeps the first
 * `questionCount`; answers are shuffled per question when `randomizeAnswerOrder`.
 */
export function selectQuestions(
  questions: readonly QuestionSnapshot[],
  test: SelectionSettings,
  random: () => number,
): { snapshots: QuestionSnapshot[]; answerOrders: Record<string, string[]> } {
  let chosen = [...questions];
  if (test.selectionMode === "shuffle") chosen = shuffled(questions, random);
  else if (test.selectionMode === "random_subset") chosen = shuffled(questions, random).slice(0, test.questionCount ?? questions.length);
  const answerOrders = Object.fromEntries(
    chosen.map((q) => [q.questionId, (test.randomizeAnswerOrder ? shuffled(q.answers, random) : q.answers).map((a) => a.id)]),
  );
  return { snapshots: chosen, answerOrders };
}

/** When the next attempt may start: the latest finished attempt plus the cooldown; null without one. */
/** Attempts a student has left at a test: its limit less the attempts that count (never below 0). */
export function attemptsLeft(maxAttempts: number, used: number): number {
  return Math.max(0, maxAttempts - used);
}

export function nextAttemptAt(test: { cooldownMinutes: number }, attempts: readonly { state: string; submittedAt: Date | null }[]): Date | null {
  if (test.cooldownMinutes <= 0) return null;
  const finished = attempts.filter((a) => a.state !== "in_progress" && a.submittedAt).map((a) => a.submittedAt!.getTime());
  if (finished.length === 0) return null;
  return new Date(Math.max(...finished) + test.cooldownMinutes * 60_000);
}

/** Whether a finished attempt's result shows the per-question results (`showAnswersAfter`). */
export function resultsVisible(test: { showAnswersAfter: string }, passed: boolean, remaining: number): boolean {
  switch (test.showAnswersAfter) {
    case "never":
      return false;
    case "pass":
      return passed;
    case "last_attempt":
      return passed || remaining === 0;
    default:
      return true; // "submit"
  }
}
