// Money and trust, over HTTP against the built app with its job workers and the sandbox
// gateway (PostgreSQL with TEST_DATABASE_URL, else PGlite in-process):
// - the paying payment is recorded under the purchase lock: 9 orders each paid by 11
//   transactions at once (20 in flight) end paid, one enrollment each, no credit note, every
//   extra payment refunded on its own (docs/decisions/payments/the-paying-payment-is-recorded.md > The paying payment is recorded);
// - one refundable amount: a refund during an open dispute is refused (409 order_disputed),
//   a lost dispute leaves nothing refundable, a won one opens refunds again; a refund under
//   way when a dispute opens, or when it is lost, alerts the admins;
// - money back ends what it paid for: a refund with "also cancel" ends a completed
//   enrollment and revokes its certificate (audit, e-mail, verification, status list);
// - a payment of a wrong amount enrolls nobody and goes back whole, admins alerted;
// - the supply date and number series come from the payment's time (year boundary).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/log";
import { issueCertificate } from "#server/certificates";
import { schema } from "#server/db";
import { AdminOrderDetail } from "#server/orders";
import { statusBit } from "#server/credentials";
import { startAppWithQueue, type AppWithQueue } from "../support/app-with-queue";
import { until } from "../support/wait";
import { deliver, orderBody, paymentEvent, signInStudent, WEBHOOK_SECRET, type Student } from "../support/commerce";

const ENV = {
  PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RATE_LIMIT_ORDERS_PER_HOUR: "1000",
  SANDBOX_REFUND_DELAY_MS: "100",
  ADMIN_NOTIFY_EMAIL: "spravca@akademia.test",
};

let app: AppWithQueue;
let admin: Student;
const students: Student[] = [];
const ids: Record<string, string> = {};
const COURSES = ["riadenie-sportoveho-klubu", "financie-a-granty-v-sporte", "sekretar-klubu-v-praxi"];

beforeAll(async () => {
  app = await startAppWithQueue(ENV);
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  admin = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
  // the three demo students buy every course in the race; the rest buy once each
  for (const email of ["jana.novakova@demo.sk", "peter.horvath@demo.sk", "eva.kovacova@demo.sk", "tomas.balaz@demo.sk", "martin.simko@demo.sk"]) {
    students.push(await signInStudent(app.url, email));
  }
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

async function order(student: Student, slug: string) {
  const res = await student.post("/api/orders", orderBody(ids[slug]), { "Idempotency-Key": randomUUID() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as { orderId: string; amount: number };
}

async function paidOrder(student: Student, slug: string) {
  const created = await order(student, slug);
  expect(await (await deliver(app.url, paymentEvent(created.orderId, created.amount))).json()).toMatchObject({ result: "paid" });
  return created;
}

const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const refundsOf = (id: string) => app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, id));
const enrollmentsOf = (id: string) => app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, id));

async function detail(orderId: string) {
  const res = await admin.get(`/api/admin/orders/${orderId}`);
  expect(res.status).toBe(200);
  return AdminOrderDetail.parse(await res.json());
}

function refund(orderId: string, body: { amount: number; reason?: string; alsoCancelEnrollment?: boolean }) {
  return admin.post(`/api/admin/orders/${orderId}/refund`, { reason: "Test", alsoCancelEnrollment: false, ...body }, { "Idempotency-Key": randomUUID() });
}

/** Runs the tasks with at most `limit` in flight. */
async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

