// What admins do with enrollments (spec: Endpoints > Admin: enrollments; States and
// transitions > Enrollment; Versioning 8): list with filters, one
// enrollment with its raw progress, grant, cancel, extend, reset test attempts, migrate to
// another course version, resync the person snapshot, and the phase 2 batch enrollment of
// a sponsoring organization's members. Every change runs in one transaction that first
// takes the enrollment's row lock and writes an audit row naming the acting admin; the
// provider is asked before the transaction opens (no network call holds a lock). These
// operations sit above enrollments, learning and quizzes; every write of the enrollment
// itself goes through server/enrollments' door.
// Decisions: docs/decisions/authoring/admin-enrollments.md > Admin enrollments.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { outcomeOf, type Outcome } from "../kernel/outcome";

import { startOfDayInBratislava } from "../../shared/calendar";
import type { Queue } from "../queue";
import { writeAudit, type AuditActor } from "../audit";
import { ensureOrganization, IdpApiError, type IdpApi } from "../identity";
import { enrollStudent, enrollmentProgressRecords, loadCourseStructure, migrateProgress, type ProgressRecords } from "../learning";
import {
  enrollmentRecord,
  lockEnrollment,
  markCancelled,
  moveToCourseVersion,
  otherActiveEnrollment,
  setAccessExpiry,
  updateStudentSnapshot,
  type EnrollmentRow,
} from "../enrollments";
import { listEnrollmentAttempts, voidAttempts } from "../quizzes";
import { takeSeatsForBatch } from "../clubs";
import type {
  AdminEnrollment,
  AdminEnrollmentDetail,
  AdminEnrollmentListQuery,
  AdminEnrollmentListResponse,
  AdminProgress,
  BatchEnrollBody,
  CancelEnrollmentBody,
  ExtendEnrollmentBody,
  GrantEnrollmentBody,
  MigrateEnrollmentBody,
  ResetTestAttemptsBody,
} from "./enrollments-contract";
import { personForEnrollment, personFromProvider, type PersonSnapshot } from "./people";
import { isId } from "../../shared/ids";

const { enrollments, courses, orders, tests } = schema;

// the changes' refusals are thrown where they are found, most inside the change's transaction,
// which must roll back, and returned at the use case's boundary (outcomeOf); the provider
// down (503) stays thrown: a failure, not a refusal
const PROVIDER_DOWN = ["identity_provider_unavailable"] as const;

export type AdminActor = AuditActor;
export type EnrollmentAdminDeps = { db: Database; idpApi: IdpApi; queue: Queue; now: Date };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function invalid(path: string, message: string, code = "custom"): DomainError {
  return new DomainError("validation", message, [{ path, message, code }]);
}

export function serializeAdminEnrollment(e: EnrollmentRow, courseVersion: number): AdminEnrollment {
  return {
    ...enrollmentRecord(e),
    courseVersion,
    cancelReason: e.cancelReason,
    updatedAt: e.updatedAt.toISOString(),
  };
}

function serializeProgress(records: ProgressRecords): AdminProgress {
  return {
    partProgress: records.partProgress.map((p) => ({
      partId: p.partId,
      partSlug: p.partSlug,
      partTitle: p.partTitle,
      levelId: p.levelId,
      state: p.state,
      blockProgress: p.blockProgress.map((b) => ({
        blockId: b.blockId,
        state: b.state,
        secondsWatched: b.secondsWatched,
        totalSeconds: b.totalSeconds,
        ...(b.lastReportAt ? { lastReportAt: b.lastReportAt } : {}),
        ...(b.playbackIssuedAt ? { playbackIssuedAt: b.playbackIssuedAt } : {}),
      })),
      startedAt: iso(p.startedAt),
      completedAt: iso(p.completedAt),
      updatedAt: p.updatedAt.toISOString(),
    })),
    moduleCompletions: records.moduleCompletions.map((m) => ({ moduleId: m.moduleId, completedAt: m.completedAt.toISOString() })),
    levelCompletions: records.levelCompletions.map((l) => ({ levelId: l.levelId, completedAt: l.completedAt.toISOString() })),
    courseCompleted: records.courseCompleted,
  };
}

async function loadRow(db: DbOrTx, enrollmentId: string): Promise<{ row: EnrollmentRow; version: number } | null> {
  if (!isId(enrollmentId)) return null;
  const [found] = await db
    .select({ row: enrollments, version: courses.version })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseVersionId))
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  return found ?? null;
}

