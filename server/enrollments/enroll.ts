// Creating enrollments (paid, granted, sponsored) and the changes payment events make to
// them. spec: States and transitions > Enrollment; docs/decisions/payments/payment-webhook-processing.md > Payment webhook
// processing. Preallocating the parts' progress is the learning area's (server/learning
// enrollStudent creates the enrollment here and then preallocates).
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { HOLDING_STATES } from "./access";

/** The counters a new enrollment starts with: its course version's first level and sizes. */
export type EnrollmentShape = { firstLevelId: string | null; totalModules: number; totalLevels: number };

export type NewEnrollment = {
  /** the exact version bought */
  courseVersionId: string;
  /** the chain's first version (docs/decisions/authoring/course-identity-across-versions.md > Course identity across versions) */
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
 * Creates the enrollment row in the caller's transaction. A student already actively
 * enrolled in the course keeps that enrollment: it is returned with `created: false`
 * (the partial unique index allows one active enrollment per student and course).
 */
export async function createEnrollment(tx: DbOrTx, input: NewEnrollment, shape: EnrollmentShape): Promise<{ enrollmentId: string; created: boolean }> {
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
  return { enrollmentId: row.id, created: true };
}

/** payment.disputed: the order's enrollments with access are suspended until an admin decides. */
export async function suspendEnrollmentsOfOrder(tx: DbOrTx, orderId: string, at: Date): Promise<number> {
  const rows = await tx
    .update(schema.enrollments)
    .set({ suspendedAt: at })
    .where(and(eq(schema.enrollments.orderId, orderId), inArray(schema.enrollments.state, [...HOLDING_STATES]), isNull(schema.enrollments.suspendedAt)))
    .returning({ id: schema.enrollments.id });
  return rows.length;
}

/**
 * A completed refund with alsoCancelEnrollment: the order's enrollments end whatever their
 * state (active or completed). Returns the ids of those it ended.
 */
export async function cancelEnrollmentsOfOrder(tx: DbOrTx, orderId: string, at: Date, reason: string): Promise<string[]> {
  const rows = await tx
    .update(schema.enrollments)
    .set({ state: "cancelled", cancelledAt: at, cancelReason: reason, suspendedAt: null })
    .where(and(eq(schema.enrollments.orderId, orderId), inArray(schema.enrollments.state, [...HOLDING_STATES])))
    .returning({ id: schema.enrollments.id });
  return rows.map((r) => r.id);
}

/** An enrollment a disputed payment suspended (active or completed, `suspendedAt` set). */
export type SuspendedEnrollment = { id: string; studentId: string; state: "active" | "completed"; suspendedAt: Date };

/**
 * The order's suspended enrollments, locked for the caller's transaction (the caller holds
 * the order's lock first, as the payment webhook does): what an admin's decision on a
 * dispute acts on (docs/decisions/payments/disputes-end.md > Disputes end).
 */
export async function lockSuspendedEnrollmentsOfOrder(tx: DbOrTx, orderId: string): Promise<SuspendedEnrollment[]> {
  const { enrollments } = schema;
  const rows = await tx
    .select({ id: enrollments.id, studentId: enrollments.studentId, state: enrollments.state, suspendedAt: enrollments.suspendedAt })
    .from(enrollments)
    .where(and(eq(enrollments.orderId, orderId), inArray(enrollments.state, [...HOLDING_STATES]), isNotNull(enrollments.suspendedAt)))
    .orderBy(enrollments.enrolledAt, enrollments.id)
    .for("update");
  return rows.map((r) => ({ id: r.id, studentId: r.studentId, state: r.state === "completed" ? "completed" : "active", suspendedAt: r.suspendedAt! }));
}

/** A dispute won: the suspension ends, the enrollments are active and usable again. */
export async function liftSuspensions(tx: DbOrTx, enrollmentIds: string[]): Promise<number> {
  if (enrollmentIds.length === 0) return 0;
  const { enrollments } = schema;
  const rows = await tx
    .update(enrollments)
    .set({ suspendedAt: null })
    .where(and(inArray(enrollments.id, enrollmentIds), inArray(enrollments.state, [...HOLDING_STATES]), isNotNull(enrollments.suspendedAt)))
    .returning({ id: enrollments.id });
  return rows.length;
}

/** A dispute lost: the suspended enrollments end (cancelled, no longer suspended). */
export async function cancelSuspendedEnrollments(tx: DbOrTx, enrollmentIds: string[], at: Date, reason: string): Promise<number> {
  if (enrollmentIds.length === 0) return 0;
  const { enrollments } = schema;
  const rows = await tx
    .update(enrollments)
    .set({ state: "cancelled", cancelledAt: at, cancelReason: reason, suspendedAt: null })
    .where(and(inArray(enrollments.id, enrollmentIds), inArray(enrollments.state, [...HOLDING_STATES]), isNotNull(enrollments.suspendedAt)))
    .returning({ id: enrollments.id });
  return rows.length;
}
