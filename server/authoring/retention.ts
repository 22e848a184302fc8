// Soft deletion of old course versions (spec: States and transitions > Course, "archived →
// soft delete: version has no active enrollments and 5 years have passed since archival";
// Limits: soft deletion only after 5 years since archival and without active enrollments).
// A daily job; each version is checked again under its row lock, so a rerun or a second
// instance finds the work done.
import { and, eq, lte } from "drizzle-orm";
import { schema, type Database } from "../db";
import { SYSTEM_JOB_ACTOR, writeAudit } from "../audit";
import { countEnrollmentsOfCourseVersion } from "../enrollments";
import type { Logger } from "../log";

export const SOFT_DELETE_VERSIONS_QUEUE = "authoring.soft-delete-versions";
/** daily at 04:15 Europe/Bratislava */
export const SOFT_DELETE_VERSIONS_CRON = "15 4 * * *";
export const SOFT_DELETE_AFTER_YEARS = 5;

/** The moment `years` calendar years before `now` (UTC). */
export function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

/** Marks archived versions older than 5 years and without active enrollments `deleted`; returns their ids. */
export async function softDeleteExpiredVersions(db: Database, now: Date = new Date()): Promise<string[]> {
  const cutoff = yearsBefore(now, SOFT_DELETE_AFTER_YEARS);
  const candidates = await db
    .select({ id: schema.courses.id })
    .from(schema.courses)
    .where(and(eq(schema.courses.state, "archived"), lte(schema.courses.archivedAt, cutoff)));
  const deleted: string[] = [];
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [course] = await tx.select().from(schema.courses).where(eq(schema.courses.id, id)).for("update");
      if (!course || course.state !== "archived" || !course.archivedAt || course.archivedAt > cutoff) return false;
      if ((await countEnrollmentsOfCourseVersion(tx, id, ["active"])) > 0) return false;
      await tx.update(schema.courses).set({ state: "deleted", deletedAt: now }).where(eq(schema.courses.id, id));
      await writeAudit(tx, {
        actorId: SYSTEM_JOB_ACTOR,
        action: "course.soft_delete",
        targetType: "course",
        targetId: id,
        details: { slug: course.slug, version: course.version, archivedAt: course.archivedAt.toISOString() },
      });
      return true;
    });
    if (done) deleted.push(id);
  }
  return deleted;
}

/** The worker of `authoring.soft-delete-versions`. */
export function softDeleteVersionsJob(deps: { db: Database; log: Pick<Logger, "info"> }) {
  return async () => {
    const deleted = await softDeleteExpiredVersions(deps.db);
    if (deleted.length) deps.log.info("old course versions soft-deleted", { count: deleted.length });
    return { deleted: deleted.length };
  };
}
