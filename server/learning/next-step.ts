// One next step everywhere (issue 29, item 2; docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere):
// the one item a student should do next in an enrollment, and the one progress measure.
// Every page that ends something (a part completed, a test passed, a level or the course
// completed) and the learning dashboard show this step as their one primary button. Pure:
// the course structure and the stored progress facts go in.
import {
  courseDone,
  courseTestAvailable,
  levelTestAvailable,
  levelUnlocked,
  partStateOf,
  partTestAvailable,
  unmetRequirements,
  type ProgressFacts,
} from "./engine";
import type { CourseStructure, PartNode } from "./structure";

export type NextStep =
  /** a part to open (`started`: it is in progress); `required` false only for a prerequisite of a required part */
  | { kind: "part"; partId: string; title: string; started: boolean; required: boolean }
  /** a required test that may be started now */
  | { kind: "test"; testId: string; title: string; placement: "part" | "level" | "course"; partId: string | null; levelId: string | null }
  /** a requirement of the level from outside its content (a required webinar: attend it or watch its recording) */
  | { kind: "requirement"; requirementKind: "webinar"; ref: string; title: string; levelId: string }
  /** the course is completed: the finish page */
  | { kind: "finish" }
  /** nothing open is left to do (should not happen in a published course; the dashboard is the way) */
  | { kind: "none" };

const open = (facts: ProgressFacts, partId: string) => {
  const state = partStateOf(facts, partId);
  return state === "available" || state === "in_progress";
};

function partStep(facts: ProgressFacts, part: PartNode): NextStep {
  return { kind: "part", partId: part.id, title: part.title, started: partStateOf(facts, part.id) === "in_progress", required: part.requiredForCompletion };
}

/** The part to open so that `part` can be done: itself when open, else the first open part it waits for. */
function wayTo(structure: CourseStructure, facts: ProgressFacts, part: PartNode, seen = new Set<string>()): PartNode | null {
  if (seen.has(part.id)) return null;
  seen.add(part.id);
  if (open(facts, part.id)) return part;
  for (const id of part.prerequisites) {
    const before = structure.partById.get(id);
    if (!before || partStateOf(facts, id) === "completed") continue;
    const way = wayTo(structure, facts, before, seen);
    if (way) return way;
  }
  return null;
}

/**
 * The next step of an enrollment: the first required item of the sequence (levels in order;
 * in each, the topics' parts, each followed by its test, then the level test; the course
 * test last) that is not done, as something the student can open now. A required part that
 * is still locked leads to the open part it waits for (a prerequisite, required or not); a
 * required test whose part is not completed leads to that part. Optional parts and optional
 * tests are never the next step. A completed course leads to the finish page.
 */
export function nextStep(structure: CourseStructure, facts: ProgressFacts, enrollmentState: string, from: { partId?: string } = {}): NextStep {
  if (enrollmentState === "completed" || courseDone(structure, facts)) return { kind: "finish" };
  const passed = (id: string) => facts.passedTests.has(id);
  // seen from a part (its page, its completion): its own required test comes next once it opened
  const here = from.partId ? structure.partById.get(from.partId) : undefined;
  if (here?.partTest?.required && !passed(here.partTest.id) && partTestAvailable(facts, here)) {
    return { kind: "test", testId: here.partTest.id, title: here.partTest.title, placement: "part", partId: here.id, levelId: here.levelId };
  }
  for (const level of structure.levels) {
    if (facts.levelCompletions.has(level.id)) continue;
    if (!levelUnlocked(structure, facts, level)) break;
    for (const topic of level.topics) {
      for (const part of topic.module?.parts ?? []) {
        const partDone = partStateOf(facts, part.id) === "completed";
        const testWaits = part.partTest?.required === true && !passed(part.partTest.id);
        if ((part.requiredForCompletion && !partDone) || (testWaits && !partDone)) {
          const way = wayTo(structure, facts, part);
          if (way) return partStep(facts, way);
          continue;
        }
        if (testWaits && partTestAvailable(facts, part)) {
          return { kind: "test", testId: part.partTest!.id, title: part.partTest!.title, placement: "part", partId: part.id, levelId: level.id };
        }
      }
    }
    if (level.levelTest?.required && !passed(level.levelTest.id) && levelTestAvailable(structure, facts, level)) {
      return { kind: "test", testId: level.levelTest.id, title: level.levelTest.title, placement: "level", partId: null, levelId: level.id };
    }
    // the level's content is done: what it still waits for from outside (a required webinar)
    const [unmet] = unmetRequirements(facts, level);
    if (unmet && !(level.levelTest?.required && !passed(level.levelTest.id))) {
      return { kind: "requirement", requirementKind: unmet.kind, ref: unmet.ref, title: unmet.title, levelId: level.id };
    }
    // a level not completed whose required items are all done waits on nothing open here
    break;
  }
  const courseTest = structure.course.courseTest;
  if (courseTest?.required && !passed(courseTest.id) && courseTestAvailable(structure, facts)) {
    return { kind: "test", testId: courseTest.id, title: courseTest.title, placement: "course", partId: null, levelId: null };
  }
  return { kind: "none" };
}

export type ProgressMeasure = { done: number; total: number; percent: number };

/**
 * The one progress measure: required items done of required items (required parts, required
 * part tests, required level tests, the levels' requirements such as a required webinar, the
 * required course test). 100 % only when the course is
 * completed; until then at most 99 %.
 */
export function progressMeasure(structure: CourseStructure, facts: ProgressFacts, enrollmentState: string): ProgressMeasure {
  let done = 0;
  let total = 0;
  const count = (isDone: boolean) => {
    total += 1;
    if (isDone) done += 1;
  };
  for (const level of structure.levels) {
    for (const topic of level.topics) {
      for (const part of topic.module?.parts ?? []) {
        if (part.requiredForCompletion) count(partStateOf(facts, part.id) === "completed");
        if (part.partTest?.required) count(facts.passedTests.has(part.partTest.id));
      }
    }
    if (level.levelTest?.required) count(facts.passedTests.has(level.levelTest.id));
    for (const requirement of facts.requirements) if (requirement.levelId === level.id) count(requirement.met);
  }
  const courseTest = structure.course.courseTest;
  if (courseTest?.required) count(facts.passedTests.has(courseTest.id));
  const completed = enrollmentState === "completed" || courseDone(structure, facts);
  const percent = completed ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
  return { done: completed ? total : done, total, percent };
}
