// Scoring an attempt against its snapshot, never the live questions (spec: TestAttempt;
// docs/decisions/quizzes/tests.md > Tests): single choice, multiple choice all-or-nothing, text answers compared
// ignoring case, diacritics and surrounding whitespace; score 0..1 weighted.
import type { QuestionSnapshot, SubmittedAnswer } from "../db/schema/learning";

export type QuestionResult = { questionId: string; isCorrect: boolean; pointsEarned: number; explanation: string | null };
export type Score = { score: number; correctCount: number; totalCount: number; results: QuestionResult[] };

/** "  Dvadsať Percent " → "dvadsat percent" */
export function normalizeText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");
}

function sameSet(a: string[], b: string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}

export function isCorrect(question: QuestionSnapshot, answer: SubmittedAnswer | undefined): boolean {
  if (!answer) return false;
  if (question.type === "text") {
    const given = normalizeText(answer.textAnswer ?? "");
    return given !== "" && (question.acceptedAnswers ?? []).some((a) => normalizeText(a) === given);
  }
  const correct = question.answers.filter((a) => a.isCorrect).map((a) => a.id);
  const selected = answer.selectedAnswerIds ?? [];
  if (question.type === "single_choice") return selected.length === 1 && correct.includes(selected[0]);
  return sameSet(selected, correct);
}

/** Scores answers in the attempt's question order; the last answer given for a question counts. */
export function scoreAttempt(snapshots: QuestionSnapshot[], questionOrder: string[], answers: SubmittedAnswer[]): Score {
  const byId = new Map(snapshots.map((q) => [q.questionId, q]));
  const answerOf = new Map(answers.map((a) => [a.questionId, a]));
  const results: QuestionResult[] = [];
  let earned = 0;
  let total = 0;
  for (const id of questionOrder) {
    const question = byId.get(id);
    if (!question) continue;
    const correct = isCorrect(question, answerOf.get(id));
    const points = correct ? question.weight : 0;
    earned += points;
    total += question.weight;
    results.push({ questionId: id, isCorrect: correct, pointsEarned: points, explanation: question.explanation ?? null });
  }
  // rounded so that 0.7 stays 0.7 after summing weights (passed = score >= passingScore)
  const score = total === 0 ? 0 : Math.round((earned / total) * 10_000) / 10_000;
  return { score, correctCount: results.filter((r) => r.isCorrect).length, totalCount: results.length, results };
}

/** Fisher–Yates with a supplied random source (crypto in production). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
