// Enrollments, progress records and test attempts.
// spec: Resources > Enrollment; TestAttempt; States and transitions > Part, Enrollment.
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgEnum, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPk, idRef, ts, updatedAt } from "./columns";
import { courses, parts, tests } from "./catalog";

export const enrollmentState = pgEnum("enrollment_state", ["active", "completed", "cancelled", "expired"]);
export const enrollmentReason = pgEnum("enrollment_reason", ["paid", "admin_grant", "sponsor"]);
export const partState = pgEnum("part_state", ["locked", "available", "in_progress", "completed"]);
export const attemptState = pgEnum("attempt_state", ["in_progress", "submitted", "expired"]);

export type EnrollmentProgress = {
  completedModules: number;
  totalModules: number;
  completedLevels: number;
  totalLevels: number;
  lastActivityAt: string | null;
};

export const enrollments = pgTable(
  "enrollments",
  {
    id: idPk(),
    // courseId: first version of the chain (stable course identity);
    // courseVersionId: the exact version purchased. See docs/decisions/README.md.
    courseId: idRef("course_id").notNull(),
    courseVersionId: idRef("course_version_id")
      .notNull()
      .references(() => courses.id),
    courseTitle: text("course_title").notNull(),
    courseSlug: text("course_slug").notNull(),
    studentId: text("student_id").notNull(),
    studentDisplayName: text("student_display_name").notNull(),
    studentEmail: text("student_email"),
    state: enrollmentState("state").notNull().default("active"),
    reason: enrollmentReason("reason").notNull(),
    grantReason: text("grant_reason"),
    sponsorOrgId: text("sponsor_org_id"),
    orderId: idRef("order_id"),
    enrolledAt: ts("enrolled_at").notNull().defaultNow(),
    accessExpiresAt: ts("access_expires_at"),
    currentLevelId: idRef("current_level_id"),
    progress: jsonb("progress").$type<EnrollmentProgress>().notNull(),
    intermediateCertificateIds: text("intermediate_certificate_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    finalCertificateId: idRef("final_certificate_id"),
    completedAt: ts("completed_at"),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    suspendedAt: ts("suspended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one live enrollment per student and course chain
    uniqueIndex("enrollments_one_active")
      .on(t.studentId, t.courseId)
      .where(sql`${t.state} = 'active'`),
    index("enrollments_student_idx").on(t.studentId),
    index("enrollments_course_idx").on(t.courseVersionId, t.state),
  ],
);

export type BlockProgress = {
  blockId: string;
  state: "in_progress" | "completed";
  secondsWatched: number;
  totalSeconds: number;
  /** when the server last accepted a watch report of this (video) block */
  lastReportAt?: string;
  /** when the server first handed out this video block's playback URL (kept from earlier versions; no longer a clock) */
  playbackIssuedAt?: string;
  /** when the current viewing (reports without a long gap) of this video started (server/learning) */
  viewingStartedAt?: string;
  /** the seconds watched when the current viewing started */
  viewingBaseSec?: number;
};

export const partProgress = pgTable(
  "part_progress",
  {
    id: idPk(),
    enrollmentId: idRef("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    partId: idRef("part_id")
      .notNull()
      .references(() => parts.id),
    state: partState("state").notNull(),
    blockProgress: jsonb("block_progress").$type<BlockProgress[]>().notNull().default([]),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("part_progress_uq").on(t.enrollmentId, t.partId),
    // the admin's drop-off curve counts completions per part (server/insights)
    index("part_progress_completed_part_idx")
      .on(t.partId)
      .where(sql`${t.state} = 'completed'`),
  ],
);

export const moduleCompletions = pgTable(
  "module_completions",
  {
    id: idPk(),
    enrollmentId: idRef("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    moduleId: idRef("module_id").notNull(),
    completedAt: ts("completed_at").notNull().defaultNow(),
  },
  (t) => [
    unique("module_completions_uq").on(t.enrollmentId, t.moduleId),
    // completions per module for the drop-off curve (server/insights)
    index("module_completions_module_idx").on(t.moduleId),
  ],
);

export const levelCompletions = pgTable(
  "level_completions",
  {
    id: idPk(),
    enrollmentId: idRef("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    levelId: idRef("level_id").notNull(),
    completedAt: ts("completed_at").notNull().defaultNow(),
  },
  (t) => [
    unique("level_completions_uq").on(t.enrollmentId, t.levelId),
    // completions per level for the drop-off curve (server/insights)
    index("level_completions_level_idx").on(t.levelId),
  ],
);

export type QuestionSnapshot = {
  questionId: string;
  type: string;
  text: string;
  answers: { id: string; text: string; isCorrect: boolean }[];
  acceptedAnswers?: string[];
  explanation?: string | null;
  weight: number;
};

export type SubmittedAnswer = { questionId: string; selectedAnswerIds?: string[]; textAnswer?: string };

export const testAttempts = pgTable(
  "test_attempts",
  {
    id: idPk(),
    testId: idRef("test_id")
      .notNull()
      .references(() => tests.id),
    enrollmentId: idRef("enrollment_id")
      .notNull()
      .references(() => enrollments.id),
    studentId: text("student_id").notNull(),
    attemptNumber: integer("attempt_number").notNull(),
    state: attemptState("state").notNull().default("in_progress"),
    score: doublePrecision("score"),
    passed: boolean("passed"),
    startedAt: ts("started_at").notNull().defaultNow(),
    deadline: ts("deadline").notNull(),
    submittedAt: ts("submitted_at"),
    questionSnapshots: jsonb("question_snapshots").$type<QuestionSnapshot[]>().notNull(),
    questionOrder: text("question_order").array().notNull(),
    answerOrders: jsonb("answer_orders").$type<Record<string, string[]>>().notNull(),
    answers: jsonb("answers").$type<SubmittedAnswer[]>().notNull().default([]),
    voidedAt: ts("voided_at"),
    voidReason: text("void_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("test_attempts_number_uq").on(t.testId, t.enrollmentId, t.attemptNumber),
    index("test_attempts_student_idx").on(t.studentId, t.testId),
    // an enrollment's passed tests (learning's progress facts, server/learning/engine.ts) without
    // reading the whole (test, enrollment, number) index (docs/decisions/learning/the-student-path-at-scale.md > The student path at scale)
    index("test_attempts_enrollment_idx").on(t.enrollmentId, t.testId),
    // a test's pass rate and attempts used from the index alone (server/insights)
    index("test_attempts_counted_idx")
      .on(t.testId, t.enrollmentId, t.passed, t.attemptNumber, t.score)
      .where(sql`${t.submittedAt} is not null and ${t.voidedAt} is null`),
  ],
);
