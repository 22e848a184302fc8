// Clubs buy seats for their staff (issue 30; docs/decisions/clubs/club-seats.md > Club seats), over HTTP
// against the built app, its sandbox gateway and the local provider: a club order of N
// seats is one invoice line of N; the club admin assigns seats by member id or e-mail and
// takes back unstarted ones; 20 parallel assignments of the last 3 seats give exactly 3;
// every refusal (member, outsider, foreign org, seats exhausted, started seat); the club
// sees only what it sponsored; the batch and a refund of unassigned seats draw from the
// free seats, the refund with its credit note of those seats.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { expectMatchesContract } from "../support/contract";
import { until } from "../support/wait";
import {
  companyAddress,
  deliver,
  idempotencyKey,
  orderBody,
  paymentEvent,
  signInStudent,
  startCommerceApp,
  type CommerceApp,
  type Student,
} from "../support/commerce";

let app: CommerceApp;
let tomas: Student; // club_admin:o-5001
let lucia: Student; // member:o-5001 (p-5002)
let jana: Student; // outside the club
let admin: Student;
const ids: Record<string, string> = {};
const CLUB = "o-5001";
const FINANCIE = "financie-a-granty-v-sporte";
const SEKRETAR = "sekretar-klubu-v-praxi";
const RIADENIE = "riadenie-sportoveho-klubu";
const club = (seats?: number) => ({ billingType: "company", billingAddress: companyAddress, sponsorOrgId: CLUB, ...(seats === undefined ? {} : { seats }) });

beforeAll(async () => {
  app = await startCommerceApp({ SANDBOX_REFUND_DELAY_MS: "manual" });
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  [tomas, lucia, jana, admin] = await Promise.all([
    signInStudent(app.url, "tomas.balaz@demo.sk"),
    signInStudent(app.url, "lucia.mrazova@demo.sk"),
    signInStudent(app.url),
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
  ]);
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

async function paidClubOrder(slug: string, seats: number) {
  const res = await tomas.post("/api/orders", orderBody(ids[slug], club(seats)), { "Idempotency-Key": randomUUID() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  expect((await deliver(app.url, paymentEvent(body.orderId, body.amount))).status).toBe(200);
  return body as { orderId: string; amount: number };
}
const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const assign = (as: Student, body: Record<string, unknown>, org = CLUB) => as.post(`/api/orgs/${org}/seats/assignments`, body);
const revoke = (as: Student, id: string, org = CLUB) =>
  as.jar.fetch(`${app.url}/api/orgs/${org}/seats/assignments/${id}`, { method: "DELETE", headers: { Origin: app.url } });
async function seatsOf(slug: string) {
  const res = await tomas.get(`/api/orgs/${CLUB}/seats`);
  const body = await res.json();
  expect(res.status).toBe(200);
  return body.courses.find((c: { courseId: string }) => c.courseId === ids[slug]) as {
    bought: number;
    assigned: number;
    free: number;
    returned: number;
    assignments: { _id: string; personId: string | null; email: string | null; state: string; started: boolean; enrollmentId: string | null }[];
  };
}

let financie: { orderId: string; amount: number };
let riadenieRoot = "";

describe("buying seats", () => {
  it("a club admin buys 6 seats: seats × price, one invoice line of 6 (PDF record and UBL)", async () => {
    const one = await tomas.post("/api/orders", orderBody(ids[FINANCIE], club(1)));
    const single = await one.json();
    expect(one.status).toBe(201);
    financie = await paidClubOrder(FINANCIE, 6);
    expect(financie.amount).toBe(single.amount * 6);
    expect(await orderRow(financie.orderId)).toMatchObject({ seats: 6, state: "paid", sponsorOrgId: CLUB, amountCents: single.amount * 6 });
    const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, financie.orderId));
    expect(invoice.document).toMatchObject({ line: { quantity: 6 } });
    const [ubl] = await app.db.select().from(schema.eInvoices).where(eq(schema.eInvoices.orderId, financie.orderId));
    expect(Buffer.from(ubl.xml).toString("utf8")).toContain('<cbc:InvoicedQuantity unitCode="C62">6</cbc:InvoicedQuantity>');
  }, 60_000);

  it("seats only with sponsorOrgId and 1–200; a member or an outsider may not buy for the club (403)", async () => {
    for (const body of [
      orderBody(ids[SEKRETAR], { seats: 2 }),
      orderBody(ids[SEKRETAR], club(0)),
      orderBody(ids[SEKRETAR], club(201)),
      orderBody(ids[SEKRETAR], club(2.5)),
    ]) {
      const res = await tomas.post("/api/orders", body);
      const answer = await res.json();
      expect([res.status, answer.error, answer.details.map((d: { path: string }) => d.path)]).toEqual([422, "validation", ["seats"]]);
    }
    for (const who of [lucia, jana]) {
      const res = await who.post("/api/orders", orderBody(ids[SEKRETAR], club(3)));
      expect([res.status, (await res.json()).error]).toEqual([403, "forbidden"]);
    }
    const orders = await app.db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.courseId, ids[SEKRETAR]), eq(schema.orders.sponsorOrgId, CLUB)));
    expect(orders).toEqual([]);
  });
});

