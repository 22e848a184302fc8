// Request and response shapes of the learning area (spec: Endpoints > Learning (student);
// Resources > Level, Topic, Module, Part; Content block; Part progress). Fields beyond the
// spec's are marked "beyond the spec" and never rename one of its fields (docs/api.md).
import { z } from "zod";
import { Id, Iso } from "../kernel/contract";
import type { ApiArea } from "../http/openapi";
import { EnrollmentListResponse, EnrollmentRecord, HOLDING_STATES } from "../enrollments";

export const PartState = z.enum(["locked", "available", "in_progress", "completed"]);
export const LevelState = z.enum(["locked", "available", "in_progress", "completed"]);

/** `available`: the test may be started now (docs/decisions/learning/learning.md > Learning). */
export const TestAvailability = z.strictObject({ id: Id, required: z.boolean(), available: z.boolean() });

export const LearnPart = z.strictObject({
  _id: Id,
  title: z.string(),
  state: PartState,
  /** beyond the spec: ids of the parts that must be completed first */
  prerequisites: z.array(Id),
  requiredForCompletion: z.boolean(),
  /** beyond the spec: the part's test, as in the part response (so the sequence shows it) */
  partTest: TestAvailability.nullable(),
});

export const LearnView = z.strictObject({
  course: z.strictObject({ _id: Id, slug: z.string(), title: z.string(), subtitle: z.string().nullable(), version: z.int() }),
  enrollment: z.strictObject({
    _id: Id,
    state: z.enum(HOLDING_STATES),
    enrolledAt: Iso,
    currentLevelId: Id.nullable(),
    accessExpiresAt: Iso.nullable(),
  }),
  progress: z.strictObject({
    currentLevelId: Id.nullable(),
    completedModules: z.int(),
    totalModules: z.int(),
    completedLevels: z.int(),
    totalLevels: z.int(),
    lastActivityAt: Iso.nullable(),
  }),
  levels: z.array(
    z.strictObject({
      _id: Id,
      title: z.string(),
      state: LevelState,
      /** beyond the spec */
      subtitle: z.string().nullable(),
      issuesIntermediateCertificate: z.boolean(),
      levelTest: TestAvailability.nullable(),
      topics: z.array(
        z.strictObject({
          _id: Id,
          title: z.string(),
          module: z
            .strictObject({
              _id: Id,
              state: PartState,
              completedAt: Iso.nullable(),
              /** beyond the spec: the module's parts in order, so a client can navigate */
              title: z.string(),
              parts: z.array(LearnPart),
            })
            .nullable(),
        }),
      ),
    }),
  ),
  /** beyond the spec: the course test and whether it may be started */
  courseTest: TestAvailability.nullable(),
  courseCompleted: z.boolean(),
});
export type LearnView = z.infer<typeof LearnView>;

// Preview: the part format with everything that needs an enrollment withheld (the catalog's
// GET /api/courses/<slug>/preview; docs/decisions/catalog/public-catalog-responses.md: Public catalog responses).
export const PreviewBlock = z.discriminatedUnion("type", [
  z.strictObject({ id: z.string(), type: z.literal("text"), markdown: z.string() }),
  z.strictObject({
    id: z.string(),
    type: z.literal("video"),
    /** the 10-60 s preview asset; null when the block has none yet */
    previewPlaybackId: z.string().nullable(),
    chapters: z.array(z.strictObject({ title: z.string(), startSec: z.number() })),
  }),
  z.strictObject({ id: z.string(), type: z.literal("presentation"), slideCount: z.int() }),
  z.strictObject({ id: z.string(), type: z.literal("image"), alt: z.string(), caption: z.string().nullable() }),
]);
export type PreviewBlock = z.infer<typeof PreviewBlock>;

export const PreviewAttachment = z.strictObject({ name: z.string(), sizeBytes: z.int().min(0), mimeType: z.string() });
export type PreviewAttachment = z.infer<typeof PreviewAttachment>;

export const BlockProgressView = z.strictObject({
  blockId: z.string(),
  state: z.enum(["in_progress", "completed"]),
  secondsWatched: z.number(),
  totalSeconds: z.number(),
});

