// The admin authoring /api contract (spec: Endpoints > Admin: courses and content; Course
// states; Versioning). The spec shows few payloads ("not shown"); the ones defined here
// are documented in docs/api.md. Request schemas are strict (an unknown key is a 422),
// response schemas are strict too, so a serializer cannot leak a field silently.
import { z } from "zod";
import { Id, blankAsUnset, positiveInt, Pagination, operationWithIdParams, type SameType } from "../kernel/contract";
import type { Accreditation as StoredAccreditation } from "../db/schema";
export { Id };
import type { ApiArea, ApiOperation } from "../http/openapi";
import type { ErrorCode } from "../kernel/errors";
import { isStorableInstant, STORABLE_INSTANT_MESSAGE } from "../kernel/instants";
import { SLUG_PATTERN } from "../../shared/slugs";

const IsoDate = z.iso.datetime({ offset: true }).refine(isStorableInstant, STORABLE_INSTANT_MESSAGE);

/** URL identifiers: lowercase letters, digits and single hyphens (spec: slug). */
export const Slug = z.string().min(1, "Zadajte identifikátor do adresy.").max(120).regex(SLUG_PATTERN, "Len malé písmená bez diakritiky, číslice a pomlčky.");
const Title = z.string().trim().min(1, "Zadajte názov.").max(300);
const OptionalText = (max: number) => z.string().max(max).nullable().optional();

// spec: Course.targetAudience values
export const TARGET_AUDIENCES = ["executive_director", "manager", "founder", "secretary"] as const;
export const TargetAudience = z.enum(TARGET_AUDIENCES, { error: "Cieľová skupina musí byť executive_director, manager, founder alebo secretary." });

/** What an editor sends as the course's accreditation: the stored snapshot's keys, trimmed and bounded (its response shape is catalog's Accreditation). */
export const Accreditation = z.strictObject({
  partnerOrgId: z.string().trim().min(1),
  partnerName: z.string().trim().min(1),
  certificateType: z.string().trim().min(1),
  accreditationNumber: z.string().trim().min(1).optional(),
  // beyond the spec's Accreditation: who signs for the partner, copied into Certificate.issuedBy
  signatoryName: z.string().trim().min(1).max(200).optional(),
  signatoryRole: z.string().trim().min(1).max(200).optional(),
});
// fails to compile when the stored type and this input drift apart
const _accreditationIsStored: SameType<z.output<typeof Accreditation>, StoredAccreditation> = true;

export const InstructorProfile = z.strictObject({
  personId: z.string().min(1),
  displayName: z.string(),
  title: z.string().optional(),
  bio: z.string().optional(),
  avatarUrl: z.string().optional(),
  /** a photo uploaded for this course (POST /api/admin/files, kind avatar): shown instead of the provider's */
  avatarFileId: Id.optional(),
  affiliation: z.string().optional(),
});

/** What an editor may add to an instructor's snapshot; name and avatar come from the provider at publish. */
export const InstructorProfileInput = z.strictObject({
  personId: z.string().min(1),
  title: z.string().max(200).optional(),
  bio: z.string().max(5000).optional(),
  affiliation: z.string().max(200).optional(),
  /** a photo uploaded for this course (kind avatar or image); without it the provider's photo is shown */
  avatarFileId: Id.optional(),
});

const vatRate = z
  .number()
  .min(0, "Sadzba DPH je zlomok 0 až 1.")
  .max(1, "Sadzba DPH je zlomok 0 až 1.")
  .refine((v) => Number.isInteger(Math.round(v * 10_000 * 1e6) / 1e6), "Sadzba DPH musí byť v celých bázických bodoch (0,0001).");

// ---------- courses ----------

const courseFields = {
  title: Title,
  subtitle: OptionalText(300),
  description: z.string().max(50_000).optional(),
  shortDescription: z.string().trim().min(1, "Zadajte krátky popis.").max(500),
  coverImageUrl: OptionalText(2000),
  /** an uploaded cover (POST /api/admin/files, kind cover or image); shown instead of coverImageUrl */
  coverFileId: Id.nullable().optional(),
  priceCents: z.int("Cena je celé číslo v centoch.").min(0, "Cena nemôže byť záporná.").max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, "Mena je kód ISO 4217 (napr. EUR)."),
  vatRate,
  vatIncluded: z.boolean(),
  targetAudience: z.array(TargetAudience).max(4),
  language: z.string().regex(/^[a-z]{2}$/, "Jazyk je kód ISO 639-1 (napr. sk)."),
  durationHours: z.number().min(0).max(10_000),
  courseTestId: Id.nullable(),
  courseTestRequired: z.boolean(),
  instructors: z.array(z.string().min(1).max(100)).max(20),
  instructorProfiles: z.array(InstructorProfileInput).max(20),
  accreditation: Accreditation.nullable(),
  enrollmentLimit: z.int().min(1).max(1_000_000).nullable(),
  enrollmentDeadline: IsoDate.nullable(),
  seoTitle: OptionalText(300),
  seoDescription: OptionalText(500),
  ogImageUrl: OptionalText(2000),
  /** an uploaded share image (kind cover or image); used for og:image instead of ogImageUrl */
  ogImageFileId: Id.nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(60)).max(30),
};