describe("assigning seats", () => {
  it("only the club's admins see and assign its seats: member, outsider, foreign org → 403", async () => {
    for (const who of [lucia, jana]) {
      expect((await who.get(`/api/orgs/${CLUB}/seats`)).status).toBe(403);
      expect((await who.get(`/api/orgs/${CLUB}/progress`)).status).toBe(403);
      const res = await assign(who, { courseId: ids[FINANCIE], personId: "p-5002" });
      expect([res.status, (await res.json()).error]).toEqual([403, "forbidden"]);
    }
    expect((await tomas.get(`/api/orgs/o-9001/seats`)).status).toBe(403);
    expect((await assign(tomas, { courseId: ids[FINANCIE], personId: "p-5002" }, "o-9001")).status).toBe(403);
    const res = await tomas.get(`/api/orgs/${CLUB}/seats`);
    await expectMatchesContract("GET", `/api/orgs/${CLUB}/seats`, res, await res.clone().json());
    expect(await seatsOf(FINANCIE)).toMatchObject({ bought: 6, assigned: 0, free: 6 });
  });

  it("by member id and by e-mail (known: enrolled at once; unknown: pending); a non-member id is 422", async () => {
    const byId = await assign(tomas, { courseId: ids[FINANCIE], personId: "p-5002" });
    const seat = await byId.json();
    expect(byId.status, JSON.stringify(seat)).toBe(201);
    await expectMatchesContract("POST", `/api/orgs/${CLUB}/seats/assignments`, byId, seat);
    expect(seat).toMatchObject({ personId: "p-5002", state: "enrolled", orderId: financie.orderId, started: false });
    const [enrollment] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, seat.enrollmentId));
    expect(enrollment).toMatchObject({ studentId: "p-5002", reason: "sponsor", sponsorOrgId: CLUB, orderId: financie.orderId, state: "active" });

    const byMail = await (await assign(tomas, { courseId: ids[FINANCIE], email: "Marek.Kral@demo.sk" })).json();
    expect(byMail).toMatchObject({ personId: "p-5003", state: "enrolled" });
    const pending = await (await assign(tomas, { courseId: ids[FINANCIE], email: "novy.trener@example.sk" })).json();
    expect(pending).toMatchObject({ personId: null, email: "novy.trener@example.sk", state: "pending", enrollmentId: null });

    const outsider = await assign(tomas, { courseId: ids[FINANCIE], personId: "p-1001" });
    expect([outsider.status, (await outsider.json()).details[0].code]).toEqual([422, "not_a_member"]);
    const twice = await assign(tomas, { courseId: ids[FINANCIE], personId: "p-5002" });
    expect([twice.status, (await twice.json()).error]).toEqual([409, "conflict"]);
    const both = await assign(tomas, { courseId: ids[FINANCIE], personId: "p-5004", email: "x@example.sk" });
    expect(both.status).toBe(422);
    expect(await seatsOf(FINANCIE)).toMatchObject({ bought: 6, assigned: 3, free: 3 });
  });

  it("20 parallel assignments of the last 3 seats give exactly 3", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => assign(tomas, { courseId: ids[FINANCIE], email: `paralelne-${i}@example.sk` })));
    const codes = await Promise.all(answers.map(async (r) => [r.status, r.status === 201 ? "created" : (await r.json()).error]));
    expect(codes.filter(([s]) => s === 201)).toHaveLength(3);
    expect(codes.filter(([s, e]) => s === 409 && e === "seats_exhausted")).toHaveLength(17);
    const live = await app.db
      .select()
      .from(schema.seatAssignments)
      .where(and(eq(schema.seatAssignments.orderId, financie.orderId), inArray(schema.seatAssignments.state, ["pending", "enrolled"])));
    expect(live).toHaveLength(6);
    expect(await seatsOf(FINANCIE)).toMatchObject({ bought: 6, assigned: 6, free: 0 });
  }, 60_000);

  it("a started seat stays (409 seat_started); an unstarted one is taken back (cancelled, audited) and given again", async () => {
    const seats = await seatsOf(FINANCIE);
    const luciaSeat = seats.assignments.find((a) => a.personId === "p-5002")!;
    const marekSeat = seats.assignments.find((a) => a.personId === "p-5003")!;
    // Lucia begins learning: her first part is started
    await app.db
      .update(schema.partProgress)
      .set({ state: "in_progress", startedAt: new Date() })
      .where(eq(schema.partProgress.enrollmentId, luciaSeat.enrollmentId!));
    const started = await revoke(tomas, luciaSeat._id);
    expect([started.status, (await started.json()).error]).toEqual([409, "seat_started"]);
    // the club page's form gets the same refusal (returned by revokeSeat) on the page, not an error page
    const onPage = await tomas.jar.fetch(`${app.url}/klub/${CLUB}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ intent: "revoke", assignmentId: luciaSeat._id }).toString(),
    });
    expect(onPage.status).toBe(409);
    expect(await onPage.text()).toContain("Člen už kurz začal; miesto sa už nedá vziať späť.");
    expect((await revoke(lucia, marekSeat._id)).status).toBe(403);
    expect((await revoke(tomas, marekSeat._id, "o-9001")).status).toBe(403);

    const back = await revoke(tomas, marekSeat._id);
    expect(back.status).toBe(204);
    const [cancelled] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, marekSeat.enrollmentId!));
    expect(cancelled).toMatchObject({ state: "cancelled", cancelReason: "seat_revoked" });
    const [row] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "club.seat.revoke"), eq(schema.auditLog.targetId, financie.orderId)));
    expect(row).toMatchObject({ actorId: "p-5001", details: expect.objectContaining({ assignmentId: marekSeat._id, enrollmentId: marekSeat.enrollmentId }) });
    expect((await revoke(tomas, marekSeat._id)).status).toBe(404);
    const again = await assign(tomas, { courseId: ids[FINANCIE], personId: "p-5004" });
    expect(again.status).toBe(201);
    expect(await seatsOf(FINANCIE)).toMatchObject({ assigned: 6, free: 0 });
    const full = await assign(tomas, { courseId: ids[FINANCIE], personId: "p-5005" });
    expect([full.status, (await full.json()).error]).toEqual([409, "seats_exhausted"]);
  });
});

describe("e-mails and the first sign-in", () => {
  it("the sponsorship e-mail and the invitation of a pending seat say the club sees this course's progress", async () => {
    const seats = await seatsOf(FINANCIE);
    const lucias = seats.assignments.find((a) => a.personId === "p-5002")!;
    const pending = seats.assignments.find((a) => a.email === "novy.trener@example.sk")!;
    for (const key of [`sponsorship:${lucias.enrollmentId}`, `seat_invitation:${pending._id}`]) {
      const row = await until(
        key,
        async () => (await app.db.select().from(schema.mailDeliveries).where(eq(schema.mailDeliveries.key, key)))[0],
        (r) => r?.state === "sent",
        90_000,
      );
      const [mail] = await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, row.messageId!));
      expect(mail.textBody).toContain("Organizácia ŠK Tatran Demo uvidí váš postup v tomto kurze");
    }
  }, 120_000);

  it("a seat given to an address before the provider knew the person becomes an enrollment at first sign-in", async () => {
    const order = await paidClubOrder(RIADENIE, 1);
    riadenieRoot = (await orderRow(order.orderId)).courseId;
    // the address was not known when the seat was given (the demo provider knows every demo person)
    const [seat] = await app.db
      .insert(schema.seatAssignments)
      .values({
        orderId: order.orderId,
        orgId: CLUB,
        courseId: (await orderRow(order.orderId)).courseId,
        email: "jozef.hudec@demo.sk",
        state: "pending",
        assignedBy: "p-5001",
      })
      .returning();
    await signInStudent(app.url, "jozef.hudec@demo.sk");
    const [claimed] = await app.db.select().from(schema.seatAssignments).where(eq(schema.seatAssignments.id, seat.id));
    expect(claimed).toMatchObject({ state: "enrolled", personId: "p-5005" });
    const [enrollment] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, claimed.enrollmentId!));
    expect(enrollment).toMatchObject({ studentId: "p-5005", reason: "sponsor", sponsorOrgId: CLUB, orderId: order.orderId, state: "active" });
    // a second sign-in changes nothing
    await signInStudent(app.url, "jozef.hudec@demo.sk");
    expect(
      await app.db
        .select()
        .from(schema.enrollments)
        .where(and(eq(schema.enrollments.studentId, "p-5005"), eq(schema.enrollments.orderId, order.orderId))),
    ).toHaveLength(1);
  }, 60_000);
});

describe("progress", () => {
  it("shows only what the club sponsored (not a member's own purchase), with a semicolon CSV with BOM", async () => {
    // Lucia buys a course for herself: the club never sees it
    const own = await (await lucia.post("/api/orders", orderBody(ids[SEKRETAR]), { "Idempotency-Key": randomUUID() })).json();
    await deliver(app.url, paymentEvent(own.orderId, own.amount));
    const res = await tomas.get(`/api/orgs/${CLUB}/progress`);
    const body = await res.json();
    expect(res.status).toBe(200);
    await expectMatchesContract("GET", `/api/orgs/${CLUB}/progress`, res, body);
    const rows = body.data as { personId: string; courseId: string; state: string; percent: number }[];
    expect(
      rows
        .filter((r) => r.courseId === ids[FINANCIE])
        .map((r) => r.personId)
        .sort(),
    ).toEqual(["p-5002", "p-5004"]);
    // Jozef's seat of the course with an archived version: the course's first version's id, as on the order
    expect(rows.filter((r) => r.personId === "p-5005").map((r) => r.courseId)).toEqual([riadenieRoot]);
    // Lucia's own purchase and Marek's taken-back seat are not the club's to see
    expect(rows.some((r) => r.courseId === ids[SEKRETAR] || r.personId === "p-5003")).toBe(false);
    const csv = await tomas.get(`/api/orgs/${CLUB}/progress?format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith("\uFEFFČlen;E-mail;Kurz;Stav;Percento")).toBe(true);
    expect(text).toContain("Lucia Mrázová;lucia.mrazova@demo.sk;");
    expect(text).not.toContain("Sekretár");
  });
});

