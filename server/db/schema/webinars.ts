// Webinars: live sessions of a course (issue 33). A webinar belongs to the course (its
// chain: the first version's id, like Enrollment.courseId), not to a version, so a new
// version keeps its webinars (spec: Versioning 2, "Webinar … not versioned").
// docs/decisions/webinars/webinars.md > Webinars.
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { BlockProgress } from "./learning";
import { sql } from "drizzle-orm";
import { createdAt, idPk, idRef, ts, updatedAt } from "./columns";

export const webinarState = pgEnum("webinar_state", ["scheduled", "cancelled"]);
export const webinarReminderKind = pgEnum("webinar_reminder_kind", ["day", "hour"]);

export const webinars = pgTable(
  "webinars",
  {
    id: idPk(),
    /** the course chain (first version's id), as Enrollment.courseId */
    courseId: idRef("course_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    joinUrl: text("join_url").notNull(),
    lecturer: text("lecturer"),
    /** the level whose completion may require attendance (any version's level id) */
    levelId: idRef("level_id"),
    attendanceRequired: boolean("attendance_required").notNull().default(false),
    state: webinarState("state").notNull().default("scheduled"),
    /** iCalendar SEQUENCE: +1 on every change of time, place or state students were told of */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    /** the recording (phase 1: the admin's upload through server/video): what plays, once ready */
    recordingPlaybackId: text("recording_playback_id"),
    recordingAssetId: text("recording_asset_id"),
    recordingDurationSec: integer("recording_duration_sec"),
    /** the latest direct upload of the recording and how it ended (waiting, ready, errored, cancelled) */
    recordingUploadId: text("recording_upload_id"),
    recordingUploadStatus: text("recording_upload_status").$type<"waiting" | "ready" | "errored" | "cancelled">(),
    /** the meeting provider's online meeting id (phase 2: its recording notifications name it) */
    onlineMeetingId: text("online_meeting_id"),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webinars_course_idx").on(t.courseId, t.startsAt),
    uniqueIndex("webinars_online_meeting_uq")
      .on(t.onlineMeetingId)
      .where(sql`${t.onlineMeetingId} is not null`),
  ],
);

/** Every click of "Pripojiť sa": who joined and when (attendance is derived from these). */
export const webinarJoins = pgTable(
  "webinar_joins",
  {
    id: idPk(),
    webinarId: idRef("webinar_id")
      .notNull()
      .references(() => webinars.id),
    studentId: text("student_id").notNull(),
    enrollmentId: idRef("enrollment_id").notNull(),
    joinedAt: ts("joined_at").notNull(),
  },
  (t) => [index("webinar_joins_webinar_idx").on(t.webinarId, t.studentId)],
);

/**
 * One row per reminder e-mail enqueued: the unique index makes "exactly once per student,
 * session, kind and schedule (sequence)" hold across reruns, restarts and instances.
 */
export const webinarReminders = pgTable(
  "webinar_reminders",
  {
    id: idPk(),
    webinarId: idRef("webinar_id")
      .notNull()
      .references(() => webinars.id),
    enrollmentId: idRef("enrollment_id").notNull(),
    kind: webinarReminderKind("kind").notNull(),
    sequence: integer("sequence").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webinar_reminders_once").on(t.webinarId, t.enrollmentId, t.kind, t.sequence)],
);

/** A student's personal calendar feed; the URL carries the id and its HMAC; revoking ends it. */
export const webinarCalendarFeeds = pgTable(
  "webinar_calendar_feeds",
  {
    id: idPk(),
    studentId: text("student_id").notNull(),
    createdAt: createdAt(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("webinar_calendar_feeds_live")
      .on(t.studentId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The admin's correction of a student's attendance (attended or not, with a reason; audited):
 * it overrides what the join records say. One per webinar and enrollment (the latest).
 */
export const webinarAttendanceCorrections = pgTable(
  "webinar_attendance_corrections",
  {
    id: idPk(),
    webinarId: idRef("webinar_id")
      .notNull()
      .references(() => webinars.id),
    enrollmentId: idRef("enrollment_id").notNull(),
    attended: boolean("attended").notNull(),
    reason: text("reason").notNull(),
    correctedBy: text("corrected_by").notNull(),
    correctedAt: ts("corrected_at").notNull(),
  },
  (t) => [uniqueIndex("webinar_attendance_corrections_one").on(t.webinarId, t.enrollmentId)],
);

/**
 * How much of a webinar's recording a student has watched (issue 33 item 4): the same
 * server-judged coverage as a video block (server/learning judgeWatch), one per webinar and
 * enrollment. At VIDEO_COMPLETION_RATIO it stands in for attendance.
 */
export const webinarRecordingViews = pgTable(
  "webinar_recording_views",
  {
    id: idPk(),
    webinarId: idRef("webinar_id")
      .notNull()
      .references(() => webinars.id),
    enrollmentId: idRef("enrollment_id").notNull(),
    progress: jsonb("progress").$type<BlockProgress>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("webinar_recording_views_one").on(t.webinarId, t.enrollmentId)],
);

/**
 * A meeting recording the automation imports (issue 33 item 6): one row per recording of the
 * meeting provider, inserted with the notification that announced it, so a repeated
 * notification enqueues nothing and nothing is downloaded twice.
 */
export const webinarRecordingImports = pgTable(
  "webinar_recording_imports",
  {
    id: idPk(),
    webinarId: idRef("webinar_id")
      .notNull()
      .references(() => webinars.id),
    /** the notification's resource (the recording's path at the meeting provider) */
    resource: text("resource").notNull(),
    recordingId: text("recording_id").notNull(),
    state: text("state").$type<"queued" | "uploaded" | "failed">().notNull().default("queued"),
    uploadId: text("upload_id"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("webinar_recording_imports_once").on(t.webinarId, t.recordingId)],
);
