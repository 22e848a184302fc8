// Progress preallocated with a new enrollment (spec: States and transitions > Part: "At
// enrollment creation every part is initialized as locked or available").
import { asc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { createEnrollment, type NewEnrollment } from "../enrollments";

const { parts, modules, topics, levels, partProgress } = schema;

export type CourseShape = { totalLevels: number; totalModules: number; firstLevelId: string | null };

/** Levels and modules of a course version (for an enrollment's progress counters). */
export async function courseShape(db: DbOrTx, courseVersionId: string): Promise<CourseShape> {
  const levelRows = await db.select({ id: levels.id }).from(levels).where(eq(levels.courseId, courseVersionId)).orderBy(asc(levels.orderIndex));
  const moduleRows = await db.select({ id: modules.id }).from(modules).where(eq(modules.courseId, courseVersionId));
  return { totalLevels: levelRows.length, totalModules: moduleRows.length, firstLevelId: levelRows[0]?.id ?? null };
}

/**
 * One part_progress row per part of the version (spec: Enrollment "progress
 * preallocated"): parts of the first level without prerequisites start `available`
 * (levels are sequential; topics of an unlocked level are open), every other part
 * `locked`. Idempotent: existing rows stay. Returns how many rows the enrollment has.
 */
export async function preallocatePartProgress(tx: DbOrTx, enrollmentId: string, courseVersionId: string): Promise<number> {
  const rows = await tx
    .select({ partId: parts.id, prerequisites: parts.prerequisites, levelOrder: levels.orderIndex })
    .from(parts)
    .innerJoin(modules, eq(parts.moduleId, modules.id))
    .innerJoin(topics, eq(modules.topicId, topics.id))
    .innerJoin(levels, eq(topics.levelId, levels.id))
    .where(eq(parts.courseId, courseVersionId));
  if (rows.length === 0) return 0;
  const firstLevel = Math.min(...rows.map((r) => r.levelOrder));
  await tx
    .insert(partProgress)
    .values(
      rows.map((r) => ({
        enrollmentId,
        partId: r.partId,
        state: r.levelOrder === firstLevel && r.prerequisites.length === 0 ? ("available" as const) : ("locked" as const),
      })),
    )
    .onConflictDoNothing();
  return rows.length;
}

/**
 * Enrolls a student in the caller's transaction with every part's progress preallocated
 * (spec: States > Enrollment: "progress preallocated"): the row is the enrollments area's
 * (createEnrollment), the progress is learning's. A student already actively enrolled in
 * the course keeps that enrollment: it is returned with `created: false`.
 */
export async function enrollStudent(tx: DbOrTx, input: NewEnrollment): Promise<{ enrollmentId: string; created: boolean }> {
  const shape = await courseShape(tx, input.courseVersionId);
  const enrolled = await createEnrollment(tx, input, shape);
  if (enrolled.created) await preallocatePartProgress(tx, enrolled.enrollmentId, input.courseVersionId);
  return enrolled;
}