/** POST /api/admin/courses: the spec's five fields are required; any other course field may come along. */
export const CourseCreateRequest = z.strictObject({
  slug: Slug,
  title: courseFields.title,
  shortDescription: courseFields.shortDescription,
  priceCents: courseFields.priceCents,
  currency: courseFields.currency.default("EUR"),
  subtitle: courseFields.subtitle,
  description: courseFields.description,
  coverImageUrl: courseFields.coverImageUrl,
  coverFileId: courseFields.coverFileId,
  vatRate: courseFields.vatRate.optional(),
  vatIncluded: courseFields.vatIncluded.optional(),
  targetAudience: courseFields.targetAudience.optional(),
  language: courseFields.language.optional(),
  durationHours: courseFields.durationHours.optional(),
  instructors: courseFields.instructors.optional(),
  instructorProfiles: courseFields.instructorProfiles.optional(),
  accreditation: courseFields.accreditation.optional(),
  enrollmentLimit: courseFields.enrollmentLimit.optional(),
  enrollmentDeadline: courseFields.enrollmentDeadline.optional(),
  seoTitle: courseFields.seoTitle,
  seoDescription: courseFields.seoDescription,
  ogImageUrl: courseFields.ogImageUrl,
  ogImageFileId: courseFields.ogImageFileId,
  tags: courseFields.tags.optional(),
});
export type CourseCreateRequest = z.infer<typeof CourseCreateRequest>;

/** PATCH /api/admin/courses/<id>: any subset; `slug` only on version 1 (it is shared by the chain). */
export const CoursePatchRequest = z
  .strictObject({ slug: Slug, ...courseFields })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");
export type CoursePatchRequest = z.infer<typeof CoursePatchRequest>;

export const CourseState = z.enum(["draft", "published", "archived", "deleted"]);

export const AdminCourse = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string(),
  shortDescription: z.string(),
  coverImageUrl: z.string().nullable(),
  coverFileId: Id.nullable(),
  priceCents: z.int(),
  currency: z.string(),
  vatRate: z.number(),
  vatIncluded: z.boolean(),
  targetAudience: z.array(z.string()),
  language: z.string(),
  durationHours: z.number(),
  /** level ids in order */
  levels: z.array(Id),
  courseTestId: Id.nullable(),
  courseTestRequired: z.boolean(),
  instructors: z.array(z.string()),
  instructorProfiles: z.array(InstructorProfile),
  accreditation: Accreditation.nullable(),
  state: CourseState,
  version: z.int(),
  previousVersionId: Id.nullable(),
  publishedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  enrollmentLimit: z.int().nullable(),
  enrollmentDeadline: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  ogImageUrl: z.string().nullable(),
  ogImageFileId: Id.nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  publishedBy: z.string().nullable(),
});
export type AdminCourse = z.infer<typeof AdminCourse>;

