// Club seats (docs/decisions/clubs/club-seats.md > Club seats, issue 30): a club admin gives the seats the
// club bought to members (found by name in the provider's member list) or to an e-mail
// address, and takes back a seat whose person has not started. Every assignment draws from
// the club's paid orders of the course, oldest first, under those orders' row locks, so
// parallel assignments never give more seats than were bought (the refund of unassigned
// seats takes the same lock). The provider is asked before the transaction opens; the
// org-admin role is asked live on every request (spec: Authentication 7, 8).
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { schema, type Database, type DbOrTx } from "../db";
import { isId } from "../../shared/ids";
import { DomainError } from "../kernel/errors";
import { outcomeOf, type Outcome } from "../kernel/outcome";

import type { Queue } from "../queue";
import type { Logger } from "../log";
import { writeAudit, type AuditActor } from "../audit";
import { ensureOrganization, hasOrgAdminRole, IdpApiError, type IdpApi, type IdpMember } from "../identity";
import { enrollStudent } from "../learning";
import { lockEnrollment, markCancelled, type EnrollmentRow } from "../enrollments";
import { paidClubOrders, seatUsage, type OrderRow } from "../orders";
import type { AssignSeatBody, ClubCourseSeats, ClubSeatsResponse, SeatAssignment } from "./contract";

const { seatAssignments, enrollments, courses, partProgress, testAttempts } = schema;

// the changes' refusals are thrown where they are found, most inside the change's transaction,
// which must roll back, and returned at the use case's boundary (outcomeOf); the provider
// down (503) stays thrown: a failure, not a refusal
const PROVIDER_DOWN = ["identity_provider_unavailable"] as const;

export type ClubDeps = { db: Database; idpApi: IdpApi; queue: Queue; now: Date };
export type Club = { id: string; name: string };

type AssignmentRow = typeof seatAssignments.$inferSelect;

function unavailable(error: unknown): DomainError {
  return new DomainError("identity_provider_unavailable", undefined, {}, { cause: error });
}

async function askProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IdpApiError) throw unavailable(error);
    throw error;
  }
}

/**
 * The club, when the person administers it (club_admin or executive_director at the
 * provider, asked live); a member, an outsider or an unknown organization → 403.
 */
export async function requireClubAdmin(deps: Pick<ClubDeps, "db" | "idpApi" | "now">, personId: string, orgId: string): Promise<Club> {
  const allowed = await askProvider(() => hasOrgAdminRole(deps.idpApi, personId, orgId));
  const org = allowed ? await askProvider(() => ensureOrganization(deps.db, deps.idpApi, orgId, { now: deps.now })) : null;
  if (!org) throw new DomainError("forbidden", "Tento klub nespravujete.", { orgId });
  return { id: org.id, name: org.name };
}

/**
 * The clubs the person administers as the login's roles name them (club_admin:<org>,
 * executive_director:<org>), with the organization's name from its cache (refreshed from
 * the provider when stale; the id when the provider cannot answer). Pages that act for a
 * club ask the provider again (requireClubAdmin).
 */
export async function administeredClubs(deps: { db: DbOrTx; idpApi: IdpApi }, user: { purchaseOrgIds: string[]; providerRoles: string[] }) {
  const out: { orgId: string; name: string; role: "club_admin" | "executive_director" }[] = [];
  for (const orgId of user.purchaseOrgIds) {
    const org = await ensureOrganization(deps.db, deps.idpApi, orgId).catch((e: unknown) => {
      if (e instanceof IdpApiError) return null;
      throw e;
    });
    out.push({ orgId, name: org?.name ?? orgId, role: user.providerRoles.includes(`club_admin:${orgId}`) ? "club_admin" : "executive_director" });
  }
  return out;
}

/** Members found by name or e-mail in the provider's member list (empty when the provider has no search). */
export async function searchClubMembers(idpApi: IdpApi, orgId: string, query: string): Promise<IdpMember[]> {
  if (!idpApi.searchMembers) return [];
  return askProvider(() => idpApi.searchMembers!(orgId, query.slice(0, 100)));
}