describe("the paying payment is recorded, not guessed", () => {
  it("9 orders each paid by 11 transactions at once (20 in flight): every order paid, one enrollment, no credit note, every extra refunded", async () => {
    const orders: { orderId: string; amount: number }[] = [];
    for (const student of students.slice(0, 3)) for (const slug of COURSES) orders.push(await order(student, slug));
    const tasks = orders.flatMap((o) => Array.from({ length: 11 }, () => () => deliver(app.url, paymentEvent(o.orderId, o.amount)).then((r) => r.status)));
    // interleave the orders' events so each order's transactions race each other
    const shuffled = tasks
      .map((t, i) => ({ t, k: (i % 11) * 100 + Math.floor(i / 11) }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.t);
    expect(new Set(await inParallel(shuffled, 20))).toEqual(new Set([200]));

    for (const o of orders) {
      const settled = await until(
        "the extra payments' refunds",
        () => refundsOf(o.orderId),
        (r) => r.length === 10 && r.every((x) => x.state === "completed"),
      );
      const row = await orderRow(o.orderId);
      expect(row.state).toBe("paid");
      const payments = await app.db.select().from(schema.payments).where(eq(schema.payments.orderId, o.orderId));
      expect(payments).toHaveLength(11);
      expect(payments.map((p) => p.id)).toContain(row.payingPaymentId);
      // every refund returns another payment than the paying one, each payment once
      expect(settled.map((r) => r.paymentId)).not.toContain(row.payingPaymentId);
      expect(new Set(settled.map((r) => r.paymentId)).size).toBe(10);
      expect(await enrollmentsOf(o.orderId)).toHaveLength(1);
      expect((await enrollmentsOf(o.orderId))[0].state).toBe("active");
      expect(await app.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, o.orderId))).toEqual([]);
      const d = await detail(o.orderId);
      expect(d).toMatchObject({ state: "paid", paidCents: o.amount, refundedCents: 0, pendingRefundCents: 0, refundableCents: o.amount });
      expect(d.payments.filter((p) => p.paying)).toHaveLength(1);
    }
    // the admin list counts only refunds of the paying payment
    const list = (await (await admin.get(`/api/admin/orders?pageSize=50`)).json()) as { data: { _id: string; refundedCents: number }[] };
    for (const o of orders) expect(list.data.find((x) => x._id === o.orderId)?.refundedCents).toBe(0);
  }, 180_000);
});

describe("one refundable amount", () => {
  it("an open dispute refuses refunds (409 order_disputed, the page says why); a won dispute opens them again", async () => {
    const o = await paidOrder(students[3], COURSES[0]);
    await deliver(app.url, paymentEvent(o.orderId, o.amount, { eventType: "payment.disputed" }));
    expect((await orderRow(o.orderId)).state).toBe("disputed");
    const d = await detail(o.orderId);
    expect(d).toMatchObject({ disputeOpen: true, refundableCents: 0, chargedBackCents: 0 });
    const refused = await refund(o.orderId, { amount: 100 });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "order_disputed", message: expect.any(String), details: { state: "disputed" } });
    expect(await refundsOf(o.orderId)).toEqual([]);
    const page = await (await admin.get(`/admin/objednavky/${o.orderId}`)).text();
    expect(page).toContain("Platba je reklamovaná v banke (chargeback)");
    expect(page).not.toContain("Vrátiť peniaze (najviac");

    const won = await admin.post(`/api/admin/orders/${o.orderId}/dispute/resolve`, { outcome: "restore", reason: "Banka rozhodla v náš prospech" });
    expect(won.status).toBe(200);
    expect(await detail(o.orderId)).toMatchObject({ state: "paid", disputeOpen: false, refundableCents: o.amount });
    const accepted = await refund(o.orderId, { amount: 100 });
    expect(accepted.status).toBe(202);
  }, 60_000);

  it("a refund under way when a dispute opens alerts the admins; the dispute lost leaves nothing refundable and never a second return", async () => {
    const o = await paidOrder(students[3], COURSES[1]);
    // the refund is asked for; its settlement is delivered by hand below (the sandbox's own
    // event of this refund is told again: the receiver answers it was settled once)
    const asked = await refund(o.orderId, { amount: 500 });
    expect(asked.status).toBe(202);
    const { refundId } = (await asked.json()) as { refundId: string };
    const disputed = paymentEvent(o.orderId, o.amount, { eventType: "payment.disputed" });
    expect(await (await deliver(app.url, disputed)).json()).toMatchObject({ result: "disputed" });
    await until(
      "the alert of a dispute with a refund",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `admin_order_alert:dispute_with_refund:dispute:${disputed.eventId}`)),
      (r) => r.length === 1 && r[0].state === "sent",
    );

    const lost = await admin.post(`/api/admin/orders/${o.orderId}/dispute/resolve`, { outcome: "cancel", reason: "Banka vrátila peniaze" });
    expect(lost.status).toBe(200);
    await until(
      "the refund to settle",
      () => refundsOf(o.orderId),
      (r) => r.length === 1 && r[0].state === "completed",
    );
    expect((await refundsOf(o.orderId))[0].id).toBe(refundId);
    const d = await detail(o.orderId);
    expect(d).toMatchObject({ state: "disputed", disputeOpen: false, refundedCents: 500, refundableCents: 0, chargedBackCents: o.amount - 500 });
    expect(d.disputeLostAt).not.toBeNull();
    const again = await refund(o.orderId, { amount: 1 });
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ error: "refund_exceeds_remaining", details: { remainingCents: 0 } });
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    await until(
      "the alert of the lost dispute",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `admin_order_alert:dispute_with_refund:lost:${o.orderId}`)),
      (r) => r.length === 1,
    );
    // a lost dispute is decided: neither outcome applies again
    const second = await admin.post(`/api/admin/orders/${o.orderId}/dispute/resolve`, { outcome: "restore", reason: "Znova" });
    expect(second.status).toBe(409);
  }, 60_000);
});

