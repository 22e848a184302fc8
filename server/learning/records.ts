// The raw progress records of one enrollment as an admin sees them (spec: Admin:
// enrollments > "one enrollment with raw progress data"): every part's row with its block
// bookkeeping, the completion records, whether the course is completed, and the tests of
// the enrollment's course version (what an admin may reset). Reads only.
import type { DbOrTx } from "../db";
import type { BlockProgress } from "../db/schema/learning";
import { courseDone, loadProgressFacts, type PartState } from "./engine";
import { loadCourseStructure } from "./structure";

export type ProgressRecords = {
  partProgress: {
    partId: string;
    /** null when the part is not in the enrollment's course version (should not happen) */
    partSlug: string | null;
    partTitle: string | null;
    levelId: string | null;
    state: PartState;
    blockProgress: BlockProgress[];
    startedAt: Date | null;
    completedAt: Date | null;
    updatedAt: Date;
  }[];
  moduleCompletions: { moduleId: string; completedAt: Date }[];
  levelCompletions: { levelId: string; completedAt: Date }[];
  courseCompleted: boolean;
  /** the course version's tests in course order: part tests, level tests, the course test */
  tests: { testId: string; title: string; placement: "part" | "level" | "course"; partId: string | null; levelId: string | null; maxAttempts: number }[];
  levels: { levelId: string; title: string; orderIndex: number }[];
};

export async function enrollmentProgressRecords(db: DbOrTx, enrollment: { id: string; courseVersionId: string; state: string }): Promise<ProgressRecords> {
  const structure = await loadCourseStructure(db, enrollment.courseVersionId);
  const facts = await loadProgressFacts(db, enrollment.id);
  const order = new Map(structure?.parts.map((p, i) => [p.id, i]) ?? []);
  const rows = [...facts.parts.values()].sort((a, b) => (order.get(a.partId) ?? Infinity) - (order.get(b.partId) ?? Infinity));
  const tests: ProgressRecords["tests"] = [];
  if (structure) {
    for (const level of structure.levels) {
      for (const topic of level.topics) {
        for (const part of topic.module?.parts ?? []) {
          if (part.partTest)
            tests.push({
              testId: part.partTest.id,
              title: part.partTest.title,
              placement: "part",
              partId: part.id,
              levelId: level.id,
              maxAttempts: part.partTest.maxAttempts,
            });
        }
      }
      if (level.levelTest)
        tests.push({
          testId: level.levelTest.id,
          title: level.levelTest.title,
          placement: "level",
          partId: null,
          levelId: level.id,
          maxAttempts: level.levelTest.maxAttempts,
        });
    }
    const courseTest = structure.course.courseTest;
    if (courseTest)
      tests.push({ testId: courseTest.id, title: courseTest.title, placement: "course", partId: null, levelId: null, maxAttempts: courseTest.maxAttempts });
  }
  return {
    partProgress: rows.map((r) => {
      const part = structure?.partById.get(r.partId);
      return {
        partId: r.partId,
        partSlug: part?.slug ?? null,
        partTitle: part?.title ?? null,
        levelId: part?.levelId ?? null,
        state: r.state,
        blockProgress: r.blockProgress,
        startedAt: r.startedAt,
        completedAt: r.completedAt,
        updatedAt: r.updatedAt,
      };
    }),
    moduleCompletions: [...facts.moduleCompletions].map(([moduleId, completedAt]) => ({ moduleId, completedAt })),
    levelCompletions: [...facts.levelCompletions].map(([levelId, completedAt]) => ({ levelId, completedAt })),
    courseCompleted: structure ? courseDone(structure, facts) : enrollment.state === "completed",
    tests,
    levels: structure?.levels.map((l) => ({ levelId: l.id, title: l.title, orderIndex: l.orderIndex })) ?? [],
  };
}