async function serializedById(db: DbOrTx, enrollmentId: string): Promise<AdminEnrollment> {
  const found = await loadRow(db, enrollmentId);
  if (!found) throw new DomainError("not_found", "Zápis sa nenašiel.");
  return serializeAdminEnrollment(found.row, found.version);
}

/** Takes the enrollment's row lock for the rest of the transaction; 404 when there is none. */
async function lockForAdmin(tx: DbOrTx, enrollmentId: string): Promise<EnrollmentRow> {
  const row = await lockEnrollment(tx, enrollmentId);
  if (!row) throw new DomainError("not_found", "Zápis sa nenašiel.");
  return row;
}

function audit(tx: DbOrTx, actor: AdminActor, action: string, target: { type: string; id: string }, reason: string | null, details: Record<string, unknown>) {
  return writeAudit(tx, {
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    action,
    targetType: target.type,
    targetId: target.id,
    reason,
    details,
    ip: actor.ip ?? null,
  });
}

/** The SQLSTATE of a driver error (pg and PGlite; drizzle wraps them in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------
// Courses and version chains (docs/decisions/authoring/course-identity-across-versions.md > Course identity across versions)

type CourseRow = typeof courses.$inferSelect;

/** Every version of the course one of whose versions has this id, newest first; [] when unknown. */
async function chainOf(db: DbOrTx, anyVersionId: string): Promise<CourseRow[]> {
  const [named] = isId(anyVersionId) ? await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, anyVersionId)).limit(1) : [];
  if (!named) return [];
  return db.select().from(courses).where(eq(courses.slug, named.slug)).orderBy(desc(courses.version));
}

const rootOf = (chain: CourseRow[]) => chain.reduce((a, b) => (a.version <= b.version ? a : b)).id;

/**
 * What a grant enrolls onto: the newest published version of the course (the id may be any
 * version's, like an order's). Unknown or never published → 422 on courseId; only archived
 * versions left → 409 course_not_available. Enrollment deadline and limit are the buyer's
 * rules; an admin grant is an exception by definition and ignores them.
 */
async function grantableCourse(db: DbOrTx, courseId: string): Promise<{ version: CourseRow; rootId: string }> {
  const chain = await chainOf(db, courseId);
  const published = chain.find((c) => c.state === "published");
  if (!published) {
    if (chain.some((c) => c.state === "archived"))
      throw new DomainError("course_not_available", "Kurz je archivovaný; zapísať sa dá len do zverejneného kurzu.", { courseId });
    throw invalid("courseId", "Zverejnený kurz s týmto ID neexistuje.");
  }
  return { version: published, rootId: rootOf(chain) };
}

// ---------------------------------------------------------------------------------
// Reads

