// The public catalog's /api contract (spec: Endpoints > Public catalog): request and
// response schemas, the serializers' return types (z.infer), and the operations the
// OpenAPI document lists. Tests parse responses with these schemas (strict objects:
// an extra key is a failure).
import { z } from "zod";
import { Id, Pagination, type SameType } from "../kernel/contract";
import type { Accreditation as StoredAccreditation } from "../db/schema";
export { Id };
export { Pagination };
import type { ApiArea } from "../http/openapi";
import { CourseEnrollmentSummary } from "../enrollments";
import { catalogQuerySchema } from "./params";
import { PreviewAttachment, PreviewBlock } from "../learning";

/** 24-character lowercase hex (spec: Resources, conventions). */

/** spec: GET /api/courses > CourseListItem, exactly these keys; absent optionals are null. */
export const CourseListItem = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  shortDescription: z.string(),
  coverImageUrl: z.string().nullable(),
  priceCents: z.int().min(0),
  currency: z.string().length(3),
  vatIncluded: z.boolean(),
  durationHours: z.number(),
  language: z.string(),
  tags: z.array(z.string()),
  instructorProfiles: z.array(z.strictObject({ displayName: z.string(), affiliation: z.string().nullable() })),
  accreditation: z.strictObject({ partnerName: z.string() }).nullable(),
});
export type CourseListItem = z.infer<typeof CourseListItem>;

export const CourseListResponse = z.strictObject({ data: z.array(CourseListItem), pagination: Pagination });
export type CourseListResponse = z.infer<typeof CourseListResponse>;

/** Query of GET /api/courses (params.ts: digits only, pageSize ≤ 50). */
export const CourseListQuery = catalogQuerySchema;

export const InstructorProfile = z.strictObject({
  personId: z.string(),
  displayName: z.string(),
  title: z.string().optional(),
  bio: z.string().optional(),
  avatarUrl: z.string().optional(),
  affiliation: z.string().optional(),
});

/**
 * The course's accreditation as every API shows it: the one response shape of the stored
 * snapshot (server/db/schema/catalog.ts); the certificates area's IssuedBy is this shape too.
 */
export const Accreditation = z.strictObject({
  partnerOrgId: z.string(),
  partnerName: z.string(),
  certificateType: z.string(),
  accreditationNumber: z.string().optional(),
  // beyond the spec: who signs the certificates for the partner (docs/decisions/certificates/certificates.md > Certificates)
  signatoryName: z.string().optional(),
  signatoryRole: z.string().optional(),
});
// fails to compile when the stored type and this shape drift apart
const _accreditationIsStored: SameType<z.infer<typeof Accreditation>, StoredAccreditation> = true;

export const CatalogTopic = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  iconName: z.string().nullable(),
  moduleId: Id.nullable(),
  moduleEstimatedMinutes: z.int().nullable(),
});
export type CatalogTopic = z.infer<typeof CatalogTopic>;

export const CatalogLevel = z.strictObject({
  _id: Id,
  orderIndex: z.int(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  estimatedHours: z.number(),
  topicSequencing: z.string(),
  issuesIntermediateCertificate: z.boolean(),
  topicCount: z.int().min(0),
  topics: z.array(CatalogTopic),
});
export type CatalogLevel = z.infer<typeof CatalogLevel>;

/** `course` of GET /api/courses/<slug>: the spec's fields plus the decisions' extras. */
export const CourseDetailCourse = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  shortDescription: z.string(),
  coverImageUrl: z.string().nullable(),
  priceCents: z.int().min(0),
  currency: z.string().length(3),
  /** fraction, 0.2 = 20 % (stored as basis points) */
  vatRate: z.number().min(0).max(1),
  vatIncluded: z.boolean(),
  durationHours: z.number(),
  language: z.string(),
  tags: z.array(z.string()),
  instructorProfiles: z.array(InstructorProfile),
  accreditation: Accreditation.nullable(),
});

export const CourseDetailResponse = z.strictObject({
  course: CourseDetailCourse,
  levels: z.array(CatalogLevel),
  /** null unless the session's person has an active enrollment on the course */
  enrollment: CourseEnrollmentSummary.nullable(),
});
export type CourseDetailResponse = z.infer<typeof CourseDetailResponse>;

// Preview: the parts route's format with everything that needs an enrollment withheld
// (docs/decisions/catalog/public-catalog-responses.md: Public catalog responses).
// the preview block shapes are the learning area's part serializer's (server/learning)
export { PreviewBlock, PreviewAttachment };

export const PreviewPart = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  module: z.strictObject({ _id: Id, title: z.string(), topicTitle: z.string(), levelTitle: z.string() }),
  contentBlocks: z.array(PreviewBlock),
  attachments: z.array(PreviewAttachment),
  prerequisites: z.array(z.string()),
  partTest: z.null(),
  progress: z.null(),
});
export type PreviewPart = z.infer<typeof PreviewPart>;

export const CoursePreview = z.strictObject({
  course: z.strictObject({ _id: Id, slug: z.string(), title: z.string() }),
  parts: z.array(PreviewPart),
});
export type CoursePreview = z.infer<typeof CoursePreview>;

const slug = z.string().min(1).max(200);

export const catalogApi: ApiArea = {
  schemas: {
    Pagination,
    CourseListItem,
    CourseListResponse,
    InstructorProfile,
    Accreditation,
    CatalogTopic,
    CatalogLevel,
    CourseDetailCourse,
    CourseDetailResponse,
    CourseEnrollmentSummary,
    PreviewBlock,
    PreviewAttachment,
    PreviewPart,
    CoursePreview,
  },
  operations: [
    {
      method: "get",
      path: "/api/courses",
      operationId: "listCourses",
      summary: "Published courses, newest first, one page",
      tags: ["catalog"],
      auth: { kind: "public" },
      rateLimit: "catalog",
      query: CourseListQuery,
      responses: { 200: { description: "one page of published courses", schema: CourseListResponse } },
      errors: ["validation", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/courses/{slug}",
      operationId: "getCourse",
      summary: "A published course with its levels and the caller's active enrollment",
      tags: ["catalog"],
      auth: { kind: "session-optional" },
      rateLimit: "catalog",
      pathParams: { slug },
      responses: { 200: { description: "the newest published version behind the slug", schema: CourseDetailResponse } },
      errors: ["not_found", "rate_limited"],
    },
    {
      method: "get",
      path: "/api/courses/{slug}/preview",
      operationId: "getCoursePreview",
      summary: "The first parts of the first module, without what needs an enrollment",
      tags: ["catalog"],
      auth: { kind: "public" },
      rateLimit: "preview",
      pathParams: { slug },
      responses: { 200: { description: "preview parts in the parts route's format", schema: CoursePreview } },
      errors: ["not_found", "rate_limited"],
    },
  ],
};
