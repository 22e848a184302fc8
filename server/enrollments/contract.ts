// Response shapes of the enrollments area (spec: Resources > Enrollment; Endpoints >
// Enrollments (student)). The Enrollment record is written by one serializer
// (record.ts enrollmentRecord) for the student's and the admin's views.
import { z } from "zod";
import { Id, Iso, EnrollmentState, EnrollmentReason } from "../kernel/contract";

export const EnrollmentProgress = z.strictObject({
  completedModules: z.int().min(0),
  totalModules: z.int().min(0),
  completedLevels: z.int().min(0),
  totalLevels: z.int().min(0),
  lastActivityAt: z.string().nullable(),
});

export { EnrollmentState, EnrollmentReason };

/** The `enrollment` of GET /api/courses/<slug>: state, currentLevelId and progress. */
export const CourseEnrollmentSummary = z.strictObject({
  state: EnrollmentState,
  currentLevelId: z.string().nullable(),
  progress: EnrollmentProgress,
});
export type CourseEnrollmentSummary = z.infer<typeof CourseEnrollmentSummary>;

/**
 * The Enrollment resource as `enrollmentRecord` writes it for the student's and the
 * admin's views: the spec's fields, then completedAt, cancelledAt and suspended.
 */
export const EnrollmentRecord = z.strictObject({
  _id: Id,
  courseId: Id,
  courseVersionId: Id,
  courseTitle: z.string(),
  courseSlug: z.string(),
  studentId: z.string(),
  studentDisplayName: z.string(),
  studentEmail: z.string().nullable(),
  state: EnrollmentState,
  reason: EnrollmentReason,
  grantReason: z.string().nullable(),
  sponsorOrgId: z.string().nullable(),
  orderId: Id.nullable(),
  enrolledAt: Iso,
  accessExpiresAt: Iso.nullable(),
  currentLevelId: Id.nullable(),
  progress: z.strictObject({
    completedModules: z.int(),
    totalModules: z.int(),
    completedLevels: z.int(),
    totalLevels: z.int(),
    lastActivityAt: Iso.nullable(),
  }),
  intermediateCertificateIds: z.array(Id),
  finalCertificateId: Id.nullable(),
  /** beyond the spec */
  completedAt: Iso.nullable(),
  cancelledAt: Iso.nullable(),
  /** a disputed payment suspended it (docs/decisions/payments/payment-webhook-processing.md > Payment webhook processing) */
  suspended: z.boolean(),
});
export type EnrollmentRecord = z.infer<typeof EnrollmentRecord>;

/** GET /api/enrollments/me: the caller's enrollments, newest first. */
export const EnrollmentListResponse = z.strictObject({
  data: z.array(
    z.strictObject({
      _id: Id,
      courseId: Id,
      courseTitle: z.string(),
      courseSlug: z.string(),
      state: EnrollmentState,
      enrolledAt: Iso,
      currentLevelId: Id.nullable(),
      progress: EnrollmentRecord.shape.progress,
      intermediateCertificateIds: z.array(Id),
      finalCertificateId: Id.nullable(),
    }),
  ),
});
export type EnrollmentListItem = z.infer<typeof EnrollmentListResponse>["data"][number];