/** GET /api/admin/enrollments: newest first, filtered, paginated. */
export async function listEnrollmentsForAdmin(db: DbOrTx, query: AdminEnrollmentListQuery): Promise<AdminEnrollmentListResponse> {
  const where: SQL[] = [];
  if (query.studentId) where.push(eq(enrollments.studentId, query.studentId));
  if (query.courseId) {
    // any version's id names the whole course (Enrollment.courseId is the chain's first version)
    const chain = await chainOf(db, query.courseId);
    where.push(eq(enrollments.courseId, chain.length ? rootOf(chain) : query.courseId));
  }
  if (query.state) where.push(eq(enrollments.state, query.state));
  if (query.enrolledAfter) {
    const from = /^\d{4}-\d{2}-\d{2}$/.test(query.enrolledAfter) ? startOfDayInBratislava(query.enrolledAfter) : new Date(query.enrolledAfter);
    where.push(gte(enrollments.enrolledAt, from));
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(enrollments).where(condition);
  const rows = await db
    .select({ row: enrollments, version: courses.version })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseVersionId))
    .where(condition)
    .orderBy(desc(enrollments.enrolledAt), desc(enrollments.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const totalItems = Number(n);
  return {
    data: rows.map((r) => serializeAdminEnrollment(r.row, r.version)),
    pagination: { page: query.page, pageSize: query.pageSize, totalItems, totalPages: Math.ceil(totalItems / query.pageSize) },
  };
}

/** GET /api/admin/enrollments/<id>: the enrollment, its raw progress records, its tests with every attempt. */
export async function getEnrollmentForAdmin(db: DbOrTx, enrollmentId: string): Promise<AdminEnrollmentDetail> {
  const found = await loadRow(db, enrollmentId);
  if (!found) throw new DomainError("not_found", "Zápis sa nenašiel.");
  const records = await enrollmentProgressRecords(db, found.row);
  const attempts = await listEnrollmentAttempts(db, found.row.id);
  return {
    ...serializeAdminEnrollment(found.row, found.version),
    ...serializeProgress(records),
    tests: records.tests.map((t) => {
      const own = attempts.filter((a) => a.testId === t.testId);
      return {
        ...t,
        attemptsUsed: own.filter((a) => a.voidedAt === null).length,
        attempts: own.map((a) => ({
          attemptId: a.id,
          attemptNumber: a.attemptNumber,
          state: a.state,
          score: a.score,
          passed: a.passed,
          startedAt: a.startedAt.toISOString(),
          submittedAt: iso(a.submittedAt),
          voidedAt: iso(a.voidedAt),
          voidReason: a.voidReason,
        })),
      };
    }),
  };
}

/** The grant form's course select: the newest published version of every course. */
export async function grantableCourses(db: DbOrTx): Promise<{ courseId: string; title: string; slug: string; version: number }[]> {
  const rows = await db
    .select({ id: courses.id, title: courses.title, slug: courses.slug, version: courses.version })
    .from(courses)
    .where(eq(courses.state, "published"))
    .orderBy(asc(courses.title), asc(courses.slug));
  return rows.map((r) => ({ courseId: r.id, title: r.title, slug: r.slug, version: r.version }));
}

/** The list's course filter: every course (version chain) by its chain id, titled as its newest version. */
export async function courseFilterOptions(db: DbOrTx): Promise<{ courseId: string; title: string }[]> {
  const rows = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, version: courses.version })
    .from(courses)
    // versions that were ever published (a soft-deleted draft never had an enrollment)
    .where(or(inArray(courses.state, ["published", "archived"]), and(eq(courses.state, "deleted"), isNotNull(courses.publishedAt))))
    .orderBy(asc(courses.slug), asc(courses.version));
  const bySlug = new Map<string, { courseId: string; title: string }>();
  for (const r of rows) {
    const seen = bySlug.get(r.slug);
    bySlug.set(r.slug, { courseId: seen?.courseId ?? r.id, title: r.title });
  }
  return [...bySlug.values()].sort((a, b) => a.title.localeCompare(b.title, "sk"));
}

/** The tests of course versions (the reset form's test picker), by version id, in course order. */
export async function testsOfVersions(
  db: DbOrTx,
  versionIds: string[],
): Promise<Map<string, { testId: string; title: string; placement: "part" | "level" | "course" }[]>> {
  const out = new Map<string, { testId: string; title: string; placement: "part" | "level" | "course" }[]>();
  for (const versionId of new Set(versionIds)) {
    const structure = await loadCourseStructure(db, versionId);
    const list: { testId: string; title: string; placement: "part" | "level" | "course" }[] = [];
    for (const level of structure?.levels ?? []) {
      for (const topic of level.topics) {
        for (const part of topic.module?.parts ?? []) if (part.partTest) list.push({ testId: part.partTest.id, title: part.partTest.title, placement: "part" });
      }
      if (level.levelTest) list.push({ testId: level.levelTest.id, title: level.levelTest.title, placement: "level" });
    }
    const courseTest = structure?.course.courseTest;
    if (courseTest) list.push({ testId: courseTest.id, title: courseTest.title, placement: "course" });
    out.set(versionId, list);
  }
  return out;
}

// ---------------------------------------------------------------------------------
// Grant and batch

async function requirePerson(deps: EnrollmentAdminDeps, personId: string, path: string): Promise<PersonSnapshot> {
  const person = await personForEnrollment(deps.db, deps.idpApi, personId, deps.now);
  if (!person) throw invalid(path, `Osobu ${personId} poskytovateľ identity nepozná.`, "person_not_found");
  return person;
}