export const PartBlock = z.discriminatedUnion("type", [
  z.strictObject({ id: z.string(), type: z.literal("text"), markdown: z.string() }),
  z.strictObject({
    id: z.string(),
    type: z.literal("video"),
    state: z.enum(["waiting", "ready", "errored"]),
    videoPlaybackId: z.string().nullable(),
    videoAssetId: z.string().nullable(),
    /** signed, valid 6 hours; null while the video is not ready */
    playbackUrl: z.string().nullable(),
    playbackUrlExpiresAt: Iso.nullable(),
    durationSec: z.number().nullable(),
    transcript: z.string().nullable(),
    posterUrl: z.string().nullable(),
    chapters: z.array(z.strictObject({ title: z.string(), startSec: z.number() })),
    /** WebVTT captions per language, each signed like playbackUrl (for <track kind="captions">) */
    captions: z.array(z.strictObject({ lang: z.string(), label: z.string(), url: z.string() })).optional(),
  }),
  z.strictObject({
    id: z.string(),
    type: z.literal("presentation"),
    pdfUrl: z.string(),
    pdfUrlExpiresAt: Iso,
    slideCount: z.int(),
    /** an uploaded PDF: each page as an image (signed like pdfUrl), in order */
    slides: z.array(z.strictObject({ url: z.string(), width: z.int(), height: z.int() })).optional(),
  }),
  z.strictObject({
    id: z.string(),
    type: z.literal("image"),
    url: z.string(),
    urlExpiresAt: Iso,
    alt: z.string(),
    caption: z.string().nullable(),
    /** an uploaded image: WebP widths for <img srcset> ("<url> 480w, …") and its pixels (no layout shift) */
    srcset: z.string().optional(),
    width: z.int().optional(),
    height: z.int().optional(),
  }),
]);
export type PartBlock = z.infer<typeof PartBlock>;

export const PartAttachment = z.strictObject({ name: z.string(), url: z.string(), expiresAt: Iso, sizeBytes: z.int(), mimeType: z.string() });

const PartLink = z.strictObject({ _id: Id, title: z.string(), state: PartState });

export const PartView = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  module: z.strictObject({ _id: Id, title: z.string(), topicTitle: z.string(), levelTitle: z.string() }),
  contentBlocks: z.array(PartBlock),
  attachments: z.array(PartAttachment),
  prerequisites: z.array(Id),
  partTest: TestAvailability.nullable(),
  progress: z.strictObject({ state: PartState, blockProgress: z.array(BlockProgressView) }),
  requiredForCompletion: z.boolean(),
  /** beyond the spec: the course, the prerequisites' titles and states, previous and next part */
  course: z.strictObject({ _id: Id, slug: z.string(), title: z.string() }),
  prerequisiteParts: z.array(PartLink),
  previousPart: PartLink.nullable(),
  nextPart: PartLink.nullable(),
});
export type PartView = z.infer<typeof PartView>;

export const PlaybackUrlResponse = z.strictObject({ blockId: z.string(), playbackUrl: z.string(), expiresAt: Iso });

/**
 * Either a block update ({blockId, state, secondsWatched}) or {markPartCompleted: true}
 * (both at once: the block first). `secondsWatched` is what the player saw; the server
 * credits at most the wall-clock time since the previous report.
 */
export const ProgressBody = z
  .strictObject({
    blockId: z.string().min(1).max(64).optional(),
    state: z.enum(["in_progress", "completed"]).optional(),
    secondsWatched: z.number().min(0).max(86_400).optional(),
    /** accepted and ignored: the server uses the block's stored duration */
    totalSeconds: z.number().min(0).optional(),
    markPartCompleted: z.boolean().optional(),
  })
  .refine((b) => b.blockId !== undefined || b.markPartCompleted === true, {
    message: "Uveďte blockId alebo markPartCompleted: true.",
    path: ["blockId"],
  });
export type ProgressBody = z.infer<typeof ProgressBody>;