describe("money back ends what it paid for", () => {
  async function graduate(student: Student, slug: string) {
    const o = await paidOrder(student, slug);
    const [enrollment] = await enrollmentsOf(o.orderId);
    await app.db.update(schema.enrollments).set({ state: "completed", completedAt: new Date() }).where(eq(schema.enrollments.id, enrollment.id));
    const issued = await issueCertificate(
      { db: app.db, log: createLogger("silent"), queue: app.queue, partner: "sandbox", birthDate: false },
      { enrollmentId: enrollment.id, type: "final", levelId: null },
    );
    expect(issued.status).toBe("issued");
    const [certificate] = await app.db.select().from(schema.certificates).where(eq(schema.certificates.enrollmentId, enrollment.id));
    return { ...o, enrollmentId: enrollment.id, certificate };
  }

  it("a full refund with also-cancel ends a completed enrollment and revokes its certificate (audit, e-mail, verification, status list)", async () => {
    const g = await graduate(students[3], COURSES[2]);
    const verify = () => fetch(`${app.url}/api/verify/${encodeURIComponent(g.certificate.registrationNumber)}?h=${g.certificate.verificationHash}`);
    expect(((await (await verify()).json()) as { valid: boolean }).valid).toBe(true);

    const form = await (await admin.get(`/admin/objednavky/${g.orderId}/refundacia`)).text();
    expect(form).toContain("jeho certifikát sa odvolá");
    expect((await refund(g.orderId, { amount: g.amount, alsoCancelEnrollment: true })).status).toBe(202);
    await until(
      "the refund to settle",
      () => refundsOf(g.orderId),
      (r) => r.length === 1 && r[0].state === "completed",
    );

    expect(await orderRow(g.orderId)).toMatchObject({ state: "refunded" });
    expect((await enrollmentsOf(g.orderId))[0]).toMatchObject({ state: "cancelled", cancelReason: "refund" });
    const [certificate] = await app.db.select().from(schema.certificates).where(eq(schema.certificates.id, g.certificate.id));
    expect(certificate.revokedAt).toBeInstanceOf(Date);
    expect(certificate.revokedReason).toMatch(/vrátená/);
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, g.certificate.id), eq(schema.auditLog.action, "certificate.revoke")));
    expect(audit).toHaveLength(1);
    expect(((await (await verify()).json()) as { valid: boolean }).valid).toBe(false);
    const page = await (await fetch(`${app.url}/verify/${encodeURIComponent(g.certificate.registrationNumber)}?h=${g.certificate.verificationHash}`)).text();
    expect(page).toContain("odvolaný");
    if (certificate.statusListIndex !== null) {
      const list = Math.floor(certificate.statusListIndex / 131_072);
      // the status list credential is a JWT: its payload carries the list
      const jwt = await (await fetch(`${app.url}/api/openbadges/status/${list}`)).text();
      const payload = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8")) as {
        credentialSubject?: { encodedList: string };
        vc?: { credentialSubject: { encodedList: string } };
      };
      const subject = payload.credentialSubject ?? payload.vc!.credentialSubject;
      expect(statusBit(subject.encodedList, certificate.statusListIndex % 131_072)).toBe(true);
    }
    await until(
      "the student's revocation e-mail",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `certificate_revoked:${g.certificate.id}`)),
      (r) => r.length === 1 && r[0].state === "sent",
    );
  }, 90_000);

  it("a lost dispute ends a completed enrollment and revokes its certificate; a partial refund without also-cancel touches nothing else", async () => {
    const g = await graduate(students[4], COURSES[0]);
    await deliver(app.url, paymentEvent(g.orderId, g.amount, { eventType: "payment.disputed" }));
    expect((await enrollmentsOf(g.orderId))[0].suspendedAt).toBeInstanceOf(Date);
    const lost = await admin.post(`/api/admin/orders/${g.orderId}/dispute/resolve`, { outcome: "cancel", reason: "Prehratá reklamácia" });
    expect(lost.status).toBe(200);
    expect((await enrollmentsOf(g.orderId))[0]).toMatchObject({ state: "cancelled", cancelReason: "dispute" });
    expect((await app.db.select().from(schema.certificates).where(eq(schema.certificates.id, g.certificate.id)))[0].revokedAt).toBeInstanceOf(Date);

    const p = await graduate(students[4], COURSES[1]);
    expect((await refund(p.orderId, { amount: 100 })).status).toBe(202);
    await until(
      "the partial refund to settle",
      () => refundsOf(p.orderId),
      (r) => r.length === 1 && r[0].state === "completed",
    );
    expect(await orderRow(p.orderId)).toMatchObject({ state: "paid" });
    expect((await enrollmentsOf(p.orderId))[0].state).toBe("completed");
    expect((await app.db.select().from(schema.certificates).where(eq(schema.certificates.id, p.certificate.id)))[0].revokedAt).toBeNull();
  }, 90_000);
});