/** The course chain's first version id for any version's id; null when unknown. */
async function rootCourseId(db: DbOrTx, courseId: string): Promise<string | null> {
  if (!isId(courseId)) return null;
  const [named] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!named) return null;
  const [root] = await db.select({ id: courses.id }).from(courses).where(eq(courses.slug, named.slug)).orderBy(asc(courses.version)).limit(1);
  return root?.id ?? null;
}

/** Whether the person has begun learning in the enrollment: progress, a started part or a test attempt. */
export async function hasStarted(db: DbOrTx, enrollment: Pick<EnrollmentRow, "id" | "state" | "progress">): Promise<boolean> {
  if (enrollment.state === "completed" || enrollment.progress.lastActivityAt) return true;
  const [part] = await db
    .select({ id: partProgress.id })
    .from(partProgress)
    .where(and(eq(partProgress.enrollmentId, enrollment.id), or(isNotNull(partProgress.startedAt), inArray(partProgress.state, ["in_progress", "completed"]))))
    .limit(1);
  if (part) return true;
  const [attempt] = await db.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.enrollmentId, enrollment.id)).limit(1);
  return !!attempt;
}

async function assignmentView(db: DbOrTx, row: AssignmentRow): Promise<SeatAssignment> {
  const enrollment = row.enrollmentId ? (await db.select().from(enrollments).where(eq(enrollments.id, row.enrollmentId)).limit(1))[0] : undefined;
  return {
    _id: row.id,
    orderId: row.orderId,
    courseId: row.courseId,
    personId: row.personId,
    email: row.email,
    displayName: row.displayName,
    state: row.state === "pending" ? "pending" : "enrolled",
    enrollmentId: row.enrollmentId,
    enrollmentState: enrollment?.state ?? null,
    started: enrollment ? await hasStarted(db, enrollment) : false,
    assignedAt: row.createdAt.toISOString(),
  };
}

/** GET /api/orgs/<orgId>/seats and the club page: per course bought, assigned, free and who holds them. */
export async function listClubSeats(db: DbOrTx, club: Club): Promise<ClubSeatsResponse> {
  const orders = await paidClubOrders(db, club.id, null);
  const usage = await seatUsage(
    db,
    orders.map((o) => o.id),
  );
  const live = await db
    .select()
    .from(seatAssignments)
    .where(and(eq(seatAssignments.orgId, club.id), inArray(seatAssignments.state, ["pending", "enrolled"])))
    .orderBy(asc(seatAssignments.createdAt), asc(seatAssignments.id));
  const byCourse = new Map<string, ClubCourseSeats>();
  for (const o of orders) {
    const u = usage.get(o.id)!;
    let c = byCourse.get(o.courseId);
    if (!c) {
      const [version] = await db.select({ slug: courses.slug }).from(courses).where(eq(courses.id, o.courseVersionId)).limit(1);
      c = { courseId: o.courseId, courseTitle: o.courseTitle, courseSlug: version?.slug ?? "", bought: 0, assigned: 0, returned: 0, free: 0, assignments: [] };
      byCourse.set(o.courseId, c);
    }
    c.bought += u.bought;
    c.assigned += u.assigned;
    c.returned += u.returned;
    c.free += u.free;
  }
  for (const row of live) {
    const c = byCourse.get(row.courseId);
    if (c) c.assignments.push(await assignmentView(db, row));
  }
  return { orgId: club.id, orgName: club.name, courses: [...byCourse.values()].sort((a, b) => a.courseTitle.localeCompare(b.courseTitle, "sk")) };
}

type Recipient = { kind: "person"; id: string; displayName: string; email: string | null } | { kind: "email"; email: string };

