// Creating enrollments (paid, granted, sponsored) and the changes payment events make to
// them. spec: States and transitions > Enrollment; DESIGN.md > Orders and payments.
import { and, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { courseShape, preallocatePartProgress } from "../learning";

export type NewEnrollment = {
  /** the exact version bought */
  courseVersionId: string;
  /** the chain's first version (docs/decisions.md > Course identity across versions) */
  courseId: string;
  courseTitle: string;
  courseSlug: string;
  studentId: string;
  studentDisplayName: string;
  studentEmail: string | null;
  reason: "paid" | "admin_grant" | "sponsor";
  orderId?: string | null;
  sponsorOrgId?: string | null;
  grantReason?: string | null;
  enrolledAt: Date;
  /** admin grants may end access on a date (spec: Enrollment.accessExpiresAt) */
  accessExpiresAt?: Date | null;
};

/**
 * Enrolls a student in the caller's transaction with every part's progress preallocated
 * (spec: States > Enrollment: "progress preallocated"). A student already actively
 * enrolled in the course keeps that enrollment: it is returned with `created: false`
 * (the partial unique index allows one active enrollment per student and course).
 */
export async function enrollStudent(tx: DbOrTx, input: NewEnrollment): Promise<{ enrollmentId: string; created: boolean }> {
  const shape = await courseShape(tx, input.courseVersionId);
  const [row] = await tx
    .insert(schema.enrollments)
    .values({
      courseId: input.courseId,
      courseVersionId: input.courseVersionId,
      courseTitle: input.courseTitle,
      courseSlug: input.courseSlug,
      studentId: input.studentId,
      studentDisplayName: input.studentDisplayName,
      studentEmail: input.studentEmail,
      state: "active",
      reason: input.reason,
      grantReason: input.grantReason ?? null,
      sponsorOrgId: input.sponsorOrgId ?? null,
      orderId: input.orderId ?? null,
      enrolledAt: input.enrolledAt,
      accessExpiresAt: input.accessExpiresAt ?? null,
      currentLevelId: shape.firstLevelId,
      progress: { completedModules: 0, totalModules: shape.totalModules, completedLevels: 0, totalLevels: shape.totalLevels, lastActivityAt: null },
    })
    .onConflictDoNothing()
    .returning({ id: schema.enrollments.id });
  if (!row) {
    const [existing] = await tx
      .select({ id: schema.enrollments.id })
      .from(schema.enrollments)
      .where(and(eq(schema.enrollments.studentId, input.studentId), eq(schema.enrollments.courseId, input.courseId), eq(schema.enrollments.state, "active")))
      .limit(1);
    return { enrollmentId: existing.id, created: false };
  }
  await preallocatePartProgress(tx, row.id, input.courseVersionId);
  return { enrollmentId: row.id, created: true };
}

/** payment.disputed: the order's active enrollments are suspended until an admin decides. */
export async function suspendEnrollmentsOfOrder(tx: DbOrTx, orderId: string, at: Date): Promise<number> {
  const rows = await tx
    .update(schema.enrollments)
    .set({ suspendedAt: at })
    .where(and(eq(schema.enrollments.orderId, orderId), eq(schema.enrollments.state, "active")))
    .returning({ id: schema.enrollments.id });
  return rows.length;
}

/** A completed refund with alsoCancelEnrollment: the order's active enrollments end. */
export async function cancelEnrollmentsOfOrder(tx: DbOrTx, orderId: string, at: Date, reason: string): Promise<number> {
  const rows = await tx
    .update(schema.enrollments)
    .set({ state: "cancelled", cancelledAt: at, cancelReason: reason })
    .where(and(eq(schema.enrollments.orderId, orderId), eq(schema.enrollments.state, "active")))
    .returning({ id: schema.enrollments.id });
  return rows.length;
}
