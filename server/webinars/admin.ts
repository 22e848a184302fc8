// Scheduling webinars (admin and content manager): create, change, cancel. One transaction
// per change: the row, the audit row and the students' e-mails (mail.send jobs, one per
// active enrollment, enqueued in the same transaction). A change of what a calendar holds
// (time, join URL, title) raises SEQUENCE, so the fresh .ics replaces the old copy.
// A change returns its refusal (unknown course or webinar, a cancelled or ended one, the
// form's problems): found inside the change's transaction, thrown there so it rolls back,
// returned at the use case's boundary (outcomeOf).
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, type Database, type DbOrTx, type Tx } from "../db";
import { isId } from "../../shared/ids";
import { DomainError } from "../kernel/errors";
import { outcomeOf, type Outcome } from "../kernel/outcome";
import { writeAudit, type AuditActor } from "../audit";
import type { Queue } from "../queue";
import type { Webinar, WebinarCreateRequest, WebinarPatchRequest } from "./contract";

const { webinars, courses, levels, enrollments } = schema;

export type WebinarRow = typeof webinars.$inferSelect;
export type AdminDeps = { db: Database; queue: Queue; now: Date };

/** The longest session a webinar may be (a whole day would be a typo). */
export const MAX_WEBINAR_HOURS = 12;

export function serializeWebinar(row: WebinarRow): Webinar {
  return {
    _id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    joinUrl: row.joinUrl,
    lecturer: row.lecturer,
    levelId: row.levelId,
    attendanceRequired: row.attendanceRequired,
    state: row.state,
    sequence: row.sequence,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    recordingPlaybackId: row.recordingPlaybackId,
    onlineMeetingId: row.onlineMeetingId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The course chain of any version's id: its versions' ids, the root (first version) and slug; 404 when unknown. */
export async function courseChain(db: DbOrTx, anyVersionId: string): Promise<{ rootId: string; slug: string; versionIds: string[] }> {
  const [named] = isId(anyVersionId) ? await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, anyVersionId)) : [];
  if (!named) throw new DomainError("not_found", "Kurz sa nenašiel.");
  const chain = await db.select({ id: courses.id }).from(courses).where(eq(courses.slug, named.slug)).orderBy(asc(courses.version));
  return { rootId: chain[0].id, slug: named.slug, versionIds: chain.map((c) => c.id) };
}

/** Times are kept to the whole second (what an iCalendar DATE-TIME can say). */
const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000);

function invalid(problems: { path: string; message: string }[]): DomainError {
  return new DomainError(
    "validation",
    problems[0].message,
    problems.map((p) => ({ ...p, code: "custom" })),
  );
}

/** End after start, start in the future (for a new time), at most MAX_WEBINAR_HOURS long. */
function timeProblems(startsAt: Date, endsAt: Date, now: Date, startChanged: boolean): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (startChanged && startsAt.getTime() <= now.getTime()) problems.push({ path: "startsAt", message: "Začiatok webinára musí byť v budúcnosti." });
  if (endsAt.getTime() <= startsAt.getTime()) problems.push({ path: "endsAt", message: "Koniec webinára musí byť po jeho začiatku." });
  else if (endsAt.getTime() - startsAt.getTime() > MAX_WEBINAR_HOURS * 3_600_000)
    problems.push({ path: "endsAt", message: `Webinár môže trvať najviac ${MAX_WEBINAR_HOURS} hodín.` });
  return problems;
}

async function levelProblems(db: DbOrTx, levelId: string | null | undefined, versionIds: string[]) {
  if (!levelId) return [];
  const [level] = await db
    .select({ id: levels.id })
    .from(levels)
    .where(and(eq(levels.id, levelId), inArray(levels.courseId, versionIds)));
  return level ? [] : [{ path: "levelId", message: "Úroveň nepatrí k tomuto kurzu." }];
}