/** Who a seat goes to: a member by id (membership asked live), or an address the provider may know. */
async function recipientOf(deps: ClubDeps, club: Club, body: AssignSeatBody): Promise<Recipient> {
  if (body.personId) {
    const personId = body.personId;
    const membership = await askProvider(() => deps.idpApi.getMembership(club.id, personId));
    if (!membership || membership.personId !== personId || membership.orgId !== club.id) {
      throw new DomainError("validation", `Osoba ${personId} nie je členom klubu ${club.name}.`, [
        { path: "personId", message: "Osoba nie je členom klubu.", code: "not_a_member" },
      ]);
    }
    const person = await askProvider(() => deps.idpApi.getPerson(personId));
    if (!person)
      throw new DomainError("validation", "Osobu poskytovateľ identity nepozná.", [{ path: "personId", message: "Neznáma osoba.", code: "person_not_found" }]);
    return { kind: "person", id: person.id, displayName: person.displayName, email: person.email ?? null };
  }
  const email = body.email!.trim().toLowerCase();
  const known = deps.idpApi.findPersonByEmail ? await askProvider(() => deps.idpApi.findPersonByEmail!(email)) : null;
  if (known) return { kind: "person", id: known.id, displayName: known.displayName, email: known.email ?? email };
  return { kind: "email", email };
}

function exhausted(free: number): DomainError {
  return new DomainError("seats_exhausted", free === 0 ? "Klub nemá na tento kurz voľné miesto. Dokúpte miesta na stránke kurzu." : undefined, {
    freeSeats: free,
  });
}

async function audit(tx: DbOrTx, actor: AuditActor, action: string, orderId: string, details: Record<string, unknown>) {
  await writeAudit(tx, {
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    ip: actor.ip ?? null,
    action,
    targetType: "order",
    targetId: orderId,
    reason: null,
    details,
  });
}

/** Enrolls the recipient on the order's version (reason sponsor), in the caller's transaction. */
async function enrollOnSeat(tx: DbOrTx, order: OrderRow, orgId: string, person: { id: string; displayName: string; email: string | null }, now: Date) {
  const [version] = await tx.select().from(courses).where(eq(courses.id, order.courseVersionId)).limit(1);
  return enrollStudent(tx, {
    courseVersionId: version.id,
    courseId: order.courseId,
    courseTitle: version.title,
    courseSlug: version.slug,
    studentId: person.id,
    studentDisplayName: person.displayName,
    studentEmail: person.email,
    reason: "sponsor",
    sponsorOrgId: orgId,
    orderId: order.id,
    enrolledAt: now,
  });
}

/**
 * POST /api/orgs/<orgId>/seats/assignments and the club page's form: one free seat of the
 * course to a member or an address. A known person is enrolled at once (and gets the
 * sponsorship e-mail); an unknown address waits as `pending` (and gets an invitation) until
 * its first sign-in. 409 seats_exhausted when no paid order of the club has a free seat.
 */
export async function assignSeat(deps: ClubDeps, actor: AuditActor, orgId: string, body: AssignSeatBody): Promise<Outcome<SeatAssignment>> {
  return outcomeOf(() => assign(deps, actor, orgId, body), PROVIDER_DOWN);
}