export const ProgressAnswer = z.strictObject({
  ok: z.literal(true),
  partState: PartState,
  moduleCompleted: z.boolean(),
  unlockedParts: z.array(Id),
  /** with moduleCompleted */
  moduleId: Id.optional(),
  levelCompleted: z.boolean().optional(),
  unlockedTopics: z.array(Id).optional(),
  /** beyond the spec: the updated block, and whether the course completed */
  block: BlockProgressView.optional(),
  courseCompleted: z.boolean(),
});
export type ProgressAnswer = z.infer<typeof ProgressAnswer>;

export const EnrollmentDetail = EnrollmentRecord.extend({
  partProgress: z.array(
    z.strictObject({ partId: Id, state: PartState, blockProgress: z.array(BlockProgressView), startedAt: Iso.nullable(), completedAt: Iso.nullable() }),
  ),
  moduleCompletions: z.array(z.strictObject({ moduleId: Id, completedAt: Iso })),
  levelCompletions: z.array(z.strictObject({ levelId: Id, completedAt: Iso })),
  courseCompleted: z.boolean(),
});
export type EnrollmentDetail = z.infer<typeof EnrollmentDetail>;

const slug = z.string().min(1).max(200);
const partId = Id;
const learningErrors = ["unauthorized", "no_enrollment", "not_found"] as const;

export const learningApi: ApiArea = {
  schemas: {
    LearnView,
    PartView,
    PartBlock,
    PartAttachment,
    BlockProgressView,
    TestAvailability,
    PlaybackUrlResponse,
    ProgressBody,
    ProgressAnswer,
    EnrollmentDetail,
    EnrollmentListResponse,
  },
  operations: [
    {
      method: "get",
      path: "/api/courses/{slug}/learn",
      operationId: "getLearnView",
      summary: "The caller's course: levels, topics, modules and parts with their states, progress",
      tags: ["learning"],
      auth: { kind: "session" },
      pathParams: { slug },
      responses: { 200: { description: "the learn view of the enrollment's own course version", schema: LearnView } },
      errors: [...learningErrors],
    },
    {
      method: "get",
      path: "/api/parts/{partId}",
      operationId: "getPart",
      summary: "One part with freshly signed media URLs and the caller's progress",
      tags: ["learning"],
      auth: { kind: "session" },
      pathParams: { partId },
      responses: { 200: { description: "the part", schema: PartView } },
      errors: [...learningErrors, "part_locked"],
    },
    {
      method: "get",
      path: "/api/parts/{partId}/playback-url",
      operationId: "renewPlaybackUrl",
      summary: "A new signed playback URL of a video block (query blockId; default: the part's first video block)",
      tags: ["learning"],
      auth: { kind: "session" },
      pathParams: { partId },
      query: z.object({ blockId: z.string().max(64).optional() }),
      responses: { 200: { description: "the signed URL", schema: PlaybackUrlResponse } },
      errors: [...learningErrors, "part_locked", "validation"],
    },
    {
      method: "post",
      path: "/api/parts/{partId}/progress",
      operationId: "reportPartProgress",
      summary: "A block update or {markPartCompleted: true}",
      tags: ["learning"],
      auth: { kind: "session" },
      pathParams: { partId },
      body: { contentType: "application/json", schema: ProgressBody },
      responses: { 200: { description: "the part's state and what this update unlocked or completed", schema: ProgressAnswer } },
      errors: [...learningErrors, "part_locked", "validation"],
    },
    {
      method: "get",
      path: "/api/enrollments/me",
      operationId: "listMyEnrollments",
      summary: "The caller's enrollments (active, completed, cancelled, expired), newest first",
      tags: ["learning"],
      auth: { kind: "session" },
      responses: { 200: { description: "the caller's enrollments", schema: EnrollmentListResponse } },
      errors: ["unauthorized"],
    },
    {
      method: "get",
      path: "/api/enrollments/{enrollmentId}",
      operationId: "getMyEnrollment",
      summary: "One of the caller's enrollments with its progress records",
      tags: ["learning"],
      auth: { kind: "session" },
      pathParams: { enrollmentId: Id },
      responses: { 200: { description: "the enrollment and its progress", schema: EnrollmentDetail } },
      errors: ["unauthorized", "not_found"],
    },
  ],
};
