// What a test needs from learning, and nothing more (docs/decisions/learning/learning.md > Learning and
// tests): `testGate` finds the enrollment a test is taken in (locked for the caller's
// transaction), where the test sits in its course version and whether progress allows
// starting it now; `afterAttempt` is learning's one reaction to an attempt quizzes has
// decided. The course structure and the progress facts are loaded once per gate and
// carried by the gate value itself (no module-level state), so a submit reads them once
// however many attempts it finishes (docs/decisions/quizzes/one-transaction-per-submit.md).
import { DomainError } from "../kernel/errors";
import type { Queue } from "../queue";
import { lockEnrollment, requireLearningEnrollment, type EnrollmentRow } from "../enrollments";
import { courseDone, loadProgressFacts, partStateOf, reconcile, testGate as locateTest, type ProgressFacts, type TestGate as Placement } from "./engine";
import { loadCourseStructure, type CourseStructure } from "./structure";

/** Where a test sits and whether the student may start it as far as progress goes. */
export type TestGate = {
  readonly enrollmentId: string;
  readonly courseSlug: string;
  readonly placement: "part" | "level" | "course";
  /** progress allows starting the test now (a part test once its part is completed, …) */
  readonly available: boolean;
  readonly partId: string | null;
  readonly levelId: string | null;
  /** what learning loaded for the gate; quizzes never reads it (learning's own, passed back) */
  readonly inside: Inside;
};

/** What a finished attempt means downstream (spec: Endpoints > Tests, submit's `downstream`). */
export type Downstream = {
  partCompleted: boolean;
  moduleCompleted: boolean;
  moduleId: string | null;
  levelCompleted: boolean;
  courseCompleted: boolean;
  intermediateCertificateIssued: boolean;
  finalCertificateIssued: boolean;
};

/** The gate's loaded state: the locked enrollment, the structure, the progress facts and the test's place. */
export type Inside = { enrollment: EnrollmentRow; structure: CourseStructure; facts: ProgressFacts; placement: Placement; testId: string };

/**
 * The gate of `testId` for a student starting or listing it (`{ studentId,
 * courseVersionId }`: their learning enrollment on the test's course version, 403
 * no_enrollment without one) or for an attempt's own enrollment (`{ enrollmentId }`:
 * read whatever its state). Takes the enrollment's row lock; 404 when the test is not
 * part of the course version.
 */
export async function testGate(
  tx: Parameters<typeof lockEnrollment>[0],
  who: { studentId: string; courseVersionId: string; now: Date } | { enrollmentId: string },
  testId: string,
): Promise<TestGate> {
  let enrollment: EnrollmentRow | null;
  if ("studentId" in who) {
    // found and locked in one statement; it refuses (403 no_enrollment) what may not learn
    enrollment = await requireLearningEnrollment(tx, { studentId: who.studentId, courseVersionId: who.courseVersionId }, who.now, { forUpdate: true });
  } else {
    enrollment = await lockEnrollment(tx, who.enrollmentId);
    if (!enrollment) throw new DomainError("not_found");
  }
  const structure = await loadCourseStructure(tx, enrollment.courseVersionId);
  if (!structure) throw new DomainError("not_found");
  const facts = await loadProgressFacts(tx, enrollment.id);
  const placement = locateTest(structure, facts, testId);
  if (!placement) throw new DomainError("not_found", "Test nie je súčasťou kurzu.");
  return {
    enrollmentId: enrollment.id,
    courseSlug: structure.course.slug,
    placement: placement.placement,
    available: placement.available,
    partId: placement.part?.id ?? null,
    levelId: placement.level?.id ?? null,
    inside: { enrollment, structure, facts, placement, testId },
  };
}

/**
 * What the finished attempt completed. A pass counts in the progress facts and the
 * engine derives and writes what follows (parts unlocked, module, level, course
 * completed, certificates queued), in the caller's transaction under the gate's lock; a
 * fail changes nothing. `finalCertificateIssued` is true when this attempt completed the
 * course, and whenever a passed course test stands in a completed course (the
 * certificate was queued when the course completed, by this pass or, with an optional
 * course test, before it).
 */
export async function afterAttempt(
  tx: Parameters<typeof lockEnrollment>[0],
  deps: { queue: Queue; now: Date },
  gate: TestGate,
  attempt: { passed: boolean },
): Promise<Downstream> {
  const g = gate.inside;
  if (!attempt.passed) return downstreamOf(g, { completedLevels: [], courseCompleted: false }, false);
  g.facts.passedTests.add(g.testId);
  const changes = await reconcile(tx, deps, g.enrollment, g.structure, g.facts, { touch: true });
  if (changes.courseCompleted) g.enrollment = { ...g.enrollment, state: "completed" };
  return downstreamOf(g, changes, true);
}

/** What a finished attempt means as things stand now (a stored result read again). */
export function standingDownstream(gate: TestGate, passed: boolean): Downstream {
  return downstreamOf(gate.inside, { completedLevels: [], courseCompleted: false }, passed);
}

/** A topic to go over again after a failed test, with the part to open. */
export type ReviewTopic = { topicTitle: string; partId: string; partTitle: string };

/**
 * What a test covers, as topics with a part to open (issue 29, item 3): questions carry no
 * link to parts, so a test's scope is where it sits: a part test its part, a level test
 * every topic of its level, the course test every topic of the course; a topic opens at
 * its module's first part (the one the module starts with).
 */
export function reviewScope(gate: TestGate): ReviewTopic[] {
  const { placement, structure } = gate.inside;
  if (placement.part) {
    const topic = structure.topicById.get(placement.part.topicId);
    return [{ topicTitle: topic?.title ?? placement.part.title, partId: placement.part.id, partTitle: placement.part.title }];
  }
  const levels = placement.level ? [placement.level] : structure.levels;
  return levels.flatMap((level) =>
    level.topics.flatMap((topic) => {
      const first = topic.module?.parts[0];
      return first ? [{ topicTitle: topic.title, partId: first.id, partTitle: first.title }] : [];
    }),
  );
}

/** What a finished attempt completed, from where the test sits and the facts (pure; the benchmark's bare twin uses it too). */
export function downstreamOf(
  g: Pick<Inside, "placement" | "structure" | "facts">,
  changes: { completedLevels: string[]; courseCompleted: boolean },
  passed: boolean,
): Downstream {
  const { placement, structure, facts } = g;
  const moduleId = placement.part?.moduleId ?? null;
  const levelId = placement.level?.id ?? null;
  return {
    partCompleted: placement.part ? partStateOf(facts, placement.part.id) === "completed" : false,
    moduleCompleted: moduleId ? facts.moduleCompletions.has(moduleId) : false,
    moduleId,
    levelCompleted: levelId ? facts.levelCompletions.has(levelId) : false,
    courseCompleted: courseDone(structure, facts),
    intermediateCertificateIssued: changes.completedLevels.some((id) => structure.levelById.get(id)?.issuesIntermediateCertificate),
    finalCertificateIssued: changes.courseCompleted || (passed && placement.placement === "course" && courseDone(structure, facts)),
  };
}