async function assign(deps: ClubDeps, actor: AuditActor, orgId: string, body: AssignSeatBody): Promise<SeatAssignment> {
  const club = await requireClubAdmin(deps, actor.actorId, orgId);
  const rootId = await rootCourseId(deps.db, body.courseId);
  if (!rootId) throw new DomainError("validation", "Kurz sa nenašiel.", [{ path: "courseId", message: "Neznámy kurz.", code: "course_not_found" }]);
  const recipient = await recipientOf(deps, club, body);
  return deps.db.transaction(async (tx) => {
    // the club's paid orders of the course, locked: every assignment and seat refund waits here
    const orders = await paidClubOrders(tx, club.id, rootId, { lock: true });
    const usage = await seatUsage(
      tx,
      orders.map((o) => o.id),
    );
    const order = orders.find((o) => (usage.get(o.id)?.free ?? 0) > 0);
    if (!order) throw exhausted(0);
    const same = recipient.kind === "person" ? eq(seatAssignments.personId, recipient.id) : eq(seatAssignments.email, recipient.email);
    const [taken] = await tx
      .select({ id: seatAssignments.id })
      .from(seatAssignments)
      .where(and(eq(seatAssignments.orgId, club.id), eq(seatAssignments.courseId, rootId), inArray(seatAssignments.state, ["pending", "enrolled"]), same))
      .limit(1);
    if (taken) throw new DomainError("conflict", "Táto osoba už má od klubu miesto v tomto kurze.", { assignmentId: taken.id });
    let row: AssignmentRow;
    if (recipient.kind === "person") {
      const { enrollmentId, created } = await enrollOnSeat(tx, order, club.id, recipient, deps.now);
      if (!created) throw new DomainError("already_enrolled", "Táto osoba už kurz má (napríklad si ho kúpila sama); miesto zostáva voľné.", { enrollmentId });
      [row] = await tx
        .insert(seatAssignments)
        .values({
          orderId: order.id,
          orgId: club.id,
          courseId: rootId,
          personId: recipient.id,
          email: recipient.email?.toLowerCase() ?? null,
          displayName: recipient.displayName,
          enrollmentId,
          state: "enrolled",
          assignedBy: actor.actorId,
        })
        .returning();
      await deps.queue.enqueue(tx, "mail.send", { kind: "sponsorship", enrollmentId });
    } else {
      [row] = await tx
        .insert(seatAssignments)
        .values({ orderId: order.id, orgId: club.id, courseId: rootId, email: recipient.email, state: "pending", assignedBy: actor.actorId })
        .returning();
      await deps.queue.enqueue(tx, "mail.send", { kind: "seat_invitation", assignmentId: row.id });
    }
    await audit(tx, actor, "club.seat.assign", order.id, {
      assignmentId: row.id,
      orgId: club.id,
      courseId: rootId,
      personId: row.personId,
      email: row.email,
      enrollmentId: row.enrollmentId,
      state: row.state,
    });
    return assignmentView(tx, row);
  });
}

/**
 * DELETE /api/orgs/<orgId>/seats/assignments/<id> and the page's "Vziať späť": a pending
 * seat, or one whose person has not started, goes back to the club; the enrollment is
 * cancelled (reason seat_revoked) and the change audited. 409 seat_started otherwise.
 */
export async function revokeSeat(deps: ClubDeps, actor: AuditActor, orgId: string, assignmentId: string): Promise<Outcome<void>> {
  return outcomeOf(() => revoke(deps, actor, orgId, assignmentId), PROVIDER_DOWN);
}

async function revoke(deps: ClubDeps, actor: AuditActor, orgId: string, assignmentId: string): Promise<void> {
  const club = await requireClubAdmin(deps, actor.actorId, orgId);
  const notFound = () => new DomainError("not_found", "Priradenie miesta sa nenašlo.");
  if (!isId(assignmentId)) throw notFound();
  await deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(seatAssignments).where(eq(seatAssignments.id, assignmentId)).limit(1);
    if (!found || found.orgId !== club.id) throw notFound();
    // the order's lock first (as assignments and refunds take it), then the assignment's
    await tx.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.id, found.orderId)).for("update");
    const [row] = await tx.select().from(seatAssignments).where(eq(seatAssignments.id, assignmentId)).for("update");
    if (row.state === "revoked") throw notFound();
    if (row.enrollmentId) {
      const enrollment = await lockEnrollment(tx, row.enrollmentId);
      if (enrollment && enrollment.state !== "cancelled") {
        if (await hasStarted(tx, enrollment)) throw new DomainError("seat_started", undefined, { enrollmentId: enrollment.id });
        await markCancelled(tx, enrollment.id, "seat_revoked", deps.now);
      }
    }
    await tx.update(seatAssignments).set({ state: "revoked", revokedAt: deps.now, revokedBy: actor.actorId }).where(eq(seatAssignments.id, row.id));
    await audit(tx, actor, "club.seat.revoke", row.orderId, {
      assignmentId: row.id,
      orgId: club.id,
      courseId: row.courseId,
      personId: row.personId,
      email: row.email,
      enrollmentId: row.enrollmentId,
      previousState: row.state,
    });
  });
}

