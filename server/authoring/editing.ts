// What every authoring write shares: the actor, the draft-only rule (spec: Course states,
// "A published course (and its Level, Topic, Module, Part, Test) cannot be edited"),
// the audit row, and database conflicts turned into DomainErrors.
import { eq, sql } from "drizzle-orm";
import { schema, type Database, type Tx } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, refusalOf, type Outcome } from "../kernel/outcome";
import { writeAudit, type AuditActor } from "../audit";

export type Actor = AuditActor;

export type CourseRow = typeof schema.courses.$inferSelect;

/**
 * Locks the course row (FOR UPDATE: publishing, archiving and edits of one course run
 * one after another) and returns it; 404 when missing or deleted.
 */
export async function lockCourse(tx: Tx, courseId: string): Promise<CourseRow> {
  const [course] = await tx.select().from(schema.courses).where(eq(schema.courses.id, courseId)).for("update");
  if (!course || course.state === "deleted") throw new DomainError("not_found", "Kurz sa nenašiel.");
  return course;
}

/** The locked course, which must be a draft: any other state → 409 `course_not_editable`. */
export async function lockDraftCourse(tx: Tx, courseId: string): Promise<CourseRow> {
  const course = await lockCourse(tx, courseId);
  if (course.state !== "draft") {
    throw new DomainError("course_not_editable", undefined, { courseId: course.id, state: course.state });
  }
  return course;
}

export function notFound(what: string): DomainError {
  return new DomainError("not_found", `${what} sa nenašiel.`);
}

export async function audit(tx: Tx, actor: Actor, action: string, target: { type: string; id: string }, details: Record<string, unknown>): Promise<void> {
  await writeAudit(tx, {
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    action,
    targetType: target.type,
    targetId: target.id,
    details,
    ip: actor.ip ?? null,
  });
}

/** The SQLSTATE and constraint of a driver error (pg and PGlite; drizzle wraps them in `cause`). */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return {};
}

/**
 * An authoring write as a use case returns it (docs/decisions/platform/use-cases-return-values.md):
 * its value, or the refusal found under the course lock (not found, not a draft, a slug
 * taken, a rule), thrown inside so the transaction rolls back and returned here.
 */
export async function editTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  try {
    return ok(await db.transaction(work));
  } catch (error) {
    return refusalOf(error);
  }
}

/** Runs `work`; a unique violation becomes 409 `slug_taken` (the slugs are the unique keys of the content tables). */
export async function slugConflictsAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (databaseError(error).code === "23505") throw new DomainError("slug_taken");
    throw error;
  }
}

/** 422 `validation` with one detail, the shape zod's details have. */
export function invalid(path: string, message: string): DomainError {
  return new DomainError("validation", undefined, [{ path, message, code: "custom" }]);
}

/** Renumbers ordered children 1..N (levels, topics, parts) or 0..N-1 (questions) after a removal. */
export async function renumber(
  tx: Tx,
  table: typeof schema.levels | typeof schema.topics | typeof schema.parts | typeof schema.questions,
  ids: string[],
  start: 0 | 1,
): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await tx
      .update(table)
      .set({ orderIndex: i + start })
      .where(eq(table.id, id));
  }
}

/** Removes `partIds` from every prerequisite list of the course (after those parts are deleted). */
export async function forgetPrerequisites(tx: Tx, courseId: string, partIds: string[]): Promise<void> {
  if (partIds.length === 0) return;
  for (const id of partIds) {
    await tx
      .update(schema.parts)
      .set({ prerequisites: sql`array_remove(${schema.parts.prerequisites}, ${id})` })
      .where(sql`${schema.parts.courseId} = ${courseId} and ${id} = any(${schema.parts.prerequisites})`);
  }
}
