// Admin area: what content managers and admins see and do under /admin. For now the
// dashboard's overview; later admin features (course authoring, enrollments, orders)
// add their functions here. spec: Roles (content_manager, admin).
import { count, countDistinct, ne, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";

type CourseState = (typeof schema.courseState.enumValues)[number];
type EnrollmentState = (typeof schema.enrollmentState.enumValues)[number];

export type AdminDashboard = {
  /** course versions per state (every version is a row: a course with a draft v2 counts in both) */
  courseVersionsByState: Record<CourseState, number>;
  /** courses (version chains, by slug) that are not deleted */
  courseCount: number;
  enrollmentsByState: Record<EnrollmentState, number>;
  enrollmentCount: number;
};

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

export async function getAdminDashboard(db: DbOrTx): Promise<AdminDashboard> {
  const [courseRows, [courses], enrollmentRows] = await Promise.all([
    db.select({ state: schema.courses.state, n: count() }).from(schema.courses).groupBy(schema.courses.state),
    db
      .select({ n: countDistinct(schema.courses.slug) })
      .from(schema.courses)
      .where(ne(schema.courses.state, "deleted")),
    db
      .select({ state: schema.enrollments.state, n: count() })
      .from(schema.enrollments)
      .groupBy(schema.enrollments.state)
      .orderBy(sql`1`),
  ]);
  const courseVersionsByState = zeroes(schema.courseState.enumValues);
  for (const r of courseRows) courseVersionsByState[r.state] = Number(r.n);
  const enrollmentsByState = zeroes(schema.enrollmentState.enumValues);
  for (const r of enrollmentRows) enrollmentsByState[r.state] = Number(r.n);
  return {
    courseVersionsByState,
    courseCount: Number(courses?.n ?? 0),
    enrollmentsByState,
    enrollmentCount: Object.values(enrollmentsByState).reduce((a, b) => a + b, 0),
  };
}

// the webhook event viewer (/admin/webhooky)
export { WebhookEventQuery, WEBHOOK_PAGE_SIZE, listWebhookEvents, getWebhookEvent, webhookEventTypes, type WebhookEventRow } from "./webhook-events";
// Admin operations (spec: Endpoints > Admin: enrollments; docs/decisions/authoring/admin-enrollments.md > Admin enrollments)
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
  type AdminActor,
  type EnrollmentAdminDeps,
} from "./enrollments";
export { lookupPerson, personForEnrollment, type PersonSnapshot } from "./people";
// the pickers by name (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name)
export {
  searchForPicker,
  describePeople,
  describeOrganization,
  PICKER_KINDS,
  PICKER_MIN_QUERY,
  ORG_ROLE_LABELS,
  ORG_TYPE_LABELS,
  type PickerKind,
  type PickerMatch,
  type PickerSearch,
} from "./search";
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
} from "./enrollments-contract";
