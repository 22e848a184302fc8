// What an enrolled student sees and does: the course's sessions (upcoming with the join
// link from 15 minutes before the start, past with the recording), joining (recorded, then
// a redirect to the meeting), one session's .ics, and the personal calendar feed (a URL
// carrying the feed's id and its HMAC; revoking makes a new one). docs/decisions/webinars/webinars.md > Webinars.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";
import { ok, refused, valueOrThrow, type Outcome } from "../kernel/outcome";
import { HOLDING_STATES, learningEnrollmentOf } from "../enrollments";
import type { MediaUrls } from "../video";
import type { StudentWebinar, StudentWebinarList } from "./contract";
import { icsCalendar, type IcsEvent } from "./ics";
import type { WebinarRow } from "./admin";
import type { Queue } from "../queue";
import { afterAttendanceChange } from "./requirements";

const { webinars, webinarJoins, webinarCalendarFeeds, courses, enrollments } = schema;

/** The join link opens this long before the start. */
export const JOIN_OPENS_BEFORE_MS = 15 * 60_000;

export type StudentDeps = { db: Database; media: MediaUrls; now: Date };

export function joinOpensAt(row: Pick<WebinarRow, "startsAt">): Date {
  return new Date(row.startsAt.getTime() - JOIN_OPENS_BEFORE_MS);
}

/** Whether "Pripojiť sa" works now: scheduled, from 15 minutes before the start until the end. */
export function joinable(row: Pick<WebinarRow, "state" | "startsAt" | "endsAt">, now: Date): boolean {
  return row.state === "scheduled" && now.getTime() >= joinOpensAt(row).getTime() && now.getTime() < row.endsAt.getTime();
}

export const webinarJoinPath = (slug: string, id: string) => `/kurzy/${slug}/webinare/${id}/pripojit`;
export const webinarCalendarPath = (slug: string, id: string) => `/kurzy/${slug}/webinare/${id}/kalendar.ics`;

function studentView(row: WebinarRow, slug: string, media: MediaUrls, now: Date): StudentWebinar {
  const ended = row.endsAt.getTime() <= now.getTime();
  const playback = ended && row.state === "scheduled" && row.recordingPlaybackId ? media.playback(row.recordingPlaybackId, now) : null;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    lecturer: row.lecturer,
    levelId: row.levelId,
    attendanceRequired: row.attendanceRequired,
    state: row.state,
    joinOpensAt: joinOpensAt(row).toISOString(),
    joinUrl: joinable(row, now) ? row.joinUrl : null,
    joinPath: webinarJoinPath(slug, row.id),
    calendarPath: webinarCalendarPath(slug, row.id),
    recording: playback ? { playbackUrl: playback.url, expiresAt: playback.expiresAt.toISOString() } : null,
  };
}

/** The enrolled student's enrollment of the course (refused 403 no_enrollment otherwise). */
function enrolledCourse(db: DbOrTx, studentId: string, slug: string, now: Date) {
  return learningEnrollmentOf(db, { studentId, courseSlug: slug }, now);
}

/** Upcoming (soonest first, cancelled ones included) and past (held ones, newest first). */
export async function listStudentWebinars(
  deps: StudentDeps,
  studentId: string,
  slug: string,
  calendarFeedUrl: string,
  /** the course chain's id when the caller has already found the student's enrollment (the learning dashboard) */
  knownCourseId?: string,
): Promise<Outcome<StudentWebinarList>> {
  let courseId = knownCourseId;
  if (!courseId) {
    const enrolled = await enrolledCourse(deps.db, studentId, slug, deps.now);
    if (!enrolled.ok) return enrolled;
    courseId = enrolled.value.courseId;
  }
  const rows = await deps.db.select().from(webinars).where(eq(webinars.courseId, courseId)).orderBy(asc(webinars.startsAt));
  const now = deps.now.getTime();
  const upcoming = rows.filter((r) => r.endsAt.getTime() > now);
  const past = rows.filter((r) => r.endsAt.getTime() <= now && r.state === "scheduled").reverse();
  return ok({
    upcoming: upcoming.map((r) => studentView(r, slug, deps.media, deps.now)),
    past: past.map((r) => studentView(r, slug, deps.media, deps.now)),
    calendarFeedUrl,
  });
}

/** The enrolled student's session of the course, or its refusal thrown (403 no_enrollment, 404 not_found). */
export async function enrolledWebinar(db: DbOrTx, studentId: string, slug: string, webinarId: string, now: Date) {
  return valueOrThrow(await enrolledWebinarOf(db, studentId, slug, webinarId, now));
}

/** The enrolled student's session of the course, or the refusal (403 no_enrollment, 404 not_found). */
export async function enrolledWebinarOf(db: DbOrTx, studentId: string, slug: string, webinarId: string, now: Date) {
  const enrolled = await enrolledCourse(db, studentId, slug, now);
  if (!enrolled.ok) return enrolled;
  const enrollment = enrolled.value;
  const [row] = isId(webinarId)
    ? await db
        .select()
        .from(webinars)
        .where(and(eq(webinars.id, webinarId), eq(webinars.courseId, enrollment.courseId)))
    : [];
  if (!row) return refused("not_found", "Webinár sa nenašiel.");
  return ok({ enrollment, row });
}

/**
 * "Pripojiť sa": records the join (who, when) and answers the meeting link; before the link
 * opens, after the end or for a cancelled session 409 with the reason.
 */
