// Request and response shapes of the admin enrollment endpoints (spec: Endpoints > Admin:
// enrollments (role admin); Resources > Enrollment). Fields beyond the
// spec's are marked "beyond the spec"; none of the spec's is renamed. The decisions behind
// them: docs/decisions/authoring/admin-enrollments.md > Admin enrollments; payloads: docs/api.md > Admin: enrollments.
import { z } from "zod";
import { Id, Iso, blankAsUnset, positiveInt, operationWithIdParams } from "../kernel/contract";
import type { ApiArea, ApiOperation } from "../http/openapi";
import type { ErrorCode } from "../kernel/errors";
import { EnrollmentRecord, EnrollmentState } from "../enrollments";
import { isStorableInstant, STORABLE_INSTANT_MESSAGE } from "../kernel/instants";

/** a person id of the identity provider (e.g. `p-1001`) */
const PersonId = z
  .string()
  .trim()
  .min(1, "Zadajte ID osoby.")
  .max(100)
  .regex(/^[^\s/?#]+$/, "ID osoby nesmie obsahovať medzery ani znaky / ? #.");
const OrgId = z
  .string()
  .trim()
  .min(1, "Zadajte ID organizácie.")
  .max(100)
  .regex(/^[^\s/?#]+$/, "ID organizácie nesmie obsahovať medzery ani znaky / ? #.");
/** a datetime with its offset (`2026-12-31T23:59:59+01:00` or `…Z`) */
const DateTime = z.iso
  .datetime({ offset: true, message: "Zadajte dátum a čas v tvare ISO 8601 (napr. 2026-12-31T23:59:59Z)." })
  .refine(isStorableInstant, STORABLE_INSTANT_MESSAGE);
const Reason = z.string().trim().min(1, "Uveďte dôvod.").max(1000, "Najviac 1000 znakov.");

/** One enrollment as admins see it: the Enrollment record, then what only admins see. */
export const AdminEnrollment = EnrollmentRecord.extend({
  /** beyond the spec: the version number of courseVersionId */
  courseVersion: z.int().min(1),
  cancelReason: z.string().nullable(),
  updatedAt: Iso,
});
export type AdminEnrollment = z.infer<typeof AdminEnrollment>;

export const AdminPagination = z.strictObject({
  page: z.int().min(1),
  pageSize: z.int().min(1).max(50),
  totalItems: z.int().min(0),
  totalPages: z.int().min(0),
});

export const AdminEnrollmentListResponse = z.strictObject({ data: z.array(AdminEnrollment), pagination: AdminPagination });
export type AdminEnrollmentListResponse = z.infer<typeof AdminEnrollmentListResponse>;

/** `2026-03-01` (that day from midnight in Bratislava) or a datetime with offset */
export const EnrolledAfter = z.union([z.iso.date(), DateTime], { error: "Zadajte dátum (RRRR-MM-DD) alebo dátum a čas v tvare ISO 8601." });

/**
 * Query of GET /api/admin/enrollments. Strict: a parameter that is not a filter is refused
 * (a misspelt `stat=` would otherwise list everything). Empty values mean "not given".
 */
export const AdminEnrollmentListQuery = z.strictObject({
  studentId: z.preprocess(blankAsUnset, PersonId.optional()),
  /** the course chain's id (Enrollment.courseId) or the id of any of its versions */
  courseId: z.preprocess(blankAsUnset, Id.optional()),
  state: z.preprocess(blankAsUnset, EnrollmentState.optional()),
  enrolledAfter: z.preprocess(blankAsUnset, EnrolledAfter.optional()),
  page: z.preprocess(blankAsUnset, positiveInt(1_000_000).default(1)),
  pageSize: z.preprocess(blankAsUnset, positiveInt(50).default(20)),
});
export type AdminEnrollmentListQuery = z.infer<typeof AdminEnrollmentListQuery>;

/** A block's progress as stored, the server's bookkeeping included (raw). */
export const RawBlockProgress = z.strictObject({
  blockId: z.string(),
  state: z.enum(["in_progress", "completed"]),
  secondsWatched: z.number(),
  totalSeconds: z.number(),
  lastReportAt: Iso.optional(),
  playbackIssuedAt: Iso.optional(),
});

/** The Progress content (spec: Enrollment detail view) as stored. */
export const AdminProgress = z.strictObject({
  partProgress: z.array(
    z.strictObject({
      partId: Id,
      /** beyond the spec: the part's slug and title in the enrollment's course version */
      partSlug: z.string().nullable(),
      partTitle: z.string().nullable(),
      levelId: Id.nullable(),
      state: z.enum(["locked", "available", "in_progress", "completed"]),
      blockProgress: z.array(RawBlockProgress),
      startedAt: Iso.nullable(),
      completedAt: Iso.nullable(),
      updatedAt: Iso,
    }),
  ),
  moduleCompletions: z.array(z.strictObject({ moduleId: Id, completedAt: Iso })),
  levelCompletions: z.array(z.strictObject({ levelId: Id, completedAt: Iso })),
  courseCompleted: z.boolean(),
});
export type AdminProgress = z.infer<typeof AdminProgress>;

export const AdminAttempt = z.strictObject({
  attemptId: Id,
  attemptNumber: z.int(),
  state: z.enum(["in_progress", "submitted", "expired"]),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  startedAt: Iso,
  submittedAt: Iso.nullable(),
  voidedAt: Iso.nullable(),
  voidReason: z.string().nullable(),
});

/** beyond the spec: the tests of the enrollment's course version with every attempt (voided ones too) */
export const AdminEnrollmentTest = z.strictObject({
  testId: Id,
  title: z.string(),
  placement: z.enum(["part", "level", "course"]),
  partId: Id.nullable(),
  levelId: Id.nullable(),
  maxAttempts: z.int(),
  /** attempts that count (not voided) */
  attemptsUsed: z.int().min(0),
  attempts: z.array(AdminAttempt),
});

export const AdminEnrollmentDetail = z.strictObject({
  ...AdminEnrollment.shape,
  ...AdminProgress.shape,
  tests: z.array(AdminEnrollmentTest),
});
export type AdminEnrollmentDetail = z.infer<typeof AdminEnrollmentDetail>;

const GrantCommon = {
  studentId: PersonId,
  /** any version's id of the course; the grant is onto its newest published version */
  courseId: Id,
  accessExpiresAt: DateTime.optional(),
};

/** POST /api/admin/enrollments: `admin_grant` with grantReason, or `sponsor` with sponsorOrgId. */
export const GrantEnrollmentBody = z.discriminatedUnion(
  "reason",
  [
    z.strictObject({ ...GrantCommon, reason: z.literal("admin_grant"), grantReason: Reason }),
    z.strictObject({ ...GrantCommon, reason: z.literal("sponsor"), sponsorOrgId: OrgId, grantReason: Reason.optional() }),
  ],
  { error: "Dôvod zápisu (reason) je admin_grant alebo sponsor." },
);
export type GrantEnrollmentBody = z.infer<typeof GrantEnrollmentBody>;

export const GrantEnrollmentResponse = z.strictObject({ enrollment: AdminEnrollment, progress: AdminProgress });

export const CancelEnrollmentBody = z.strictObject({
  reason: Reason,
  note: z.string().trim().max(2000, "Najviac 2000 znakov.").optional(),
});
export type CancelEnrollmentBody = z.infer<typeof CancelEnrollmentBody>;
export const CancelEnrollmentResponse = z.strictObject({ ok: z.literal(true), cancelledAt: Iso });

export const ExtendEnrollmentBody = z.strictObject({ newExpiresAt: DateTime });
export type ExtendEnrollmentBody = z.infer<typeof ExtendEnrollmentBody>;
/** spec: "response shape: not shown"; docs/decisions/authoring/admin-enrollments.md > Admin enrollments */
export const ExtendEnrollmentResponse = z.strictObject({
  ok: z.literal(true),
  accessExpiresAt: Iso,
  /** the enrollment was expired and is active again */
  reactivated: z.boolean(),
  enrollment: AdminEnrollment,
});

export const ResetTestAttemptsBody = z.strictObject({ testId: Id, reason: Reason });
export type ResetTestAttemptsBody = z.infer<typeof ResetTestAttemptsBody>;
export const ResetTestAttemptsResponse = z.strictObject({
  ok: z.literal(true),
  /** beyond the spec: the attempts this reset voided (empty on a repeat) */
  voidedAttemptIds: z.array(Id),
});

export const MigrateEnrollmentBody = z.strictObject({ targetCourseVersionId: Id, reason: Reason });
export type MigrateEnrollmentBody = z.infer<typeof MigrateEnrollmentBody>;
export const MigrateEnrollmentResponse = z.strictObject({
  enrollment: AdminEnrollment,
  /** parts of the target version that kept progress (stable identity) */
  keptPartIds: z.array(Id),
  /** parts of the previous version whose progress was lost */
  lostPartIds: z.array(Id),
});

export const ResyncEnrollmentBody = z.strictObject({});
export const ResyncEnrollmentResponse = z.strictObject({
  enrollment: AdminEnrollment,
  /** whether the snapshot changed */
  changed: z.boolean(),
  previous: z.strictObject({ studentDisplayName: z.string(), studentEmail: z.string().nullable() }),
});

export const BatchEnrollBody = z.strictObject({
  courseId: Id,
  sponsorOrgId: OrgId,
  studentIds: z
    .array(PersonId)
    .min(1, "Zadajte aspoň jednu osobu.")
    .max(500, "Najviac 500 osôb naraz.")
    .refine((ids) => new Set(ids).size === ids.length, "Každá osoba smie byť v zozname raz."),
  orderId: Id,
});
export type BatchEnrollBody = z.infer<typeof BatchEnrollBody>;
export const BatchEnrollResponse = z.strictObject({
  createdCount: z.int().min(0),
  /** one per studentIds entry, in that order: the new enrollment, or the active one already there */
  enrollmentIds: z.array(Id),
});

const admin: ApiOperation["auth"] = { kind: "session", roles: ["admin"] };
const json = "application/json";
const base: ErrorCode[] = ["unauthorized", "forbidden"];

function op(
  method: ApiOperation["method"],
  path: string,
  operationId: string,
  summary: string,
  options: { body?: z.ZodType; query?: z.ZodObject; status?: number; response: z.ZodType; errors: ErrorCode[] },
): ApiOperation {
  return operationWithIdParams(
    { method, path, operationId, summary, tags: ["admin", "enrollments"], auth: admin },
    {
      ...(options.query ? { query: options.query } : {}),
      ...(options.body ? { body: { contentType: json, schema: options.body } } : {}),
      responses: { [options.status ?? 200]: { description: summary, schema: options.response } },
      errors: [...base, ...options.errors],
    },
  );
}

export const enrollmentsAdminApi: ApiArea = {
  schemas: { AdminEnrollment, AdminEnrollmentListResponse, AdminEnrollmentDetail, AdminProgress, AdminEnrollmentTest, RawBlockProgress },
  operations: [
    op("get", "/api/admin/enrollments", "adminListEnrollments", "Enrollments, newest first (filters studentId, courseId, state, enrolledAfter; paginated)", {
      query: AdminEnrollmentListQuery,
      response: AdminEnrollmentListResponse,
      errors: ["validation"],
    }),
    op(
      "post",
      "/api/admin/enrollments",
      "adminGrantEnrollment",
      "Grants an enrollment (admin_grant or sponsor) with progress preallocated; e-mails the student",
      {
        body: GrantEnrollmentBody,
        status: 201,
        response: GrantEnrollmentResponse,
        errors: ["reauthentication_required", "validation", "already_enrolled", "course_not_available", "identity_provider_unavailable"],
      },
    ),
    op(
      "post",
      "/api/admin/enrollments/batch",
      "adminBatchEnroll",
      "Phase 2: enrolls members of a sponsoring organization for its paid club order (idempotent per student)",
      {
        body: BatchEnrollBody,
        status: 201,
        response: BatchEnrollResponse,
        errors: ["reauthentication_required", "validation", "conflict", "seats_exhausted", "identity_provider_unavailable"],
      },
    ),
    op("get", "/api/admin/enrollments/{enrollmentId}", "adminGetEnrollment", "One enrollment with its raw progress records and test attempts", {
      response: AdminEnrollmentDetail,
      errors: ["not_found"],
    }),
    op("post", "/api/admin/enrollments/{enrollmentId}/cancel", "adminCancelEnrollment", "Cancels an active enrollment", {
      body: CancelEnrollmentBody,
      response: CancelEnrollmentResponse,
      errors: ["reauthentication_required", "not_found", "validation", "enrollment_not_active"],
    }),
    op("post", "/api/admin/enrollments/{enrollmentId}/extend", "adminExtendEnrollment", "Sets accessExpiresAt; an expired enrollment becomes active again", {
      body: ExtendEnrollmentBody,
      response: ExtendEnrollmentResponse,
      errors: ["not_found", "validation", "enrollment_not_active", "already_enrolled"],
    }),
    op("post", "/api/admin/enrollments/{enrollmentId}/reset-test-attempts", "adminResetTestAttempts", "Voids the enrollment's attempts at one test", {
      body: ResetTestAttemptsBody,
      response: ResetTestAttemptsResponse,
      errors: ["not_found", "validation"],
    }),
    op(
      "post",
      "/api/admin/enrollments/{enrollmentId}/migrate-to-version",
      "adminMigrateEnrollment",
      "Moves an active enrollment to another version of its course, keeping progress of parts with stable identity",
      {
        body: MigrateEnrollmentBody,
        response: MigrateEnrollmentResponse,
        errors: ["reauthentication_required", "not_found", "validation", "enrollment_not_active"],
      },
    ),
    op(
      "post",
      "/api/admin/enrollments/{enrollmentId}/resync",
      "adminResyncEnrollment",
      "Refreshes studentDisplayName and studentEmail from the identity provider",
      {
        body: ResyncEnrollmentBody,
        response: ResyncEnrollmentResponse,
        errors: ["not_found", "validation", "conflict", "identity_provider_unavailable"],
      },
    ),
  ],
};
