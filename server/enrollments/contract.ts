// Response shapes of the enrollments area (spec: Resources > Enrollment).
import { z } from "zod";

export const EnrollmentProgress = z.strictObject({
  completedModules: z.int().min(0),
  totalModules: z.int().min(0),
  completedLevels: z.int().min(0),
  totalLevels: z.int().min(0),
  lastActivityAt: z.string().nullable(),
});

export const EnrollmentState = z.enum(["active", "completed", "cancelled", "expired"]);

/** The `enrollment` of GET /api/courses/<slug>: state, currentLevelId and progress. */
export const CourseEnrollmentSummary = z.strictObject({
  state: EnrollmentState,
  currentLevelId: z.string().nullable(),
  progress: EnrollmentProgress,
});
export type CourseEnrollmentSummary = z.infer<typeof CourseEnrollmentSummary>;
