// Watching a webinar's recording (issue 33 item 4; docs/decisions/webinars/
// attendance-gates-the-level.md): a student who missed a required session meets the
// requirement by watching the recording to VIDEO_COMPLETION_RATIO, judged by the server with
// the same rules as a video block (server/learning judgeWatch): a viewing starts when the
// browser fetches the recording through the session page's play address (the <video> loads
// nothing before play), that start earns nothing, and later claims ("Pozrel(a) som záznam",
// or the player's reports) are credited up to the wall-clock time since the viewing started.
import { and, eq } from "drizzle-orm";
import { schema, type Database } from "../db";
import { DomainError } from "../kernel/errors";
import type { Queue } from "../queue";
import type { MediaUrls } from "../video";
import { lockEnrollment, mayLearn } from "../enrollments";
import { judgeWatch } from "../learning";
import type { BlockProgress } from "../db/schema/learning";
import { enrolledWebinar } from "./student";
import { afterAttendanceChange } from "./requirements";

const { webinarRecordingViews } = schema;

export type WatchDeps = { db: Database; queue: Queue; media: MediaUrls; now: Date };

export type RecordingWatch = { secondsWatched: number; durationSec: number; completed: boolean };

/** The ended, held session with a playable recording, and the student's enrollment (404 otherwise). */
async function playable(deps: WatchDeps, studentId: string, slug: string, webinarId: string) {
  const { enrollment, row } = await enrolledWebinar(deps.db, studentId, slug, webinarId, deps.now);
  const ended = row.endsAt.getTime() <= deps.now.getTime();
  if (!ended || row.state !== "scheduled" || !row.recordingPlaybackId) throw new DomainError("not_found", "Záznam webinára nie je k dispozícii.");
  // a recording without a known length plays, but cannot be watched to 0.9 (like a video block without one)
  return { enrollment, row, playbackId: row.recordingPlaybackId, durationSec: row.recordingDurationSec ?? 0 };
}

async function record(deps: WatchDeps, studentId: string, slug: string, webinarId: string, report: { secondsWatched?: number; startsViewing: boolean }) {
  const found = await playable(deps, studentId, slug, webinarId);
  const watch = await deps.db.transaction(async (tx) => {
    const locked = await lockEnrollment(tx, found.enrollment.id);
    if (!locked || !mayLearn(locked)) throw new DomainError("no_enrollment");
    const [view] = await tx
      .select()
      .from(webinarRecordingViews)
      .where(and(eq(webinarRecordingViews.webinarId, found.row.id), eq(webinarRecordingViews.enrollmentId, locked.id)))
      .for("update");
    const previous: BlockProgress | undefined = view?.progress;
    const next = judgeWatch(found.row.id, found.durationSec, previous, report, deps.now);
    await tx
      .insert(webinarRecordingViews)
      .values({ webinarId: found.row.id, enrollmentId: locked.id, progress: next, updatedAt: deps.now })
      .onConflictDoUpdate({ target: [webinarRecordingViews.webinarId, webinarRecordingViews.enrollmentId], set: { progress: next, updatedAt: deps.now } });
    if (next.state === "completed" && previous?.state !== "completed") await afterAttendanceChange(tx, deps, found.row, locked.id);
    return { secondsWatched: next.secondsWatched, durationSec: found.durationSec, completed: next.state === "completed" };
  });
  return { ...found, watch };
}

/** The play address: a viewing starts (one under way goes on) and the answer is a freshly signed URL. */
export async function startRecordingPlayback(deps: WatchDeps, studentId: string, slug: string, webinarId: string): Promise<{ playbackUrl: string }> {
  const { playbackId } = await record(deps, studentId, slug, webinarId, { startsViewing: true });
  return { playbackUrl: deps.media.playback(playbackId, deps.now).url };
}

/**
 * A claim of seconds watched (the player's report, or "Pozrel(a) som záznam", which claims the
 * whole length); never starts a viewing, so it earns only what the viewing under way allows.
 */
export async function reportRecordingWatch(
  deps: WatchDeps,
  studentId: string,
  slug: string,
  webinarId: string,
  secondsWatched: number | "all",
): Promise<RecordingWatch> {
  const found = await playable(deps, studentId, slug, webinarId);
  const claim = secondsWatched === "all" ? found.durationSec : secondsWatched;
  return (await record(deps, studentId, slug, webinarId, { secondsWatched: claim, startsViewing: false })).watch;
}

/** What the student has watched of the recording so far (none: 0). */
export async function recordingWatchOf(db: Database, webinarId: string, enrollmentId: string): Promise<{ secondsWatched: number; completed: boolean } | null> {
  const [view] = await db
    .select()
    .from(webinarRecordingViews)
    .where(and(eq(webinarRecordingViews.webinarId, webinarId), eq(webinarRecordingViews.enrollmentId, enrollmentId)));
  return view ? { secondsWatched: view.progress.secondsWatched, completed: view.progress.state === "completed" } : null;
}

export const webinarRecordingPlayPath = (slug: string, id: string) => `/kurzy/${slug}/webinare/${id}/zaznam`;
