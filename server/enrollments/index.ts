// Enrollments area: what a student is enrolled in. spec: Enrollment; Endpoints >
// Enrollments (student).
import { desc, eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";

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
