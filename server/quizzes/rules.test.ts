// The pure test rules: question selection, cooldown and result visibility.
import { describe, expect, it } from "vitest";
import type { QuestionSnapshot } from "../db/schema/learning";
import { nextAttemptAt, resultsVisible, selectQuestions } from "./rules";

const question = (id: string, answers = ["a", "b", "c"]): QuestionSnapshot => ({
  questionId: id,
  type: "single_choice",
  text: `Otázka ${id}`,
  answers: answers.map((a, i) => ({ id: `${id}-${a}`, text: a, isCorrect: i === 0 })),
  acceptedAnswers: [],
  explanation: null,
  weight: 1,
});
const authored = ["q1", "q2", "q3", "q4", "q5"].map((id) => question(id));
/** a fixed sequence, so shuffles are repeatable */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

describe("selectQuestions", () => {
  it("`all` keeps the authored order and every answer order", () => {
    const { snapshots, answerOrders } = selectQuestions(authored, { selectionMode: "all", questionCount: null, randomizeAnswerOrder: false }, () => 0.5);
    expect(snapshots.map((q) => q.questionId)).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(answerOrders.q2).toEqual(["q2-a", "q2-b", "q2-c"]);
  });

  it("`shuffle` keeps every question in another order and leaves the input alone", () => {
    const { snapshots } = selectQuestions(authored, { selectionMode: "shuffle", questionCount: null, randomizeAnswerOrder: false }, sequence(0, 0, 0, 0));
    expect(snapshots.map((q) => q.questionId).sort()).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(snapshots.map((q) => q.questionId)).not.toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(authored.map((q) => q.questionId)).toEqual(["q1", "q2", "q3", "q4", "q5"]);
  });

  it("`random_subset` takes questionCount distinct questions; answers shuffle when asked", () => {
    const { snapshots, answerOrders } = selectQuestions(
      authored,
      { selectionMode: "random_subset", questionCount: 2, randomizeAnswerOrder: true },
      sequence(0.1, 0.9, 0.4, 0.7),
    );
    expect(snapshots).toHaveLength(2);
    expect(new Set(snapshots.map((q) => q.questionId)).size).toBe(2);
    expect(Object.keys(answerOrders).sort()).toEqual(snapshots.map((q) => q.questionId).sort());
    for (const q of snapshots) expect([...answerOrders[q.questionId]].sort()).toEqual(q.answers.map((a) => a.id).sort());
  });
});

describe("nextAttemptAt", () => {
  const at = (iso: string) => new Date(iso);
  it("is the latest finished attempt plus the cooldown", () => {
    const attempts = [
      { state: "submitted", submittedAt: at("2026-03-01T10:00:00Z") },
      { state: "expired", submittedAt: at("2026-03-01T11:00:00Z") },
      { state: "in_progress", submittedAt: null },
    ];
    expect(nextAttemptAt({ cooldownMinutes: 30 }, attempts)).toEqual(at("2026-03-01T11:30:00Z"));
  });
  it("is null without a cooldown or without a finished attempt", () => {
    expect(nextAttemptAt({ cooldownMinutes: 0 }, [{ state: "submitted", submittedAt: new Date() }])).toBeNull();
    expect(nextAttemptAt({ cooldownMinutes: 10 }, [{ state: "in_progress", submittedAt: null }])).toBeNull();
  });
});

describe("resultsVisible", () => {
  it.each([
    ["submit", false, 2, true],
    ["never", true, 0, false],
    ["pass", false, 0, false],
    ["pass", true, 1, true],
    ["last_attempt", false, 1, false],
    ["last_attempt", false, 0, true],
    ["last_attempt", true, 2, true],
  ] as const)("showAnswersAfter %s, passed %s, %i left → %s", (showAnswersAfter, passed, remaining, expected) => {
    expect(resultsVisible({ showAnswersAfter }, passed, remaining)).toBe(expected);
  });
});