/** The sponsoring organization from the organization cache (refreshed from the provider), or 422. */
async function requireOrganization(deps: EnrollmentAdminDeps, orgId: string) {
  let org;
  try {
    org = await ensureOrganization(deps.db, deps.idpApi, orgId, { now: deps.now });
  } catch (error) {
    if (error instanceof IdpApiError) throw new DomainError("identity_provider_unavailable", undefined, {}, { cause: error });
    throw error;
  }
  if (!org) throw invalid("sponsorOrgId", `Organizáciu ${orgId} poskytovateľ identity nepozná.`, "organization_not_found");
  return org;
}

/** Whether the provider lists the person as a member (any role) of the organization. */
async function isMember(idpApi: IdpApi, orgId: string, personId: string): Promise<boolean> {
  try {
    const membership = await idpApi.getMembership(orgId, personId);
    return !!membership && membership.orgId === orgId && membership.personId === personId;
  } catch (error) {
    if (error instanceof IdpApiError) throw new DomainError("identity_provider_unavailable", undefined, {}, { cause: error });
    throw error;
  }
}

/**
 * POST /api/admin/enrollments: one enrollment onto the newest published version with its
 * progress preallocated, the audit row and the student's e-mail (`enrollment_granted`, or
 * `sponsorship` for a sponsor grant), in one transaction. An active enrollment on the
 * course (any version) is 409 already_enrolled.
 */
export async function grantEnrollment(
  deps: EnrollmentAdminDeps,
  actor: AdminActor,
  body: GrantEnrollmentBody,
): Promise<Outcome<{ enrollment: AdminEnrollment; progress: AdminProgress }>> {
  return outcomeOf(() => grant(deps, actor, body), PROVIDER_DOWN);
}

async function grant(
  deps: EnrollmentAdminDeps,
  actor: AdminActor,
  body: GrantEnrollmentBody,
): Promise<{ enrollment: AdminEnrollment; progress: AdminProgress }> {
  const expiresAt = body.accessExpiresAt ? new Date(body.accessExpiresAt) : null;
  if (expiresAt && expiresAt <= deps.now) throw invalid("accessExpiresAt", "Prístup musí končiť v budúcnosti.");
  const { version, rootId } = await grantableCourse(deps.db, body.courseId);
  const person = await requirePerson(deps, body.studentId, "studentId");
  if (body.reason === "sponsor") {
    await requireOrganization(deps, body.sponsorOrgId);
    if (!(await isMember(deps.idpApi, body.sponsorOrgId, person.id))) {
      throw invalid("studentId", `Osoba ${person.id} nie je členom organizácie ${body.sponsorOrgId}.`, "not_a_member");
    }
  }
  return deps.db.transaction(async (tx) => {
    const { enrollmentId, created } = await enrollStudent(tx, {
      courseVersionId: version.id,
      courseId: rootId,
      courseTitle: version.title,
      courseSlug: version.slug,
      studentId: person.id,
      studentDisplayName: person.displayName,
      studentEmail: person.email,
      reason: body.reason,
      grantReason: body.grantReason ?? null,
      sponsorOrgId: body.reason === "sponsor" ? body.sponsorOrgId : null,
      enrolledAt: deps.now,
      accessExpiresAt: expiresAt,
    });
    if (!created) throw new DomainError("already_enrolled", "Osoba už má na tento kurz aktívny zápis.", { enrollmentId });
    await audit(tx, actor, "enrollment.grant", { type: "enrollment", id: enrollmentId }, body.grantReason ?? null, {
      reason: body.reason,
      studentId: person.id,
      courseId: rootId,
      courseVersionId: version.id,
      sponsorOrgId: body.reason === "sponsor" ? body.sponsorOrgId : null,
      accessExpiresAt: iso(expiresAt),
      personSource: person.source,
    });
    await deps.queue.enqueue(tx, "mail.send", body.reason === "sponsor" ? { kind: "sponsorship", enrollmentId } : { kind: "enrollment_granted", enrollmentId });
    const found = (await loadRow(tx, enrollmentId))!;
    const records = await enrollmentProgressRecords(tx, found.row);
    return { enrollment: serializeAdminEnrollment(found.row, found.version), progress: serializeProgress(records) };
  });
}

/** Runs `work` over `items` a few at a time (the provider's API is asked per person). */
async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))));
  }
  return out;
}

/**
 * POST /api/admin/enrollments/batch (phase 2): members of the sponsoring organization
 * enrolled for its paid club order, reason `sponsor`, onto the version the order bought.
 * A student already actively enrolled in the course keeps that enrollment (its id is in
 * the answer, it is not counted and gets no e-mail), so a repeat creates nothing.
 */