export const AdminCourseListItem = z.strictObject({
  _id: Id,
  slug: z.string(),
  title: z.string(),
  state: CourseState,
  version: z.int(),
  previousVersionId: Id.nullable(),
  priceCents: z.int(),
  currency: z.string(),
  publishedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminCourseListItem = z.infer<typeof AdminCourseListItem>;

export const AdminCourseListQuery = z.object({
  state: z.preprocess(blankAsUnset, CourseState.optional()),
  slug: z.preprocess(blankAsUnset, z.string().max(120).optional()),
  page: z.preprocess(blankAsUnset, positiveInt(1_000_000).default(1)),
  pageSize: z.preprocess(blankAsUnset, positiveInt(100).default(50)),
});
export type AdminCourseListQuery = z.infer<typeof AdminCourseListQuery>;

export const AdminPagination = Pagination;

export const AdminCourseListResponse = z.strictObject({ data: z.array(AdminCourseListItem), pagination: AdminPagination });
export type AdminCourseListResponse = z.infer<typeof AdminCourseListResponse>;

// ---------- content: levels, topics, module, parts ----------

export const LevelCreateRequest = z.strictObject({
  slug: Slug,
  title: Title,
  subtitle: OptionalText(300),
  estimatedHours: z.number().min(0).max(10_000).default(0),
  // spec shows only 'flexible' (all topics of an unlocked level are open; docs/decisions/learning/unlocking-and-progress.md > Unlocking and progress)
  topicSequencing: z.literal("flexible").default("flexible"),
  issuesIntermediateCertificate: z.boolean().default(false),
  levelTestRequired: z.boolean().default(true),
});
export const LevelPatchRequest = z
  .strictObject({
    slug: Slug,
    title: Title,
    subtitle: OptionalText(300),
    estimatedHours: z.number().min(0).max(10_000),
    topicSequencing: z.literal("flexible"),
    issuesIntermediateCertificate: z.boolean(),
    levelTestRequired: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");

export const TopicCreateRequest = z.strictObject({ slug: Slug, title: Title, iconName: OptionalText(60) });
export const TopicPatchRequest = z
  .strictObject({ slug: Slug, title: Title, iconName: OptionalText(60) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");

/** The module of a topic; its title defaults to the topic's. */
export const ModuleCreateRequest = z.strictObject({ title: Title.optional(), estimatedMinutes: z.int().min(0).max(100_000).default(0) });
export const ModulePatchRequest = z
  .strictObject({ title: Title, estimatedMinutes: z.int().min(0).max(100_000) })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");

const blockId = Id.optional();
/**
 * A content block as an editor sends it. With `id` it updates that block of the part
 * (a video keeps what the provider filled in: asset, playback ids, duration, state);
 * without, it is a new block. Video files arrive through the upload route.
 */
/** A video block's captions: an uploaded WebVTT file in one language (BCP 47, e.g. "sk", "en-GB"). */
export const VideoCaptionsInput = z.strictObject({
  lang: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Jazyk titulkov je kód BCP 47, napríklad sk alebo en."),
  label: z.string().trim().min(1).max(100).optional().describe("what the player's menu says; default: the language's name"),
  fileId: Id,
});

export const BlockInput = z.discriminatedUnion("type", [
  z.strictObject({ id: blockId, type: z.literal("text"), markdown: z.string().max(100_000) }),
  z.strictObject({
    id: blockId,
    type: z.literal("video"),
    transcript: z.string().max(200_000).optional(),
    chapters: z
      .array(z.strictObject({ title: z.string().min(1).max(200), startSec: z.number().min(0) }))
      .max(200)
      .optional(),
    // WebVTT files (POST /api/admin/files, kind captions), one per language; the whole list
    // replaces the stored one when sent (docs/decisions/files/video-captions.md)
    captions: z.array(VideoCaptionsInput).max(20).optional(),
  }),
  // an uploaded PDF (`fileId`, POST /api/admin/files; its page count is the slide count), or
  // a path with a typed slide count (content made before uploads)
  z
    .strictObject({
      id: blockId,
      type: z.literal("presentation"),
      fileId: Id.optional(),
      pdfPath: z.string().min(1).max(500).optional(),
      slideCount: z.int().min(1).max(10_000).optional(),
    })
    .refine((b) => (b.fileId !== undefined) !== (b.pdfPath !== undefined && b.slideCount !== undefined), {
      message: "Prezentácia je nahraný súbor (fileId).",
      path: ["fileId"],
    }),
  z
    .strictObject({
      id: blockId,
      type: z.literal("image"),
      fileId: Id.optional(),
      imagePath: z.string().min(1).max(500).optional(),
      alt: z.string().trim().min(1, "Obrázok potrebuje alternatívny text.").max(500),
      caption: z.string().max(500).optional(),
    })
    .refine((b) => (b.fileId !== undefined) !== (b.imagePath !== undefined), { message: "Obrázok je nahraný súbor (fileId).", path: ["fileId"] }),
]);
export type BlockInput = z.infer<typeof BlockInput>;

/** An uploaded file (`fileId`; name, size and type come from it unless `name` renames it), or a path with its facts typed. */
export const AttachmentInput = z.union([
  z.strictObject({ fileId: Id, name: z.string().min(1).max(300).optional() }),
  z.strictObject({
    name: z.string().min(1).max(300),
    path: z.string().min(1).max(500),
    sizeBytes: z.int().min(0),
    mimeType: z.string().min(1).max(200),
  }),
]);
export type AttachmentInput = z.infer<typeof AttachmentInput>;

const partFields = {
  slug: Slug,
  title: Title,
  summary: OptionalText(2000),
  contentBlocks: z.array(BlockInput).max(200),
  attachments: z.array(AttachmentInput).max(100),
  /** ids of other parts of the same course; the graph may have no cycle */
  prerequisites: z.array(Id).max(100),
  requiredForCompletion: z.boolean(),
  partTestRequired: z.boolean(),
};
export const PartCreateRequest = z.strictObject({
  slug: partFields.slug,
  title: partFields.title,
  summary: partFields.summary,
  contentBlocks: partFields.contentBlocks.default([]),
  attachments: partFields.attachments.default([]),
  prerequisites: partFields.prerequisites.default([]),
  requiredForCompletion: partFields.requiredForCompletion.default(true),
  partTestRequired: partFields.partTestRequired.optional(),
});
export type PartCreateRequest = z.infer<typeof PartCreateRequest>;
export const PartPatchRequest = z
  .strictObject(partFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");
export type PartPatchRequest = z.infer<typeof PartPatchRequest>;

/** PUT …/order: every current child id exactly once, in the new order. */
export const ReorderRequest = z.strictObject({ ids: z.array(Id).min(1).max(1000) });

// ---------- tests and questions ----------

export const SELECTION_MODES = ["all", "shuffle", "random_subset"] as const;
export const SHOW_ANSWERS_AFTER = ["never", "submit", "pass", "last_attempt"] as const;

const testFields = {
  title: Title,
  description: OptionalText(5000),
  passingScore: z.number().min(0, "Hranica úspešnosti je 0 až 1.").max(1, "Hranica úspešnosti je 0 až 1."),
  timeLimitSec: z.int("Časový limit je celé číslo sekúnd.").min(1, "Časový limit musí byť kladný.").max(86_400),
  maxAttempts: z.int().min(1, "Aspoň jeden pokus.").max(100),
  cooldownMinutes: z.int().min(0, "Prestávka nemôže byť záporná.").max(525_600),
  selectionMode: z.enum(SELECTION_MODES),
  questionCount: z.int().min(1).max(1000).nullable(),
  randomizeAnswerOrder: z.boolean(),
  showAnswersAfter: z.enum(SHOW_ANSWERS_AFTER),
  /** part/level: partTestRequired / levelTestRequired; course: courseTestRequired (default true) */
  required: z.boolean(),
};

const randomSubsetNeedsCount = (v: { selectionMode?: string; questionCount?: number | null }, ctx: z.RefinementCtx) => {
  if (v.selectionMode === "random_subset" && (v.questionCount === undefined || v.questionCount === null)) {
    ctx.addIssue({ code: "custom", path: ["questionCount"], message: "Náhodný výber potrebuje počet otázok." });
  }
};

/**
 * POST /api/admin/tests. `placement` says where the test hangs: `part` (with `partId`),
 * `level` (with `levelId`) or `course` (the course's final test; `courseId` names it).
 */
export const TestCreateRequest = z
  .strictObject({
    courseId: Id,
    placement: z.enum(["part", "level", "course"]),
    partId: Id.optional(),
    levelId: Id.optional(),
    title: testFields.title,
    description: testFields.description,
    passingScore: testFields.passingScore.default(0.7),
    timeLimitSec: testFields.timeLimitSec.default(1800),
    maxAttempts: testFields.maxAttempts.default(3),
    cooldownMinutes: testFields.cooldownMinutes.default(0),
    selectionMode: testFields.selectionMode.default("all"),
    questionCount: testFields.questionCount.optional(),
    randomizeAnswerOrder: testFields.randomizeAnswerOrder.default(true),
    showAnswersAfter: testFields.showAnswersAfter.default("submit"),
    required: testFields.required.default(true),
  })
  .superRefine((v, ctx) => {
    if (v.placement === "part" && !v.partId) ctx.addIssue({ code: "custom", path: ["partId"], message: "Test časti potrebuje partId." });
    if (v.placement === "level" && !v.levelId) ctx.addIssue({ code: "custom", path: ["levelId"], message: "Test úrovne potrebuje levelId." });
    if (v.placement !== "part" && v.partId) ctx.addIssue({ code: "custom", path: ["partId"], message: "partId patrí len k testu časti." });
    if (v.placement !== "level" && v.levelId) ctx.addIssue({ code: "custom", path: ["levelId"], message: "levelId patrí len k testu úrovne." });
    randomSubsetNeedsCount(v, ctx);
  });
export type TestCreateRequest = z.infer<typeof TestCreateRequest>;

export const TestPatchRequest = z
  .strictObject(testFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");
export type TestPatchRequest = z.infer<typeof TestPatchRequest>;

export const QUESTION_TYPES = ["single_choice", "multiple_choice", "text"] as const;

const questionFields = {
  type: z.enum(QUESTION_TYPES),
  text: z.string().trim().min(1, "Zadajte znenie otázky.").max(5000),
  weight: z.number().gt(0, "Váha otázky musí byť kladná.").max(1000),
  answers: z.array(z.strictObject({ id: Id.optional(), text: z.string().trim().min(1).max(2000), isCorrect: z.boolean() })).max(50),
  acceptedAnswers: z.array(z.string().trim().min(1).max(500)).max(50),
  explanation: OptionalText(5000),
};

/** Choice questions need ≥ 2 answers (single: exactly one correct; multiple: at least one); text needs accepted answers. */
export function questionShapeProblems(v: {
  type?: string;
  answers?: { isCorrect: boolean }[];
  acceptedAnswers?: string[];
}): { path: string; message: string }[] {
  const type = v.type ?? "single_choice";
  if (type === "text") {
    return (v.acceptedAnswers ?? []).length === 0 ? [{ path: "acceptedAnswers", message: "Textová otázka potrebuje aspoň jednu prijateľnú odpoveď." }] : [];
  }
  const problems: { path: string; message: string }[] = [];
  const answers = v.answers ?? [];
  if (answers.length < 2) problems.push({ path: "answers", message: "Otázka s výberom potrebuje aspoň dve odpovede." });
  const correct = answers.filter((a) => a.isCorrect).length;
  if (type === "single_choice" && correct !== 1) problems.push({ path: "answers", message: "Otázka s jednou odpoveďou má mať práve jednu správnu odpoveď." });
  if (type === "multiple_choice" && correct < 1) problems.push({ path: "answers", message: "Označte aspoň jednu správnu odpoveď." });
  return problems;
}

function checkQuestionShape(v: Parameters<typeof questionShapeProblems>[0], ctx: z.RefinementCtx) {
  for (const p of questionShapeProblems(v)) ctx.addIssue({ code: "custom", path: [p.path], message: p.message });
}

export const QuestionCreateRequest = z
  .strictObject({
    type: questionFields.type.default("single_choice"),
    text: questionFields.text,
    weight: questionFields.weight.default(1),
    answers: questionFields.answers.default([]),
    acceptedAnswers: questionFields.acceptedAnswers.default([]),
    explanation: questionFields.explanation,
  })
  .superRefine(checkQuestionShape);
export type QuestionCreateRequest = z.infer<typeof QuestionCreateRequest>;

/** PATCH: the result (stored values with these changes) must still be a valid question. */
export const QuestionPatchRequest = z
  .strictObject(questionFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Pošlite aspoň jedno pole na zmenu.");
export type QuestionPatchRequest = z.infer<typeof QuestionPatchRequest>;

/** PUT /api/admin/questions/<id>/move: to another test of the same course; at its end unless orderIndex is given. */
export const QuestionMoveRequest = z.strictObject({ testId: Id, orderIndex: z.int().min(0).max(10_000).optional() });

// ---------- responses ----------

export const AdminBlock = z.discriminatedUnion("type", [
  z.strictObject({ id: z.string(), type: z.literal("text"), markdown: z.string() }),
  z.strictObject({
    id: z.string(),
    type: z.literal("video"),
    state: z.enum(["waiting", "ready", "errored"]),
    videoAssetId: z.string().optional(),
    videoPlaybackId: z.string().optional(),
    previewPlaybackId: z.string().optional(),
    // the preview clip's asset and range, and the latest cut asked of the provider
    // (POST /api/admin/uploads/video/preview)
    previewAssetId: z.string().optional(),
    previewStartSec: z.number().optional(),
    previewEndSec: z.number().optional(),
    previewCut: z
      .strictObject({
        id: z.string(),
        provider: z.enum(["mux", "local"]),
        by: z.string(),
        createdAt: z.string(),
        startSec: z.number(),
        endSec: z.number(),
        status: z.enum(["waiting", "ready", "errored"]),
        assetId: z.string().optional(),
        message: z.string().optional(),
        endedAt: z.string().optional(),
      })
      .optional(),
    durationSec: z.number().optional(),
    transcript: z.string().optional(),
    posterUrl: z.string().optional(),
    chapters: z.array(z.strictObject({ title: z.string(), startSec: z.number() })).optional(),
    captions: z.array(z.strictObject({ lang: z.string(), label: z.string(), fileId: z.string() })).optional(),
    /** derived from the first captions at save; students see it when no transcript was typed */
    captionsTranscript: z.string().optional(),
    // the latest direct upload (POST /api/admin/uploads/video) and how it ended
    upload: z
      .strictObject({
        id: z.string(),
        provider: z.enum(["mux", "local"]),
        by: z.string(),
        createdAt: z.string(),
        status: z.enum(["waiting", "ready", "errored", "cancelled"]),
        message: z.string().optional(),
        endedAt: z.string().optional(),
      })
      .optional(),
  }),
  z.strictObject({
    id: z.string(),
    type: z.literal("presentation"),
    pdfPath: z.string(),
    slideCount: z.int(),
    fileId: z.string().optional(),
    slideWidth: z.int().optional(),
    slideHeight: z.int().optional(),
  }),
  z.strictObject({
    id: z.string(),
    type: z.literal("image"),
    imagePath: z.string(),
    alt: z.string(),
    caption: z.string().optional(),
    fileId: z.string().optional(),
    width: z.int().optional(),
    height: z.int().optional(),
  }),
]);

export const AdminAttachment = z.strictObject({ name: z.string(), path: z.string(), sizeBytes: z.int(), mimeType: z.string(), fileId: z.string().optional() });

export const AdminPart = z.strictObject({
  _id: Id,
  courseId: Id,
  moduleId: Id,
  orderIndex: z.int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  contentBlocks: z.array(AdminBlock),
  attachments: z.array(AdminAttachment),
  prerequisites: z.array(Id),
  partTestId: Id.nullable(),
  partTestRequired: z.boolean(),
  requiredForCompletion: z.boolean(),
});
export type AdminPart = z.infer<typeof AdminPart>;

export const AdminModule = z.strictObject({ _id: Id, courseId: Id, topicId: Id, title: z.string(), estimatedMinutes: z.int() });
export type AdminModule = z.infer<typeof AdminModule>;

export const AdminTopic = z.strictObject({
  _id: Id,
  courseId: Id,
  levelId: Id,
  orderIndex: z.int(),
  slug: z.string(),
  title: z.string(),
  iconName: z.string().nullable(),
});
export type AdminTopic = z.infer<typeof AdminTopic>;

export const AdminLevel = z.strictObject({
  _id: Id,
  courseId: Id,
  orderIndex: z.int(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  estimatedHours: z.number(),
  topicSequencing: z.string(),
  issuesIntermediateCertificate: z.boolean(),
  levelTestId: Id.nullable(),
  levelTestRequired: z.boolean(),
});
export type AdminLevel = z.infer<typeof AdminLevel>;

export const AdminQuestion = z.strictObject({
  _id: Id,
  testId: Id,
  orderIndex: z.int(),
  type: z.string(),
  text: z.string(),
  weight: z.number(),
  answers: z.array(z.strictObject({ id: z.string(), text: z.string(), isCorrect: z.boolean() })),
  acceptedAnswers: z.array(z.string()),
  explanation: z.string().nullable(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

export const AdminTest = z.strictObject({
  _id: Id,
  courseId: Id,
  placement: z.enum(["part", "level", "course"]),
  /** the part or level it hangs on; null for a course test or a test not attached */
  partId: Id.nullable(),
  levelId: Id.nullable(),
  title: z.string(),
  description: z.string().nullable(),
  passingScore: z.number(),
  timeLimitSec: z.int(),
  maxAttempts: z.int(),
  cooldownMinutes: z.int(),
  selectionMode: z.string(),
  questionCount: z.int().nullable(),
  randomizeAnswerOrder: z.boolean(),
  showAnswersAfter: z.string(),
  questions: z.array(AdminQuestion),
});
export type AdminTest = z.infer<typeof AdminTest>;

export const AdminModuleNode = AdminModule.extend({ parts: z.array(AdminPart) });
export const AdminTopicNode = AdminTopic.extend({ module: AdminModuleNode.nullable() });
export const AdminLevelNode = AdminLevel.extend({ topics: z.array(AdminTopicNode) });

export const AdminCourseDetail = z.strictObject({
  course: AdminCourse,
  levels: z.array(AdminLevelNode),
  tests: z.array(AdminTest),
});
export type AdminCourseDetail = z.infer<typeof AdminCourseDetail>;

export const PublishResponse = z.strictObject({ ok: z.literal(true), publishedAt: z.string() });
export const ArchiveResponse = z.strictObject({ ok: z.literal(true), archivedAt: z.string() });
export const NewVersionResponse = z.strictObject({ newCourseId: Id, version: z.int().min(2) });
export const DeleteResponse = z.strictObject({
  ok: z.literal(true),
  deleted: z.literal("soft").describe("versions are never hard-deleted: the draft is kept with state deleted"),
});
export const OkResponse = z.strictObject({ ok: z.literal(true) });

/** One failing publish rule (422 details[]): the item's id, a stable code and a Slovak message. */
export const PublishProblem = z.strictObject({ code: z.string(), id: z.string(), path: z.string(), message: z.string() });
export type PublishProblem = z.infer<typeof PublishProblem>;

// ---------- operations ----------

const editor = { kind: "session" as const, roles: ["content_manager", "admin"] };
const adminOnly = { kind: "session" as const, roles: ["admin"] };
const json = "application/json";
const writeErrors: ErrorCode[] = ["unauthorized", "forbidden", "not_found", "validation", "course_not_editable"];

function op(
  method: ApiOperation["method"],
  path: string,
  operationId: string,
  summary: string,
  options: {
    auth?: ApiOperation["auth"];
    body?: z.ZodType;
    query?: z.ZodObject;
    status?: number;
    response: z.ZodType;
    description?: string;
    errors?: ErrorCode[];
  },
): ApiOperation {
  return operationWithIdParams(
    { method, path, operationId, summary, tags: ["admin", "authoring"], auth: options.auth ?? editor },
    {
      ...(options.query ? { query: options.query } : {}),
      ...(options.body ? { body: { contentType: json, schema: options.body } } : {}),
      responses: { [options.status ?? 200]: { description: options.description ?? summary, schema: options.response } },
      errors: options.errors ?? writeErrors,
    },
  );
}

export const authoringApi: ApiArea = {
  schemas: {
    AdminCourse,
    AdminCourseListItem,
    AdminCourseListResponse,
    AdminCourseDetail,
    AdminLevel,
    AdminTopic,
    AdminModule,
    AdminPart,
    AdminBlock,
    AdminAttachment,
    AdminTest,
    AdminQuestion,
    AdminLevelNode,
    AdminTopicNode,
    AdminModuleNode,
    PublishProblem,
  },
  operations: [
    op("get", "/api/admin/courses", "adminListCourses", "Course versions in every state (filter by state, slug)", {
      query: AdminCourseListQuery,
      response: AdminCourseListResponse,
      errors: ["unauthorized", "forbidden", "validation"],
    }),
    op("post", "/api/admin/courses", "adminCreateCourse", "Creates a draft (version 1)", {
      body: CourseCreateRequest,
      status: 201,
      response: AdminCourse,
      errors: ["unauthorized", "forbidden", "validation", "slug_taken"],
    }),
    op("get", "/api/admin/courses/{courseId}", "adminGetCourse", "One course version with its whole tree and tests", {
      response: AdminCourseDetail,
      errors: ["unauthorized", "forbidden", "not_found"],
    }),
    op("patch", "/api/admin/courses/{courseId}", "adminUpdateCourse", "Updates a draft", {
      body: CoursePatchRequest,
      response: AdminCourse,
      errors: [...writeErrors, "slug_taken"],
    }),
    op(
      "delete",
      "/api/admin/courses/{courseId}",
      "adminDeleteCourse",
      "Soft-deletes a draft without enrollments (state deleted, kept); a published or archived version is refused (archived ones are soft-deleted by the five-year job)",
      {
        auth: adminOnly,
        response: DeleteResponse,
        errors: ["unauthorized", "forbidden", "not_found", "course_has_enrollments", "version_not_deletable"],
      },
    ),
    op("post", "/api/admin/courses/{courseId}/publish", "adminPublishCourse", "Publishes a draft (or re-publishes an archived version)", {
      auth: adminOnly,
      response: PublishResponse,
      errors: [
        "unauthorized",
        "reauthentication_required",
        "forbidden",
        "not_found",
        "validation",
        "conflict",
        "another_version_published",
        "enrollment_deadline_passed",
        "identity_provider_unavailable",
      ],
    }),
    op("post", "/api/admin/courses/{courseId}/archive", "adminArchiveCourse", "Archives a published version", {
      auth: adminOnly,
      response: ArchiveResponse,
      errors: ["unauthorized", "forbidden", "not_found", "conflict"],
    }),
    op("post", "/api/admin/courses/{courseId}/new-version", "adminNewCourseVersion", "A new draft version, deep-cloned from this one", {
      status: 201,
      response: NewVersionResponse,
      errors: ["unauthorized", "forbidden", "not_found", "conflict", "draft_exists"],
    }),
    op("post", "/api/admin/courses/{courseId}/levels", "adminCreateLevel", "Creates a level at the end", {
      body: LevelCreateRequest,
      status: 201,
      response: AdminLevel,
    }),
    op("put", "/api/admin/courses/{courseId}/levels/order", "adminReorderLevels", "Reorders the levels", {
      body: ReorderRequest,
      response: z.array(AdminLevel),
    }),
    op("patch", "/api/admin/levels/{levelId}", "adminUpdateLevel", "Updates a level", { body: LevelPatchRequest, response: AdminLevel }),
    op("delete", "/api/admin/levels/{levelId}", "adminDeleteLevel", "Deletes a level with its topics, modules, parts and tests", {
      auth: adminOnly,
      response: OkResponse,
    }),
    op("post", "/api/admin/levels/{levelId}/topics", "adminCreateTopic", "Creates a topic at the end of the level", {
      body: TopicCreateRequest,
      status: 201,
      response: AdminTopic,
    }),
    op("put", "/api/admin/levels/{levelId}/topics/order", "adminReorderTopics", "Reorders the topics of a level", {
      body: ReorderRequest,
      response: z.array(AdminTopic),
    }),
    op("patch", "/api/admin/topics/{topicId}", "adminUpdateTopic", "Updates a topic", { body: TopicPatchRequest, response: AdminTopic }),
    op("delete", "/api/admin/topics/{topicId}", "adminDeleteTopic", "Deletes a topic with its module, parts and part tests", { response: OkResponse }),
    op("post", "/api/admin/topics/{topicId}/module", "adminCreateModule", "Creates the topic's one module", {
      body: ModuleCreateRequest,
      status: 201,
      response: AdminModule,
      errors: [...writeErrors, "conflict"],
    }),
    op("patch", "/api/admin/modules/{moduleId}", "adminUpdateModule", "Updates a module", { body: ModulePatchRequest, response: AdminModule }),
    op("delete", "/api/admin/modules/{moduleId}", "adminDeleteModule", "Deletes a module with its parts and part tests", { response: OkResponse }),
    op("post", "/api/admin/modules/{moduleId}/parts", "adminCreatePart", "Creates a part at the end of the module", {
      body: PartCreateRequest,
      status: 201,
      response: AdminPart,
    }),
    op("put", "/api/admin/modules/{moduleId}/parts/order", "adminReorderParts", "Reorders the parts of a module", {
      body: ReorderRequest,
      response: z.array(AdminPart),
    }),
    op("patch", "/api/admin/parts/{partId}", "adminUpdatePart", "Updates a part (blocks, attachments, prerequisites …)", {
      body: PartPatchRequest,
      response: AdminPart,
    }),
    op("delete", "/api/admin/parts/{partId}", "adminDeletePart", "Deletes a part and its part test; other parts stop naming it as prerequisite", {
      response: OkResponse,
    }),
    op("post", "/api/admin/tests", "adminCreateTest", "Creates a test on a part, a level or the course", {
      body: TestCreateRequest,
      status: 201,
      response: AdminTest,
      errors: [...writeErrors, "conflict"],
    }),
    op("patch", "/api/admin/tests/{testId}", "adminUpdateTest", "Updates a test's settings", { body: TestPatchRequest, response: AdminTest }),
    op("delete", "/api/admin/tests/{testId}", "adminDeleteTest", "Deletes a test with its questions and detaches it", { response: OkResponse }),
    op("post", "/api/admin/tests/{testId}/questions", "adminCreateQuestion", "Creates a question at the end of the test", {
      body: QuestionCreateRequest,
      status: 201,
      response: AdminQuestion,
    }),
    op("put", "/api/admin/tests/{testId}/questions/order", "adminReorderQuestions", "Reorders the questions of a test", {
      body: ReorderRequest,
      response: z.array(AdminQuestion),
    }),
    op("patch", "/api/admin/questions/{questionId}", "adminUpdateQuestion", "Updates a question", { body: QuestionPatchRequest, response: AdminQuestion }),
    op("delete", "/api/admin/questions/{questionId}", "adminDeleteQuestion", "Deletes a question", { response: OkResponse }),
    op("put", "/api/admin/questions/{questionId}/move", "adminMoveQuestion", "Moves a question to another test of the same course", {
      body: QuestionMoveRequest,
      response: AdminQuestion,
    }),
  ],
};
