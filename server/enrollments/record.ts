// The Enrollment record and the student's reads behind GET /api/enrollments/me and
// GET /api/enrollments/<id> (spec: Resources > Enrollment; Endpoints > Enrollments
// (student)). One serializer for the student's and the admin's views.
import { desc, eq, sql } from "drizzle-orm";
import { prepared, schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import type { EnrollmentListItem, EnrollmentRecord } from "./contract";
import { findEnrollment, type EnrollmentRow } from "./rows";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The Enrollment resource (spec: Resources > Enrollment) with what the detail views add
 * beyond it (completedAt, cancelledAt, suspended).
 */
export function enrollmentRecord(e: EnrollmentRow): EnrollmentRecord {
  return {
    _id: e.id,
    courseId: e.courseId,
    courseVersionId: e.courseVersionId,
    courseTitle: e.courseTitle,
    courseSlug: e.courseSlug,
    studentId: e.studentId,
    studentDisplayName: e.studentDisplayName,
    studentEmail: e.studentEmail,
    state: e.state,
    reason: e.reason,
    grantReason: e.grantReason,
    sponsorOrgId: e.sponsorOrgId,
    orderId: e.orderId,
    enrolledAt: e.enrolledAt.toISOString(),
    accessExpiresAt: iso(e.accessExpiresAt),
    currentLevelId: e.currentLevelId,
    progress: e.progress,
    intermediateCertificateIds: e.intermediateCertificateIds,
    finalCertificateId: e.finalCertificateId,
    completedAt: iso(e.completedAt),
    cancelledAt: iso(e.cancelledAt),
    suspended: e.suspendedAt !== null,
  };
}

/** GET /api/enrollments/me: the student's enrollments, newest first: active, completed and cancelled alike. */
export async function listStudentEnrollments(db: DbOrTx, studentId: string): Promise<EnrollmentListItem[]> {
  const query = prepared(db, "enrollments_of_student", (name) =>
    db
      .select()
      .from(schema.enrollments)
      .where(eq(schema.enrollments.studentId, sql.placeholder("studentId")))
      .orderBy(desc(schema.enrollments.enrolledAt))
      .prepare(name),
  );
  const rows = await query.execute({ studentId });
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

/** GET /api/enrollments/<id>: the owner's enrollment; anyone else's answers 404 like a missing one. */
export async function findOwnEnrollment(db: DbOrTx, studentId: string, enrollmentId: string): Promise<EnrollmentRow> {
  const e = await findEnrollment(db, enrollmentId);
  if (!e || e.studentId !== studentId) throw new DomainError("not_found");
  return e;
}
