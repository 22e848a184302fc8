// Enrollments area: what a student is enrolled in. spec: Enrollment; Endpoints >
// Enrollments (student).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import type { CourseEnrollmentSummary } from "./contract";

export { CourseEnrollmentSummary, EnrollmentProgress, EnrollmentState } from "./contract";

export type EnrollmentListItem = {
  _id: string;
  courseId: string;
  courseTitle: string;
  courseSlug: string;
  state: (typeof schema.enrollments.$inferSelect)["state"];
  enrolledAt: string;
  currentLevelId: string | null;
  progress: (typeof schema.enrollments.$inferSelect)["progress"];
  intermediateCertificateIds: string[];
  finalCertificateId: string | null;
};

/** The student's enrollments, newest first: active, completed and cancelled alike. */
export async function listStudentEnrollments(db: DbOrTx, studentId: string): Promise<EnrollmentListItem[]> {
  const rows = await db
    .select()
    .from(schema.enrollments)
    .where(eq(schema.enrollments.studentId, studentId))
    .orderBy(desc(schema.enrollments.enrolledAt));
  return rows.map((e) => ({
    _id: e.id,
    courseId: e.courseId,
    courseTitle: e.courseTitle,
    courseSlug: e.courseSlug,
    state: e.state,
    enrolledAt: e.enrolledAt.toISOString(),
    currentLevelId: e.currentLevelId,
    progress: e.progress,
    intermediateCertificateIds: e.intermediateCertificateIds,
    finalCertificateId: e.finalCertificateId,
  }));
}

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
    .where(
      and(
        eq(schema.enrollments.courseVersionId, courseVersionId),
        states ? inArray(schema.enrollments.state, states) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A certificate was issued for the enrollment (server/certificates, in its transaction):
 * `finalCertificateId` or one more entry of `intermediateCertificateIds` (spec:
 * Enrollment). Repeating it changes nothing.
 */
export async function recordIssuedCertificate(
  tx: DbOrTx,
  enrollmentId: string,
  certificate: { id: string; type: "final" | "intermediate" },
): Promise<void> {
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
  enrollStudent,
  suspendEnrollmentsOfOrder,
  cancelEnrollmentsOfOrder,
  lockSuspendedEnrollmentsOfOrder,
  liftSuspensions,
  cancelSuspendedEnrollments,
  type NewEnrollment,
  type SuspendedEnrollment,
} from "./enroll";

// Admin operations (spec: Endpoints > Admin: enrollments; docs/decisions.md > Admin enrollments)
export {
  listEnrollmentsForAdmin,
  getEnrollmentForAdmin,
  grantEnrollment,
  batchEnroll,
  cancelEnrollment,
  extendEnrollment,
  resetTestAttempts,
  migrateEnrollment,
  resyncEnrollment,
  grantableCourses,
  courseFilterOptions,
  testsOfVersions,
  serializeAdminEnrollment,
  bratislavaMidnight,
  type AdminActor,
  type EnrollmentAdminDeps,
} from "./admin";
export { lookupPerson, personForEnrollment, type PersonSnapshot } from "./people";
export {
  enrollmentsAdminApi,
  AdminEnrollment,
  AdminEnrollmentDetail,
  AdminEnrollmentListQuery,
  AdminEnrollmentListResponse,
  AdminProgress,
  GrantEnrollmentBody,
  GrantEnrollmentResponse,
  CancelEnrollmentBody,
  CancelEnrollmentResponse,
  ExtendEnrollmentBody,
  ExtendEnrollmentResponse,
  ResetTestAttemptsBody,
  ResetTestAttemptsResponse,
  MigrateEnrollmentBody,
  MigrateEnrollmentResponse,
  ResyncEnrollmentBody,
  ResyncEnrollmentResponse,
  BatchEnrollBody,
  BatchEnrollResponse,
  EnrolledAfter,
} from "./admin-contract";
