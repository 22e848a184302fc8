// Changes of one enrollment, each in the caller's transaction under the enrollment's row
// lock (rows.ts lockEnrollment): what learning records (progress counters, current level,
// completion), what an admin changes (cancel, access expiry, course version, the person
// snapshot). The enrollments area is the only writer of the enrollments table; other areas
// call these through its door.
import { and, eq, ne } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import type { EnrollmentRow } from "./rows";

const { enrollments } = schema;

/**
 * Learning's derived facts (server/learning reconcile): counters, current level and,
 * when the course is done, the move into `completed` (spec: Course completion).
 */
export async function recordProgress(
  tx: DbOrTx,
  enrollmentId: string,
  values: { progress: EnrollmentRow["progress"]; currentLevelId: string | null; completed?: boolean; now: Date },
): Promise<void> {
  await tx
    .update(enrollments)
    .set({
      progress: values.progress,
      currentLevelId: values.currentLevelId,
      ...(values.completed ? { state: "completed" as const, completedAt: values.now } : {}),
      updatedAt: values.now,
    })
    .where(eq(enrollments.id, enrollmentId));
}

/** An admin cancels an active enrollment (spec: States > Enrollment). */
export async function markCancelled(tx: DbOrTx, enrollmentId: string, reason: string, now: Date): Promise<void> {
  await tx.update(enrollments).set({ state: "cancelled", cancelledAt: now, cancelReason: reason, updatedAt: now }).where(eq(enrollments.id, enrollmentId));
}

/** The id of another active enrollment of the same student on the same course, if any. */
export async function otherActiveEnrollment(tx: DbOrTx, row: Pick<EnrollmentRow, "id" | "studentId" | "courseId">): Promise<string | null> {
  const [other] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.studentId, row.studentId), eq(enrollments.courseId, row.courseId), eq(enrollments.state, "active"), ne(enrollments.id, row.id)))
    .limit(1);
  return other?.id ?? null;
}

/** A new end of access; an expired enrollment becomes active again when `reactivate`. */
export async function setAccessExpiry(tx: DbOrTx, enrollmentId: string, expiresAt: Date, reactivate: boolean, now: Date): Promise<void> {
  await tx
    .update(enrollments)
    .set({ accessExpiresAt: expiresAt, ...(reactivate ? { state: "active" as const } : {}), updatedAt: now })
    .where(eq(enrollments.id, enrollmentId));
}

/** The enrollment moves to another version of its course (spec: Versioning 8). */
export async function moveToCourseVersion(tx: DbOrTx, enrollmentId: string, target: { id: string; title: string; slug: string }, now: Date): Promise<void> {
  await tx
    .update(enrollments)
    .set({ courseVersionId: target.id, courseTitle: target.title, courseSlug: target.slug, updatedAt: now })
    .where(eq(enrollments.id, enrollmentId));
}

/** The person snapshot from the provider (an admin's resync). */
export async function updateStudentSnapshot(tx: DbOrTx, enrollmentId: string, person: { displayName: string; email: string | null }, now: Date): Promise<void> {
  await tx
    .update(enrollments)
    .set({ studentDisplayName: person.displayName, studentEmail: person.email, updatedAt: now })
    .where(eq(enrollments.id, enrollmentId));
}
