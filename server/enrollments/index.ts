// Enrollments area: what a student is enrolled in, and the one home of the Enrollment:
// its row and lock, the access rules (what active, completed, suspended, cancelled and
// expired allow), the record's schema and its one serializer, the student's reads, and
// every write of the enrollments table (creation, payment events, learning's progress,
// certificates issued, admin changes). It sits below learning: learning asks it for an
// enrollment it may learn in and tells it what progress and completion to record.
// spec: Enrollment; Endpoints > Enrollments (student); docs/decisions/learning/learning.md > Learning.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import type { CourseEnrollmentSummary } from "./contract";

export {
  CourseEnrollmentSummary,
  EnrollmentProgress,
  EnrollmentState,
  EnrollmentReason,
  EnrollmentRecord,
  EnrollmentListResponse,
  type EnrollmentListItem,
} from "./contract";
export { lockEnrollment, findEnrollment, type EnrollmentRow, type EnrollmentStateValue } from "./rows";
export { requireLearningEnrollment, learningEnrollmentOf, expireEnrollmentAccess, mayLearn, holdsCourse, HOLDING_STATES, type HoldingState } from "./access";
export { enrollmentRecord, listStudentEnrollments, findOwnEnrollment } from "./record";
export { recordProgress, markCancelled, otherActiveEnrollment, setAccessExpiry, moveToCourseVersion, updateStudentSnapshot } from "./changes";

/**
 * The student's active enrollment on a course, for the course detail response (spec:
 * "enrollment is null unless a session with an active enrollment exists"). The slug is
 * the same for every version of a course, so it finds enrollments on older versions too.
 */
export async function findActiveEnrollmentBySlug(db: DbOrTx, studentId: string, courseSlug: string): Promise<CourseEnrollmentSummary | null> {
  const [row] = await db
    .select({ state: schema.enrollments.state, currentLevelId: schema.enrollments.currentLevelId, progress: schema.enrollments.progress })
    .from(schema.enrollments)
    .where(and(eq(schema.enrollments.studentId, studentId), eq(schema.enrollments.courseSlug, courseSlug), eq(schema.enrollments.state, "active")))
    .orderBy(desc(schema.enrollments.enrolledAt))
    .limit(1);
  return row ?? null;
}

/** The fixed label that replaces the student's name on enrollments after erasure. */
export const ANONYMIZED_STUDENT_LABEL = "Anonymizovaný študent";

/**
 * Erasure (spec: External person and organization data): the person's enrollments keep
 * their history under a fixed label, without name or e-mail. Returns how many changed.
 */
export async function anonymizeStudentEnrollments(db: DbOrTx, studentId: string): Promise<number> {
  const rows = await db
    .update(schema.enrollments)
    .set({ studentDisplayName: ANONYMIZED_STUDENT_LABEL, studentEmail: null })
    .where(eq(schema.enrollments.studentId, studentId))
    .returning({ id: schema.enrollments.id });
  return rows.length;
}

/**
 * How many enrollments point at one course version (spec: Course states, "any → delete:
 * course has at least one enrollment → refused"); `states` narrows it (e.g. active only).
 */
export async function countEnrollmentsOfCourseVersion(
  db: DbOrTx,
  courseVersionId: string,
  states?: (typeof schema.enrollmentState.enumValues)[number][],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schema.enrollments)
    .where(and(eq(schema.enrollments.courseVersionId, courseVersionId), states ? inArray(schema.enrollments.state, states) : undefined));
  return Number(row?.n ?? 0);
}

/**
 * A certificate was issued for the enrollment (server/certificates, in its transaction):
 * `finalCertificateId` or one more entry of `intermediateCertificateIds` (spec:
 * Enrollment). Repeating it changes nothing.
 */
export async function recordIssuedCertificate(tx: DbOrTx, enrollmentId: string, certificate: { id: string; type: "final" | "intermediate" }): Promise<void> {
  const { enrollments } = schema;
  if (certificate.type === "final") {
    await tx.update(enrollments).set({ finalCertificateId: certificate.id }).where(eq(enrollments.id, enrollmentId));
    return;
  }
  await tx
    .update(enrollments)
    .set({ intermediateCertificateIds: sql`array_append(${enrollments.intermediateCertificateIds}, ${certificate.id}::text)` })
    .where(and(eq(enrollments.id, enrollmentId), sql`not (${certificate.id}::text = any(${enrollments.intermediateCertificateIds}))`));
}

export {
  createEnrollment,
  suspendEnrollmentsOfOrder,
  cancelEnrollmentsOfOrder,
  lockSuspendedEnrollmentsOfOrder,
  liftSuspensions,
  cancelSuspendedEnrollments,
  type NewEnrollment,
  type EnrollmentShape,
  type SuspendedEnrollment,
} from "./enroll";