/**
 * At sign-in: seats given to the person's address before the provider knew them become
 * enrollments. A person who meanwhile holds the course gives the seat back to the club.
 * Never fails the sign-in (the caller logs what it throws).
 */
export async function claimSeatInvitations(
  deps: { db: Database; queue: Queue; now: Date; log?: Logger },
  user: { id: string; displayName: string; email: string | null },
): Promise<number> {
  if (!user.email) return 0;
  const email = user.email.trim().toLowerCase();
  const pending = await deps.db
    .select({ id: seatAssignments.id, orderId: seatAssignments.orderId })
    .from(seatAssignments)
    .where(and(eq(seatAssignments.email, email), eq(seatAssignments.state, "pending")));
  let enrolled = 0;
  for (const p of pending) {
    await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, p.orderId)).for("update");
      const [row] = await tx.select().from(seatAssignments).where(eq(seatAssignments.id, p.id)).for("update");
      if (!order || row.state !== "pending") return;
      const actor = { actorId: "system:sign-in", actorRoles: [] };
      const { enrollmentId, created } = await enrollOnSeat(tx, order, row.orgId, user, deps.now);
      if (!created) {
        await tx
          .update(seatAssignments)
          .set({ state: "revoked", revokedAt: deps.now, revokedBy: "system:already-enrolled", personId: user.id })
          .where(eq(seatAssignments.id, row.id));
        await audit(tx, actor, "club.seat.release", row.orderId, { assignmentId: row.id, personId: user.id, existingEnrollmentId: enrollmentId });
        return;
      }
      await tx
        .update(seatAssignments)
        .set({ state: "enrolled", personId: user.id, displayName: user.displayName, enrollmentId })
        .where(eq(seatAssignments.id, row.id));
      await audit(tx, actor, "club.seat.claim", row.orderId, { assignmentId: row.id, personId: user.id, enrollmentId });
      await deps.queue.enqueue(tx, "mail.send", { kind: "sponsorship", enrollmentId });
      enrolled += 1;
    });
  }
  return enrolled;
}

/**
 * The phase-2 batch draws from the order's free seats (docs/decisions/clubs/club-seats.md > Club seats): in
 * the batch's transaction, under the order's lock, each new enrollment takes one seat; more
 * new enrollments than free seats → 409 seats_exhausted and nothing is written.
 */
export async function takeSeatsForBatch(
  tx: DbOrTx,
  actorId: string,
  order: { id: string; sponsorOrgId: string | null; courseId: string },
  people: { enrollmentId: string; personId: string; displayName: string; email: string | null }[],
): Promise<void> {
  const usage = (await seatUsage(tx, [order.id])).get(order.id);
  const free = usage?.free ?? 0;
  if (people.length > free)
    throw new DomainError("seats_exhausted", `Objednávka má voľných miest: ${free}, nových zápisov je ${people.length}.`, {
      freeSeats: free,
      requested: people.length,
    });
  if (people.length === 0) return;
  await tx.insert(seatAssignments).values(
    people.map((p) => ({
      orderId: order.id,
      orgId: order.sponsorOrgId!,
      courseId: order.courseId,
      personId: p.personId,
      email: p.email?.toLowerCase() ?? null,
      displayName: p.displayName,
      enrollmentId: p.enrollmentId,
      state: "enrolled" as const,
      assignedBy: actorId,
    })),
  );
}

/** The seat assignment (for the invitation e-mail), or null. */
export async function findSeatAssignment(db: DbOrTx, assignmentId: string) {
  if (!isId(assignmentId)) return null;
  const [row] = await db.select().from(seatAssignments).where(eq(seatAssignments.id, assignmentId)).limit(1);
  return row ?? null;
}