describe("the platform admin", () => {
  it("sees seats on the order; the batch draws from free seats (409 seats_exhausted, nothing written)", async () => {
    const detail = await (await admin.get(`/api/admin/orders/${financie.orderId}`)).json();
    expect(detail).toMatchObject({ seats: 6, seatsAssigned: 6, seatsFree: 0, seatsReturned: 0 });
    const before = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.studentId, "p-5005"));
    const res = await admin.post("/api/admin/enrollments/batch", {
      courseId: ids[FINANCIE],
      sponsorOrgId: CLUB,
      studentIds: ["p-5005"],
      orderId: financie.orderId,
    });
    expect([res.status, (await res.json()).error]).toEqual([409, "seats_exhausted"]);
    expect(await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.studentId, "p-5005"))).toEqual(before);
  });

  it("refunds a club order's unassigned seats (seats × price, credit note of them), assigned seats untouched", async () => {
    const sekretar = await paidClubOrder(SEKRETAR, 4);
    const unit = sekretar.amount / 4;
    const seated = await (await assign(tomas, { courseId: ids[SEKRETAR], personId: "p-5005" })).json();
    const refund = (body: Record<string, unknown>) =>
      admin.post(`/api/admin/orders/${sekretar.orderId}/refund`, { reason: "Klub vracia nevyužité miesta", ...body }, { "Idempotency-Key": idempotencyKey() });
    let res = await refund({ amount: unit * 4, seats: 4 });
    expect([res.status, (await res.json()).error]).toEqual([409, "seats_exhausted"]);
    res = await refund({ amount: unit * 3 - 1, seats: 3 });
    expect([res.status, (await res.json()).details[0].path]).toEqual([422, "amount"]);
    res = await refund({ amount: unit * 3, seats: 3, alsoCancelEnrollment: true });
    expect(res.status).toBe(422);
    expect(await app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, sekretar.orderId))).toEqual([]);

    res = await refund({ amount: unit * 3, seats: 3 });
    const accepted = await res.json();
    expect(res.status, JSON.stringify(accepted)).toBe(202);
    // the returned seats are gone at once: no assignment may take them while the money goes back
    const none = await assign(tomas, { courseId: ids[SEKRETAR], email: "neskoro@example.sk" });
    expect([none.status, (await none.json()).error]).toEqual([409, "seats_exhausted"]);
    const event = paymentEvent(sekretar.orderId, unit * 3, { eventType: "payment.refunded" });
    expect((await deliver(app.url, { ...event, payment: { ...event.payment, merchantRefundId: accepted.refundId } })).status).toBe(200);

    expect(await orderRow(sekretar.orderId)).toMatchObject({ state: "paid" });
    const [note] = await app.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, sekretar.orderId));
    expect(note).toMatchObject({ amountCents: unit * 3 });
    expect(note.document).toMatchObject({ line: { quantity: 3 } });
    const [enrollment] = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.id, seated.enrollmentId));
    expect(enrollment.state).toBe("active");
    const detail = await (await admin.get(`/api/admin/orders/${sekretar.orderId}`)).json();
    expect(detail).toMatchObject({ seats: 4, seatsAssigned: 1, seatsReturned: 3, seatsFree: 0, refundedCents: unit * 3 });
  }, 60_000);
});
