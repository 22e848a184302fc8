// The tests in the learning sequence (issue 29, item 1; docs/decisions/learning/the-sequence-includes-the-tests.md > The sequence
// includes the tests): for a part, level or course test, the line the dashboard shows where
// it belongs (after its part, at the end of its level, after the last level): its state in
// words, whether it is a link, and what unlocks it; and whether a module waits for a test.
// Pure: the learn view and the student's standings with each test go in.
import type { LearnView } from "#server/learning";
import type { TestStanding } from "#server/quizzes";

export type TestLineState = "locked" | "available" | "in_progress" | "completed";

export type TestLineView = {
  href: string;
  label: string;
  required: boolean;
  state: TestLineState;
  /** the state in words */
  status: string;
  /** what unlocks the test (only while it is locked) or what to do now */
  note: string | null;
  /** a link while it can be opened (available, in progress, passed, attempts used up) */
  linked: boolean;
};

type Test = { id: string; required: boolean; available: boolean };

/** One test's line from where it sits and the student's standing with it. */
export function testLine(slug: string, test: Test, label: string, lockedNote: string, standing: TestStanding | undefined): TestLineView {
  const href = `/kurzy/${slug}/testy/${test.id}`;
  const base = { href, label, required: test.required };
  if (standing?.passed) return { ...base, state: "completed", status: "Splnený", note: null, linked: true };
  if (standing?.inProgressAttemptId) return { ...base, state: "in_progress", status: "Rozpracovaný pokus", note: null, linked: true };
  if (!test.available) return { ...base, state: "locked", status: "Zamknutý", note: lockedNote, linked: false };
  if (standing && standing.left === 0) {
    return { ...base, state: "in_progress", status: "Vyčerpané pokusy", note: "ďalšie pokusy môže povoliť správca akadémie", linked: true };
  }
  return {
    ...base,
    state: "available",
    status: standing && standing.used > 0 ? "Neúspešný pokus, skúste znova" : "Môžete ho absolvovať",
    note: null,
    linked: true,
  };
}

type Module = NonNullable<LearnView["levels"][number]["topics"][number]["module"]>;

/**
 * The test a module waits for: every required part is done but a required part test is not
 * passed (so the module is not complete). Null when it waits for nothing of the kind.
 */
export function moduleWaitsFor(module: Module, standings: Map<string, TestStanding>): { testId: string; partTitle: string } | null {
  if (module.state === "completed") return null;
  const required = module.parts.filter((p) => p.requiredForCompletion);
  if (required.length === 0 || required.some((p) => p.state !== "completed")) return null;
  const waiting = module.parts.find((p) => p.partTest?.required && p.state === "completed" && !standings.get(p.partTest.id)?.passed);
  return waiting?.partTest ? { testId: waiting.partTest.id, partTitle: waiting.title } : null;
}