export async function batchEnroll(
  deps: EnrollmentAdminDeps,
  actor: AdminActor,
  body: BatchEnrollBody,
): Promise<Outcome<{ createdCount: number; enrollmentIds: string[] }>> {
  return outcomeOf(() => batch(deps, actor, body), PROVIDER_DOWN);
}

async function batch(deps: EnrollmentAdminDeps, actor: AdminActor, body: BatchEnrollBody): Promise<{ createdCount: number; enrollmentIds: string[] }> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, body.orderId)).limit(1);
  if (!order) throw invalid("orderId", "Objednávka sa nenašla.", "order_not_found");
  if (order.sponsorOrgId !== body.sponsorOrgId) throw invalid("orderId", "Objednávka nie je klubovým nákupom tejto organizácie.", "order_not_sponsored");
  const chain = await chainOf(deps.db, body.courseId);
  if (!chain.length) throw invalid("courseId", "Kurz s týmto ID neexistuje.", "course_not_found");
  if (rootOf(chain) !== order.courseId) throw invalid("courseId", "Objednávka je na iný kurz.", "order_course_mismatch");
  if (order.state !== "paid")
    throw new DomainError("conflict", "Objednávka nie je zaplatená; zapísať členov možno až po platbe.", { orderId: order.id, state: order.state });
  await requireOrganization(deps, body.sponsorOrgId);
  const people = await inBatches(body.studentIds, 8, async (studentId) => {
    const person = await personForEnrollment(deps.db, deps.idpApi, studentId, deps.now);
    return { studentId, person, member: person ? await isMember(deps.idpApi, body.sponsorOrgId, person.id) : false };
  });
  const problems = people.flatMap((p, i) =>
    !p.person
      ? [{ path: `studentIds.${i}`, message: `Osobu ${p.studentId} poskytovateľ identity nepozná.`, code: "person_not_found" }]
      : !p.member
        ? [{ path: `studentIds.${i}`, message: `Osoba ${p.studentId} nie je členom organizácie ${body.sponsorOrgId}.`, code: "not_a_member" }]
        : [],
  );
  if (problems.length) throw new DomainError("validation", "Niektoré osoby sa nedajú zapísať.", problems);
  const [version] = await deps.db.select().from(courses).where(eq(courses.id, order.courseVersionId)).limit(1);

  return deps.db.transaction(async (tx) => {
    // the order's lock: the batch draws from its free seats as the club page does (docs/decisions/clubs/club-seats.md > Club seats)
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
    const enrollmentIds: string[] = [];
    const createdIds: string[] = [];
    const seated: { enrollmentId: string; personId: string; displayName: string; email: string | null }[] = [];
    for (const { person } of people) {
      const { enrollmentId, created } = await enrollStudent(tx, {
        courseVersionId: version.id,
        courseId: order.courseId,
        courseTitle: version.title,
        courseSlug: version.slug,
        studentId: person!.id,
        studentDisplayName: person!.displayName,
        studentEmail: person!.email,
        reason: "sponsor",
        sponsorOrgId: body.sponsorOrgId,
        orderId: order.id,
        enrolledAt: deps.now,
      });
      enrollmentIds.push(enrollmentId);
      if (!created) continue;
      createdIds.push(enrollmentId);
      seated.push({ enrollmentId, personId: person!.id, displayName: person!.displayName, email: person!.email });
      await audit(tx, actor, "enrollment.grant", { type: "enrollment", id: enrollmentId }, null, {
        reason: "sponsor",
        batch: true,
        studentId: person!.id,
        courseId: order.courseId,
        courseVersionId: version.id,
        sponsorOrgId: body.sponsorOrgId,
        orderId: order.id,
        personSource: person!.source,
      });
      await deps.queue.enqueue(tx, "mail.send", { kind: "sponsorship", enrollmentId });
    }
    // more new enrollments than free seats: 409 seats_exhausted, the whole batch rolls back
    await takeSeatsForBatch(tx, actor.actorId, order, seated);
    await audit(tx, actor, "enrollment.batch", { type: "order", id: order.id }, null, {
      courseId: order.courseId,
      courseVersionId: version.id,
      sponsorOrgId: body.sponsorOrgId,
      studentIds: body.studentIds,
      createdEnrollmentIds: createdIds,
      existingEnrollmentIds: enrollmentIds.filter((id) => !createdIds.includes(id)),
    });
    return { createdCount: createdIds.length, enrollmentIds };
  });
}