/** The active enrollments of the course chain (who hears of the session). */
export async function activeEnrollmentIds(db: DbOrTx, rootId: string): Promise<string[]> {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, rootId), eq(enrollments.state, "active"), isNull(enrollments.suspendedAt)));
  return rows.map((r) => r.id);
}

export async function listWebinarsOfCourse(db: DbOrTx, anyVersionId: string): Promise<WebinarRow[]> {
  const { rootId } = await courseChain(db, anyVersionId);
  return db.select().from(webinars).where(eq(webinars.courseId, rootId)).orderBy(asc(webinars.startsAt));
}

export async function getWebinar(db: DbOrTx, webinarId: string): Promise<WebinarRow> {
  const [row] = isId(webinarId) ? await db.select().from(webinars).where(eq(webinars.id, webinarId)) : [];
  if (!row) throw new DomainError("not_found", "Webinár sa nenašiel.");
  return row;
}

/** One webinar per online meeting: its recording's notifications name the meeting (phase 2). */
async function meetingProblems(db: DbOrTx, onlineMeetingId: string | null | undefined, self: string | null) {
  if (!onlineMeetingId) return [];
  const [other] = await db.select({ id: webinars.id }).from(webinars).where(eq(webinars.onlineMeetingId, onlineMeetingId));
  return other && other.id !== self ? [{ path: "onlineMeetingId", message: "Táto schôdza už patrí inému webináru." }] : [];
}

export async function createWebinar(deps: AdminDeps, actor: AuditActor, courseId: string, input: WebinarCreateRequest): Promise<Outcome<{ webinar: Webinar }>> {
  return outcomeOf(() => create(deps, actor, courseId, input));
}

async function create(deps: AdminDeps, actor: AuditActor, courseId: string, input: WebinarCreateRequest): Promise<{ webinar: Webinar }> {
  return deps.db.transaction(async (tx) => {
    const chain = await courseChain(tx, courseId);
    const startsAt = toSecond(input.startsAt);
    const endsAt = toSecond(input.endsAt);
    const problems = [
      ...timeProblems(startsAt, endsAt, deps.now, true),
      ...(await levelProblems(tx, input.levelId, chain.versionIds)),
      ...(await meetingProblems(tx, input.onlineMeetingId, null)),
    ];
    if (problems.length) throw invalid(problems);
    const [row] = await tx
      .insert(webinars)
      .values({
        courseId: chain.rootId,
        title: input.title,
        description: input.description ?? "",
        startsAt,
        endsAt,
        joinUrl: input.joinUrl,
        lecturer: input.lecturer?.trim() || null,
        levelId: input.levelId ?? null,
        attendanceRequired: input.attendanceRequired ?? false,
        onlineMeetingId: input.onlineMeetingId ?? null,
        createdBy: actor.actorId,
        createdAt: deps.now,
        updatedAt: deps.now,
      })
      .returning();
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      action: "webinar.created",
      targetType: "webinar",
      targetId: row.id,
      details: { courseId: chain.rootId, startsAt: row.startsAt.toISOString() },
    });
    return { webinar: serializeWebinar(row) };
  });
}

async function lockScheduled(tx: Tx, webinarId: string): Promise<WebinarRow> {
  const [row] = isId(webinarId) ? await tx.select().from(webinars).where(eq(webinars.id, webinarId)).for("update") : [];
  if (!row) throw new DomainError("not_found", "Webinár sa nenašiel.");
  if (row.state === "cancelled") throw new DomainError("conflict", "Webinár je zrušený; zrušený sa už nedá meniť.");
  return row;
}

export async function updateWebinar(deps: AdminDeps, actor: AuditActor, webinarId: string, patch: WebinarPatchRequest): Promise<Outcome<{ webinar: Webinar }>> {
  return outcomeOf(() => update(deps, actor, webinarId, patch));
}

