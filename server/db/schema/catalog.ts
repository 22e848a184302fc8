// Course content: Course > Level > Topic > Module > Part, and Tests with Questions.
// spec: Resources and their fields > Course; Level, Topic, Module, Part; Test, Question.
import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPk, idRef, ts, updatedAt } from "./columns";

export const courseState = pgEnum("course_state", ["draft", "published", "archived", "deleted"]);
export const testPlacement = pgEnum("test_placement", ["part", "level", "course"]);

export type InstructorProfile = {
  personId: string;
  displayName: string;
  title?: string;
  bio?: string;
  avatarUrl?: string;
  /** an uploaded avatar (server/files); shown instead of avatarUrl when set */
  avatarFileId?: string;
  affiliation?: string;
};

export type Accreditation = {
  partnerOrgId: string;
  partnerName: string;
  certificateType: string;
  accreditationNumber?: string;
  /** who signs the certificates for the partner (copied into Certificate.issuedBy) */
  signatoryName?: string;
  signatoryRole?: string;
};

export const courses = pgTable(
  "courses",
  {
    id: idPk(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    description: text("description").notNull().default(""),
    shortDescription: text("short_description").notNull().default(""),
    coverImageUrl: text("cover_image_url"),
    /** an uploaded cover (server/files); shown instead of coverImageUrl when set */
    coverFileId: idRef("cover_file_id"),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** VAT in basis points (2000 = 20 %); the API shows the fraction (server/money) */
    vatRateBp: integer("vat_rate_bp").notNull().default(2000),
    vatIncluded: boolean("vat_included").notNull().default(true),
    targetAudience: text("target_audience")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    language: text("language").notNull().default("sk"),
    durationHours: doublePrecision("duration_hours").notNull().default(0),
    courseTestId: idRef("course_test_id"),
    courseTestRequired: boolean("course_test_required").notNull().default(true),
    instructors: text("instructors")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    instructorProfiles: jsonb("instructor_profiles").$type<InstructorProfile[]>().notNull().default([]),
    accreditation: jsonb("accreditation").$type<Accreditation | null>(),
    state: courseState("state").notNull().default("draft"),
    version: integer("version").notNull().default(1),
    previousVersionId: idRef("previous_version_id"),
    publishedAt: ts("published_at"),
    archivedAt: ts("archived_at"),
    deletedAt: ts("deleted_at"),
    enrollmentLimit: integer("enrollment_limit"),
    enrollmentDeadline: ts("enrollment_deadline"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    ogImageUrl: text("og_image_url"),
    /** an uploaded share image (server/files); used instead of ogImageUrl when set */
    ogImageFileId: idRef("og_image_file_id"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: text("created_by").notNull(),
    publishedBy: text("published_by"),
  },
  (t) => [
    // the slug is shared along one version chain and unique otherwise
    unique("courses_slug_version_uq").on(t.slug, t.version),
    // the public slug resolves to exactly one published version
    uniqueIndex("courses_one_published_per_slug")
      .on(t.slug)
      .where(sql`${t.state} = 'published'`),
    index("courses_state_idx").on(t.state),
    index("courses_tags_idx").using("gin", t.tags),
    check("courses_vat_rate_bp_range", sql`${t.vatRateBp} between 0 and 10000`),
  ],
);

export const levels = pgTable(
  "levels",
  {
    id: idPk(),
    courseId: idRef("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    orderIndex: integer("order_index").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    estimatedHours: doublePrecision("estimated_hours").notNull().default(0),
    topicSequencing: text("topic_sequencing").notNull().default("flexible"),
    issuesIntermediateCertificate: boolean("issues_intermediate_certificate").notNull().default(false),
    levelTestId: idRef("level_test_id"),
    levelTestRequired: boolean("level_test_required").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("levels_course_slug_uq").on(t.courseId, t.slug), index("levels_course_idx").on(t.courseId, t.orderIndex)],
);

export const topics = pgTable(
  "topics",
  {
    id: idPk(),
    courseId: idRef("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    levelId: idRef("level_id")
      .notNull()
      .references(() => levels.id, { onDelete: "cascade" }),
    orderIndex: integer("order_index").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    iconName: text("icon_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("topics_level_slug_uq").on(t.levelId, t.slug), index("topics_level_idx").on(t.levelId, t.orderIndex)],
);

export const modules = pgTable("modules", {
  id: idPk(),
  courseId: idRef("course_id")
    .notNull()
    .references(() => courses.id, { onDelete: "cascade" }),
  // exactly one Module per Topic (spec: What the service does, 2)
  topicId: idRef("topic_id")
    .notNull()
    .unique("modules_topic_uq")
    .references(() => topics.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  estimatedMinutes: integer("estimated_minutes").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type VideoCaptions = { lang: string; label: string; fileId: string };

export type ContentBlock =
  | { id: string; type: "text"; markdown: string }
  | {
      id: string;
      type: "video";
      state: "waiting" | "ready" | "errored";
      videoAssetId?: string;
      videoPlaybackId?: string;
      /** the course's preview clip (10-60 s of this video, cut by the provider): what plays and which range */
      previewPlaybackId?: string;
      previewAssetId?: string;
      previewStartSec?: number;
      previewEndSec?: number;
      /** the latest preview cut asked of the provider (server/video); never shown to students */
      previewCut?: VideoPreviewCut;
      durationSec?: number;
      transcript?: string;
      posterUrl?: string;
      chapters?: { title: string; startSec: number }[];
      /** WebVTT captions per language (server/files, kind captions), played as <track kind="captions"> */
      captions?: VideoCaptions[];
      /** the transcript derived from the first captions at save; shown when no transcript was typed */
      captionsTranscript?: string;
      /** the latest direct upload into this block (server/video); never shown to students */
      upload?: VideoBlockUpload;
    }
  // an uploaded file (server/files): `fileId`, the path `/s/<fileId>` signed by the /files/
  // route, the page count as slideCount and the slides' pixels; else a path under /media/
  | { id: string; type: "presentation"; pdfPath: string; slideCount: number; fileId?: string; slideWidth?: number; slideHeight?: number }
  | { id: string; type: "image"; imagePath: string; alt: string; caption?: string; fileId?: string; width?: number; height?: number };

/**
 * A direct upload of a video block: who started it (notified when it ends), the provider's
 * upload id (events of older uploads are ignored) and how it ended.
 */
export type VideoBlockUpload = {
  id: string;
  provider: "mux" | "local";
  by: string;
  createdAt: string;
  status: "waiting" | "ready" | "errored" | "cancelled";
  /** the provider's error text of an errored upload */
  message?: string;
  /** when the provider's event arrived */
  endedAt?: string;
};

/**
 * A preview clip cut asked of the video provider: its id (carried in the passthrough, so
 * events of an older cut are ignored), the range, who asked and how it ended.
 */
export type VideoPreviewCut = {
  id: string;
  provider: "mux" | "local";
  by: string;
  createdAt: string;
  startSec: number;
  endSec: number;
  status: "waiting" | "ready" | "errored";
  /** the provider's asset of the clip, once it is known */
  assetId?: string;
  message?: string;
  endedAt?: string;
};

export type Attachment = { name: string; path: string; sizeBytes: number; mimeType: string; fileId?: string };

export const parts = pgTable(
  "parts",
  {
    id: idPk(),
    courseId: idRef("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: idRef("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    orderIndex: integer("order_index").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary"),
    contentBlocks: jsonb("content_blocks").$type<ContentBlock[]>().notNull().default([]),
    attachments: jsonb("attachments").$type<Attachment[]>().notNull().default([]),
    prerequisites: text("prerequisites")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    partTestId: idRef("part_test_id"),
    partTestRequired: boolean("part_test_required").notNull().default(false),
    requiredForCompletion: boolean("required_for_completion").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("parts_module_slug_uq").on(t.moduleId, t.slug), index("parts_module_idx").on(t.moduleId, t.orderIndex)],
);

export const tests = pgTable(
  "tests",
  {
    id: idPk(),
    courseId: idRef("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    placement: testPlacement("placement").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    passingScore: doublePrecision("passing_score").notNull().default(0.7),
    timeLimitSec: integer("time_limit_sec").notNull().default(1800),
    maxAttempts: integer("max_attempts").notNull().default(3),
    cooldownMinutes: integer("cooldown_minutes").notNull().default(0),
    selectionMode: text("selection_mode").notNull().default("all"),
    questionCount: integer("question_count"),
    randomizeAnswerOrder: boolean("randomize_answer_order").notNull().default(true),
    showAnswersAfter: text("show_answers_after").notNull().default("submit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tests_course_idx").on(t.courseId)],
);

export type QuestionAnswer = { id: string; text: string; isCorrect: boolean };

export const questions = pgTable(
  "questions",
  {
    id: idPk(),
    testId: idRef("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    orderIndex: integer("order_index").notNull(),
    type: text("type").notNull().default("single_choice"),
    text: text("text").notNull(),
    weight: doublePrecision("weight").notNull().default(1),
    answers: jsonb("answers").$type<QuestionAnswer[]>().notNull().default([]),
    acceptedAnswers: text("accepted_answers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    explanation: text("explanation"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("questions_test_idx").on(t.testId, t.orderIndex)],
);