// ---------------------------------------------------------------------------------
// Changes of one enrollment

/** POST …/cancel: an active enrollment becomes cancelled (spec: States > Enrollment). */
export async function cancelEnrollment(
  deps: EnrollmentAdminDeps,
  actor: AdminActor,
  enrollmentId: string,
  body: CancelEnrollmentBody,
): Promise<Outcome<{ ok: true; cancelledAt: string }>> {
  return outcomeOf(
    () =>
      deps.db.transaction(async (tx) => {
        const row = await lockForAdmin(tx, enrollmentId);
        if (row.state !== "active") throw new DomainError("enrollment_not_active", "Zrušiť sa dá len aktívny zápis.", { state: row.state });
        await markCancelled(tx, row.id, body.reason, deps.now);
        await audit(tx, actor, "enrollment.cancel", { type: "enrollment", id: row.id }, body.reason, { note: body.note ?? null, previousState: row.state });
        return { ok: true as const, cancelledAt: deps.now.toISOString() };
      }),
    PROVIDER_DOWN,
  );
}

/**
 * POST …/extend: a new accessExpiresAt (in the future). An active enrollment keeps its
 * state; an expired one becomes active again, unless the student has meanwhile got
 * another active enrollment on the course (409 already_enrolled). Cancelled and completed
 * enrollments are 409 enrollment_not_active.
 */
export async function extendEnrollment(deps: EnrollmentAdminDeps, actor: AdminActor, enrollmentId: string, body: ExtendEnrollmentBody) {
  return outcomeOf(() => extend(deps, actor, enrollmentId, body), PROVIDER_DOWN);
}

async function extend(deps: EnrollmentAdminDeps, actor: AdminActor, enrollmentId: string, body: ExtendEnrollmentBody) {
  const newExpiresAt = new Date(body.newExpiresAt);
  if (newExpiresAt <= deps.now) throw invalid("newExpiresAt", "Nový koniec prístupu musí byť v budúcnosti.");
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await lockForAdmin(tx, enrollmentId);
      if (row.state !== "active" && row.state !== "expired") {
        throw new DomainError("enrollment_not_active", "Predĺžiť sa dá len aktívny alebo vypršaný zápis.", { state: row.state });
      }
      const reactivated = row.state === "expired";
      if (reactivated) {
        const other = await otherActiveEnrollment(tx, row);
        if (other) throw new DomainError("already_enrolled", "Osoba má na tento kurz iný aktívny zápis.", { enrollmentId: other });
      }
      await setAccessExpiry(tx, row.id, newExpiresAt, reactivated, deps.now);
      await audit(tx, actor, "enrollment.extend", { type: "enrollment", id: row.id }, null, {
        previousAccessExpiresAt: iso(row.accessExpiresAt),
        accessExpiresAt: newExpiresAt.toISOString(),
        previousState: row.state,
        reactivated,
      });
      return { ok: true as const, accessExpiresAt: newExpiresAt.toISOString(), reactivated, enrollment: await serializedById(tx, row.id) };
    });
  } catch (error) {
    if (sqlState(error) === "23505") throw new DomainError("already_enrolled", "Osoba má na tento kurz iný aktívny zápis.");
    throw error;
  }
}

/**
 * POST …/reset-test-attempts: voids the enrollment's attempts at a test of its course
 * version, so the student may start again (attempts and cooldown count only attempts that
 * are not void). Completions a voided pass led to stay (the engine never takes one back).
 */
export async function resetTestAttempts(deps: EnrollmentAdminDeps, actor: AdminActor, enrollmentId: string, body: ResetTestAttemptsBody) {
  return outcomeOf(
    () =>
      deps.db.transaction(async (tx) => {
        const row = await lockForAdmin(tx, enrollmentId);
        const [test] = await tx.select({ courseId: tests.courseId, title: tests.title }).from(tests).where(eq(tests.id, body.testId)).limit(1);
        if (!test || test.courseId !== row.courseVersionId)
          throw invalid("testId", "Tento test nepatrí do verzie kurzu, na ktorú je zápis.", "test_not_in_course");
        const voidedAttemptIds = await voidAttempts(tx, { enrollmentId: row.id, testId: body.testId, reason: body.reason, now: deps.now });
        await audit(tx, actor, "enrollment.reset_test_attempts", { type: "enrollment", id: row.id }, body.reason, {
          testId: body.testId,
          testTitle: test.title,
          voidedAttemptIds,
        });
        return { ok: true as const, voidedAttemptIds };
      }),
    PROVIDER_DOWN,
  );
}

