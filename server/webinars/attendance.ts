// Attendance of a webinar (issue 33 item 4, the record): who joined (webinar_joins) and the
// admin's correction (attended or not, with a reason; audited), which overrides the joins.
import { and, asc, eq, inArray, min } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";
import { ok, refused, type Outcome } from "../kernel/outcome";
import { writeAudit, type AuditActor } from "../audit";
import { HOLDING_STATES } from "../enrollments";
import { getWebinar } from "./admin";
import type { Queue } from "../queue";
import { afterAttendanceChange } from "./requirements";

const { enrollments, webinarJoins, webinarAttendanceCorrections } = schema;

export type AttendanceLine = {
  enrollmentId: string;
  studentName: string;
  firstJoinedAt: Date | null;
  correction: { attended: boolean; reason: string; correctedAt: Date } | null;
  /** the correction when there is one, else whether the student joined */
  attended: boolean;
};

/** Every enrollment of the course that may learn (active or completed), with its attendance. */
export async function webinarAttendance(db: DbOrTx, webinarId: string): Promise<AttendanceLine[]> {
  const webinar = await getWebinar(db, webinarId);
  const students = await db
    .select({ id: enrollments.id, name: enrollments.studentDisplayName })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, webinar.courseId), inArray(enrollments.state, [...HOLDING_STATES])))
    .orderBy(asc(enrollments.studentDisplayName));
  const joins = await db
    .select({ enrollmentId: webinarJoins.enrollmentId, first: min(webinarJoins.joinedAt) })
    .from(webinarJoins)
    .where(eq(webinarJoins.webinarId, webinar.id))
    .groupBy(webinarJoins.enrollmentId);
  const corrections = await db.select().from(webinarAttendanceCorrections).where(eq(webinarAttendanceCorrections.webinarId, webinar.id));
  const joinedAt = new Map(joins.map((j) => [j.enrollmentId, j.first]));
  const corrected = new Map(corrections.map((c) => [c.enrollmentId, c]));
  return students.map((s) => {
    const c = corrected.get(s.id);
    const first = joinedAt.get(s.id) ?? null;
    return {
      enrollmentId: s.id,
      studentName: s.name,
      firstJoinedAt: first,
      correction: c ? { attended: c.attended, reason: c.reason, correctedAt: c.correctedAt } : null,
      attended: c ? c.attended : first !== null,
    };
  });
}

/** The admin's correction (attended or not, with a reason), audited; a later one replaces it. Refused: 422 without a reason, 404 for an enrollment of another course. */
export async function correctAttendance(
  deps: { db: Database; queue: Queue; now: Date },
  actor: AuditActor,
  input: { webinarId: string; enrollmentId: string; attended: boolean; reason: string },
): Promise<Outcome<void>> {
  const reason = input.reason.trim();
  if (reason.length < 3) return refused("validation", "Uveďte dôvod opravy.", [{ path: "reason", message: "Uveďte dôvod opravy.", code: "custom" }]);
  return deps.db.transaction(async (tx) => {
    const webinar = await getWebinar(tx, input.webinarId);
    const [enrollment] = isId(input.enrollmentId)
      ? await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(eq(enrollments.id, input.enrollmentId), eq(enrollments.courseId, webinar.courseId)))
      : [];
    if (!enrollment) return refused("not_found", "Zápis na tento kurz sa nenašiel.");
    const values = { webinarId: webinar.id, enrollmentId: enrollment.id, attended: input.attended, reason, correctedBy: actor.actorId, correctedAt: deps.now };
    await tx
      .insert(webinarAttendanceCorrections)
      .values(values)
      .onConflictDoUpdate({
        target: [webinarAttendanceCorrections.webinarId, webinarAttendanceCorrections.enrollmentId],
        set: { attended: values.attended, reason, correctedBy: values.correctedBy, correctedAt: values.correctedAt },
      });
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      action: "webinar.attendance_corrected",
      targetType: "enrollment",
      targetId: enrollment.id,
      reason,
      details: { webinarId: webinar.id, attended: input.attended },
    });
    // a required session's attendance changed: its level may complete now
    await afterAttendanceChange(tx, deps, webinar, enrollment.id);
    return ok(undefined);
  });
}