export async function joinWebinar(
  deps: { db: Database; queue: Queue; now: Date },
  studentId: string,
  slug: string,
  webinarId: string,
): Promise<Outcome<{ joinUrl: string }>> {
  const found = await enrolledWebinarOf(deps.db, studentId, slug, webinarId, deps.now);
  if (!found.ok) return found;
  const { enrollment, row } = found.value;
  if (row.state === "cancelled") return refused("conflict", "Webinár bol zrušený.");
  if (row.endsAt.getTime() <= deps.now.getTime()) return refused("conflict", "Webinár už skončil.");
  if (!joinable(row, deps.now))
    return refused("conflict", "Pripojiť sa dá od 15 minút pred začiatkom webinára.", { joinOpensAt: joinOpensAt(row).toISOString() });
  await deps.db.transaction(async (tx) => {
    await tx.insert(webinarJoins).values({ webinarId: row.id, studentId, enrollmentId: enrollment.id, joinedAt: deps.now });
    // a required session attended: its level may complete now
    await afterAttendanceChange(tx, deps, row, enrollment.id);
  });
  return ok({ joinUrl: row.joinUrl });
}

export function icsEventOf(row: WebinarRow, pageUrl: string): IcsEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    joinUrl: row.joinUrl,
    lecturer: row.lecturer,
    sequence: row.sequence,
    cancelled: row.state === "cancelled",
    pageUrl,
    updatedAt: row.updatedAt,
  };
}

/** One session as an iCalendar file (the enrolled student's "Pridať do kalendára"). */
export async function webinarIcs(deps: { db: Database; now: Date; publicUrl: string }, studentId: string, slug: string, webinarId: string): Promise<string> {
  const { row } = await enrolledWebinar(deps.db, studentId, slug, webinarId, deps.now);
  return icsCalendar([icsEventOf(row, `${deps.publicUrl}/kurzy/${slug}/studium`)], { host: new URL(deps.publicUrl).hostname, now: deps.now });
}

// ---------- the personal calendar feed ----------

function feedSignature(key: Buffer, feedId: string): string {
  return createHmac("sha256", key).update(`webinar-feed:${feedId}`).digest("base64url").slice(0, 32);
}

/** The feed token in the URL: "<feedId>.<signature>". */
export function feedToken(key: Buffer, feedId: string): string {
  return `${feedId}.${feedSignature(key, feedId)}`;
}

export const calendarFeedPath = (token: string) => `/kalendar/${token}.ics`;

/** The student's live feed (made on first use). */
export async function calendarFeedOf(db: DbOrTx, key: Buffer, studentId: string): Promise<string> {
  const [live] = await db
    .select({ id: webinarCalendarFeeds.id })
    .from(webinarCalendarFeeds)
    .where(and(eq(webinarCalendarFeeds.studentId, studentId), isNull(webinarCalendarFeeds.revokedAt)));
  if (live) return calendarFeedPath(feedToken(key, live.id));
  const [made] = await db.insert(webinarCalendarFeeds).values({ studentId }).onConflictDoNothing().returning({ id: webinarCalendarFeeds.id });
  if (made) return calendarFeedPath(feedToken(key, made.id));
  // another request made it at the same moment
  return calendarFeedOf(db, key, studentId);
}

/** Revokes the student's feed (the old URL answers 404 from now on) and makes a new one. */
export async function renewCalendarFeed(db: Database, key: Buffer, studentId: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .update(webinarCalendarFeeds)
      .set({ revokedAt: now })
      .where(and(eq(webinarCalendarFeeds.studentId, studentId), isNull(webinarCalendarFeeds.revokedAt)));
    return calendarFeedOf(tx, key, studentId);
  });
}

/**
 * The feed's iCalendar: every session (cancelled ones as CANCELLED, so subscribed calendars
 * drop them) of the courses the student may learn in. A bad signature or a revoked feed is
 * 404 (the URL is the credential; nothing tells a guesser which part was wrong).
 */
export async function calendarFeed(deps: { db: Database; now: Date; publicUrl: string }, key: Buffer, token: string): Promise<Outcome<string>> {
  const [feedId, signature] = token.split(".");
  const expected = isId(feedId) ? feedSignature(key, feedId) : "";
  const signed = !!signature && expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
  const [feed] = signed
    ? await deps.db
        .select()
        .from(webinarCalendarFeeds)
        .where(and(eq(webinarCalendarFeeds.id, feedId), isNull(webinarCalendarFeeds.revokedAt)))
    : [];
  if (!feed) return refused("not_found", "Kalendár sa nenašiel alebo jeho adresa bola zrušená.");
  const held = await deps.db
    .selectDistinct({ courseId: enrollments.courseId, slug: enrollments.courseSlug })
    .from(enrollments)
    .where(and(eq(enrollments.studentId, feed.studentId), inArray(enrollments.state, [...HOLDING_STATES]), isNull(enrollments.suspendedAt)));
  const slugOf = new Map(held.map((h) => [h.courseId, h.slug]));
  const rows = slugOf.size
    ? await deps.db
        .select()
        .from(webinars)
        .where(inArray(webinars.courseId, [...slugOf.keys()]))
        .orderBy(desc(webinars.startsAt))
        .limit(500)
    : [];
  const events = rows.map((r) => icsEventOf(r, `${deps.publicUrl}/kurzy/${slugOf.get(r.courseId)}/studium`));
  return ok(icsCalendar(events, { host: new URL(deps.publicUrl).hostname, now: deps.now, name: "Webináre kurzov" }));
}

/** The course's slug for a chain root (course pages name courses by slug). */
export async function slugOfCourse(db: DbOrTx, rootId: string): Promise<string | null> {
  const [row] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, rootId));
  return row?.slug ?? null;
}