async function update(deps: AdminDeps, actor: AuditActor, webinarId: string, patch: WebinarPatchRequest): Promise<{ webinar: Webinar }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockScheduled(tx, webinarId);
    if (row.endsAt.getTime() <= deps.now.getTime() && (patch.startsAt !== undefined || patch.endsAt !== undefined || patch.joinUrl !== undefined)) {
      throw new DomainError("conflict", "Webinár už skončil; jeho čas ani odkaz sa nemenia.");
    }
    const startsAt = patch.startsAt !== undefined ? toSecond(patch.startsAt) : row.startsAt;
    const endsAt = patch.endsAt !== undefined ? toSecond(patch.endsAt) : row.endsAt;
    const startChanged = startsAt.getTime() !== row.startsAt.getTime();
    const chain = await courseChain(tx, row.courseId);
    const problems = [
      ...timeProblems(startsAt, endsAt, deps.now, startChanged),
      ...(await levelProblems(tx, patch.levelId, chain.versionIds)),
      ...(await meetingProblems(tx, patch.onlineMeetingId, row.id)),
    ];
    if (problems.length) throw invalid(problems);
    const next = {
      title: patch.title ?? row.title,
      description: patch.description ?? row.description,
      startsAt,
      endsAt,
      joinUrl: patch.joinUrl ?? row.joinUrl,
      lecturer: patch.lecturer === undefined ? row.lecturer : patch.lecturer?.trim() || null,
      levelId: patch.levelId === undefined ? row.levelId : patch.levelId,
      attendanceRequired: patch.attendanceRequired ?? row.attendanceRequired,
      onlineMeetingId: patch.onlineMeetingId === undefined ? row.onlineMeetingId : patch.onlineMeetingId,
    };
    // what a student's calendar holds: a change of it is news (a fresh .ics, SEQUENCE + 1)
    const calendarChanged = startChanged || endsAt.getTime() !== row.endsAt.getTime() || next.joinUrl !== row.joinUrl || next.title !== row.title;
    const sequence = calendarChanged ? row.sequence + 1 : row.sequence;
    const [updated] = await tx
      .update(webinars)
      .set({ ...next, sequence, updatedAt: deps.now })
      .where(eq(webinars.id, row.id))
      .returning();
    const changed = Object.keys(next).filter((k) => String(next[k as keyof typeof next]) !== String(row[k as keyof typeof next]));
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      action: "webinar.updated",
      targetType: "webinar",
      targetId: row.id,
      details: { changed, sequence },
    });
    if (calendarChanged && updated.endsAt.getTime() > deps.now.getTime()) {
      for (const enrollmentId of await activeEnrollmentIds(tx, row.courseId)) {
        await deps.queue.enqueue(tx, "mail.send", { kind: "webinar_changed", webinarId: row.id, enrollmentId, sequence });
      }
    }
    return { webinar: serializeWebinar(updated) };
  });
}

export async function cancelWebinar(deps: AdminDeps, actor: AuditActor, webinarId: string, reason?: string | null): Promise<Outcome<{ webinar: Webinar }>> {
  return outcomeOf(() => cancel(deps, actor, webinarId, reason));
}

async function cancel(deps: AdminDeps, actor: AuditActor, webinarId: string, reason?: string | null): Promise<{ webinar: Webinar }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockScheduled(tx, webinarId);
    if (row.endsAt.getTime() <= deps.now.getTime()) throw new DomainError("conflict", "Webinár už skončil; zrušiť sa dá len budúci.");
    const [updated] = await tx
      .update(webinars)
      .set({ state: "cancelled", cancelledAt: deps.now, cancelReason: reason?.trim() || null, sequence: row.sequence + 1, updatedAt: deps.now })
      .where(eq(webinars.id, row.id))
      .returning();
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      action: "webinar.cancelled",
      targetType: "webinar",
      targetId: row.id,
      reason: reason?.trim() || null,
      details: { startsAt: row.startsAt.toISOString() },
    });
    for (const enrollmentId of await activeEnrollmentIds(tx, row.courseId)) {
      await deps.queue.enqueue(tx, "mail.send", { kind: "webinar_cancelled", webinarId: row.id, enrollmentId });
    }
    return { webinar: serializeWebinar(updated) };
  });
}