describe("a wrong amount is returned", () => {
  it("enrolls nobody, records the payment, refunds it whole through the sandbox, alerts the admins and tells the buyer", async () => {
    const o = await order(students[4], COURSES[2]);
    const event = paymentEvent(o.orderId, o.amount - 1);
    expect(await (await deliver(app.url, event)).json()).toMatchObject({ result: "amount_mismatch_refunded" });
    expect(await orderRow(o.orderId)).toMatchObject({ state: "pending", payingPaymentId: null });
    expect(await enrollmentsOf(o.orderId)).toEqual([]);
    const [payment] = await app.db.select().from(schema.payments).where(eq(schema.payments.orderId, o.orderId));
    expect(payment.amountCents).toBe(o.amount - 1);
    const [settled] = await until(
      "the refund to settle",
      () => refundsOf(o.orderId),
      (r) => r.length === 1 && r[0].state === "completed",
    );
    expect(settled).toMatchObject({ paymentId: payment.id, amountCents: o.amount - 1, requestedBy: "system:payment-amount-mismatch" });
    // the order is still unpaid (no invoice, no credit note) and may be paid right
    expect(await orderRow(o.orderId)).toMatchObject({ state: "pending" });
    expect(await app.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, o.orderId))).toEqual([]);
    await until(
      "the admins' alert",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `admin_order_alert:amount_mismatch:${payment.id}`)),
      (r) => r.length === 1 && r[0].state === "sent",
    );
    await until(
      "the buyer's e-mail",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `payment_amount_mismatch:${settled.id}`)),
      (r) => r.length === 1 && r[0].state === "sent",
    );
    const page = await (await admin.get(`/admin/objednavky/${o.orderId}`)).text();
    expect(page).toContain("nezodpovedá sume objednávky");

    // paid right afterwards: paid by that payment, enrolled, the wrong one stays refunded
    expect(await (await deliver(app.url, paymentEvent(o.orderId, o.amount))).json()).toMatchObject({ result: "paid" });
    const row = await orderRow(o.orderId);
    expect(row.state).toBe("paid");
    expect(row.payingPaymentId).not.toBe(payment.id);
    expect(await detail(o.orderId)).toMatchObject({ refundedCents: 0, refundableCents: o.amount });
  }, 90_000);
});

describe("supply date from the payment", () => {
  it("a payment at 23:59 on 31 December delivered after midnight is supplied that day, in that year's series", async () => {
    const o = await order(admin, COURSES[0]);
    // the order was created before the payment (paymentTimeOf never dates a payment before its order)
    await app.db
      .update(schema.orders)
      .set({ createdAt: new Date("2025-12-30T10:00:00Z") })
      .where(eq(schema.orders.id, o.orderId));
    const event = paymentEvent(o.orderId, o.amount);
    const paidAt = "2025-12-31T22:59:30Z"; // 23:59:30 in Bratislava
    const body = { ...event, occurredAt: paidAt, payment: { ...event.payment, settledAt: paidAt } };
    expect(await (await deliver(app.url, body)).json()).toMatchObject({ result: "paid" });
    const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, o.orderId));
    expect(invoice).toMatchObject({ supplyDate: "2025-12-31", year: 2025 });
    expect(invoice.number).toMatch(/^INV-2025-/);
    expect((await orderRow(o.orderId)).paidAt?.toISOString()).toBe("2025-12-31T22:59:30.000Z");
  }, 60_000);
});