/**
 * POST …/migrate-to-version (spec: Versioning 8; API only): an active enrollment moves to
 * another published or archived version of its course; progress stays only for parts with
 * stable identity (server/learning migrateProgress), the rest is lost and the audit row
 * lists both.
 */
export async function migrateEnrollment(deps: EnrollmentAdminDeps, actor: AdminActor, enrollmentId: string, body: MigrateEnrollmentBody) {
  return outcomeOf(
    () =>
      deps.db.transaction(async (tx) => {
        const row = await lockForAdmin(tx, enrollmentId);
        if (row.state !== "active") throw new DomainError("enrollment_not_active", "Presunúť na inú verziu sa dá len aktívny zápis.", { state: row.state });
        const [current] = await tx.select().from(courses).where(eq(courses.id, row.courseVersionId)).limit(1);
        const [target] = await tx.select().from(courses).where(eq(courses.id, body.targetCourseVersionId)).limit(1);
        if (!target || target.slug !== current.slug) throw invalid("targetCourseVersionId", "Cieľová verzia nepatrí k tomuto kurzu.", "version_not_in_course");
        if (target.id === current.id) throw invalid("targetCourseVersionId", "Zápis už je na tejto verzii.", "same_version");
        if (target.state !== "published" && target.state !== "archived") {
          throw invalid("targetCourseVersionId", "Presunúť sa dá len na zverejnenú alebo archivovanú verziu.", "version_not_released");
        }
        await moveToCourseVersion(tx, row.id, target, deps.now);
        const moved = await migrateProgress(
          tx,
          { queue: deps.queue, now: deps.now },
          { enrollmentId: row.id, fromVersionId: current.id, toVersionId: target.id },
        );
        await audit(tx, actor, "enrollment.migrate", { type: "enrollment", id: row.id }, body.reason, {
          fromVersionId: current.id,
          fromVersion: current.version,
          toVersionId: target.id,
          toVersion: target.version,
          keptPartIds: moved.keptPartIds,
          lostPartIds: moved.lostPartIds,
        });
        return { enrollment: await serializedById(tx, row.id), keptPartIds: moved.keptPartIds, lostPartIds: moved.lostPartIds };
      }),
    PROVIDER_DOWN,
  );
}

/**
 * POST …/resync: studentDisplayName and studentEmail from the provider's person API (spec:
 * "Enrollment.studentDisplayName changes only by manual admin resync"). Only this
 * enrollment changes; orders and certificates keep their snapshots. A person the provider
 * no longer knows is 409 conflict (the snapshot stays).
 */
export async function resyncEnrollment(deps: EnrollmentAdminDeps, actor: AdminActor, enrollmentId: string) {
  return outcomeOf(() => resync(deps, actor, enrollmentId), PROVIDER_DOWN);
}

async function resync(deps: EnrollmentAdminDeps, actor: AdminActor, enrollmentId: string) {
  const found = await loadRow(deps.db, enrollmentId);
  if (!found) throw new DomainError("not_found", "Zápis sa nenašiel.");
  const person = await personFromProvider(deps.idpApi, found.row.studentId);
  if (!person) {
    throw new DomainError("conflict", "Poskytovateľ identity túto osobu už nepozná; údaje zápisu ostávajú.", { studentId: found.row.studentId });
  }
  return deps.db.transaction(async (tx) => {
    const row = await lockForAdmin(tx, enrollmentId);
    const previous = { studentDisplayName: row.studentDisplayName, studentEmail: row.studentEmail };
    const changed = previous.studentDisplayName !== person.displayName || previous.studentEmail !== person.email;
    if (changed) {
      await updateStudentSnapshot(tx, row.id, person, deps.now);
    }
    await audit(tx, actor, "enrollment.resync", { type: "enrollment", id: row.id }, null, {
      changed,
      previous,
      current: { studentDisplayName: person.displayName, studentEmail: person.email },
    });
    return { enrollment: await serializedById(tx, row.id), changed, previous };
  });
}
