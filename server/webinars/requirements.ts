// A required webinar as a requirement of its level (issue 33 item 4;
// docs/decisions/webinars/attendance-gates-the-level.md): the webinars area's side of
// learning's level-requirement port. A scheduled webinar with `attendanceRequired` and a
// `levelId` is one requirement of that level (matched to the enrollment's course version by
// the level's slug, since a webinar may name a level of any version); it is met when the
// student attended (joined, or the admin's correction says so, which overrides the joins
// either way) or watched the recording to VIDEO_COMPLETION_RATIO (server-judged, as a video
// block). Learning asks; this area answers and, when one of those facts changes, has
// learning reconcile the enrollment.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "../db";
import type { Queue } from "../queue";
import { reconcileEnrollment, type LevelRequirement, type LevelRequirementSource } from "../learning";

const { webinars, webinarJoins, webinarAttendanceCorrections, webinarRecordingViews, enrollments, levels } = schema;

const webinarLevel = alias(levels, "webinar_level");
const versionLevel = alias(levels, "version_level");

export const webinarLevelRequirements: LevelRequirementSource = async (db, enrollmentId) => {
  const rows = await db
    .select({
      id: webinars.id,
      title: webinars.title,
      levelId: versionLevel.id,
      joined: sql<boolean>`exists (select 1 from ${webinarJoins} j where j.webinar_id = ${webinars.id} and j.enrollment_id = ${enrollments.id})`,
      corrected: webinarAttendanceCorrections.attended,
      watched: sql<boolean>`coalesce(${webinarRecordingViews.progress}->>'state' = 'completed', false)`,
    })
    .from(enrollments)
    .innerJoin(
      webinars,
      and(eq(webinars.courseId, enrollments.courseId), eq(webinars.attendanceRequired, true), eq(webinars.state, "scheduled"), isNotNull(webinars.levelId)),
    )
    .innerJoin(webinarLevel, eq(webinarLevel.id, webinars.levelId))
    .innerJoin(versionLevel, and(eq(versionLevel.courseId, enrollments.courseVersionId), eq(versionLevel.slug, webinarLevel.slug)))
    .leftJoin(
      webinarAttendanceCorrections,
      and(eq(webinarAttendanceCorrections.webinarId, webinars.id), eq(webinarAttendanceCorrections.enrollmentId, enrollments.id)),
    )
    .leftJoin(webinarRecordingViews, and(eq(webinarRecordingViews.webinarId, webinars.id), eq(webinarRecordingViews.enrollmentId, enrollments.id)))
    .where(eq(enrollments.id, enrollmentId))
    .orderBy(webinars.startsAt);
  return rows.map((r): LevelRequirement => ({
    id: `webinar:${r.id}`,
    levelId: r.levelId,
    kind: "webinar",
    ref: r.id,
    title: r.title,
    met: (r.corrected ?? r.joined === true) || r.watched === true,
  }));
};

/** After attendance or the recording's coverage changed: learning re-derives the enrollment (a level may complete now). */
export async function afterAttendanceChange(
  tx: DbOrTx,
  deps: { queue: Queue; now: Date },
  webinar: { attendanceRequired: boolean; levelId: string | null },
  enrollmentId: string,
): Promise<void> {
  if (!webinar.attendanceRequired || !webinar.levelId) return;
  await reconcileEnrollment(tx, deps, enrollmentId);
}
