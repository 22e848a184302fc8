// One paid order per course and student (docs/decisions/payments/one-order-per-course.md > One order per course), end
// to end through the sandbox gateway, on PostgreSQL and on embedded PGlite:
// - a second order of a course with a pending order answers with that order (30 parallel
//   requests with 30 keys: one order);
// - retry-payment runs every check a new order runs;
// - an active or completed enrollment owns the course;
// - money that still arrives for a course the student holds (a late success of a failed
//   order, a second transaction for a paid order) enrolls nobody: the payment is recorded,
//   a full refund is requested from the gateway at once and settles, the audit log and the
//   return page say so, the student gets an e-mail, and invoicing follows the refund rules.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { serverUrl } from "../support/db";
import { until } from "../support/wait";
import { deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

const kinds = [...(serverUrl() ? (["postgres"] as const) : []), "pglite" as const];

describe.each(kinds)("duplicate payments on %s", (kind) => {
  let app: CommerceApp;
  const ids: Record<string, string> = {};
  const RIADENIE = "riadenie-sportoveho-klubu";
  const FINANCIE = "financie-a-granty-v-sporte";
  const SEKRETAR = "sekretar-klubu-v-praxi";

  beforeAll(async () => {
    app = await startCommerceApp({ SANDBOX_REFUND_DELAY_MS: "100" }, { embedded: kind === "pglite" });
    const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
    for (const c of list.data) ids[c.slug] = c._id;
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  async function order(student: Student, slug: string) {
    const res = await student.post("/api/orders", orderBody(ids[slug]), { "Idempotency-Key": randomUUID() });
    expect(res.status).toBe(201);
    return (await res.json()) as { orderId: string; amount: number; redirectUrl: string };
  }

  /** Chooses an outcome on the sandbox's payment page (its signed webhook is delivered before the redirect). */
  async function pay(redirectUrl: string, outcome: "success" | "failure") {
    const html = await (await fetch(redirectUrl)).text();
    const action = new URL(/action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, "&"), app.url).href;
    const res = await fetch(action, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
    expect(res.status).toBe(303);
  }

  const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
  const refundsOf = (id: string) => app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, id));

  it("30 parallel orders of one course with 30 keys make one pending order, answered to each", async () => {
    const student = await signInStudent(app.url, "peter.horvath@demo.sk");
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => student.post("/api/orders", orderBody(ids[FINANCIE]), { "Idempotency-Key": randomUUID() })),
    );
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(bodies.map((b) => b.status)).toEqual(Array(30).fill(201));
    const orderIds = new Set(bodies.map((b) => b.body.orderId));
    expect(orderIds.size).toBe(1);
    // every answer sends the buyer to the same gateway session: one order, one way to pay it
    expect(new Set(bodies.map((b) => b.body.redirectUrl)).size).toBe(1);
    const rows = await app.db
      .select()
      .from(schema.orders)
      .where(and(eq(schema.orders.studentId, "p-1002"), eq(schema.orders.courseId, ids[FINANCIE])));
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe("pending");
  }, 60_000);

  it("a failed order's late success after the course was bought again: recorded, refunded in full, nobody enrolled twice", async () => {
    const jana = await signInStudent(app.url);
    const a = await order(jana, RIADENIE);
    await pay(a.redirectUrl, "failure");
    expect((await orderRow(a.orderId)).state).toBe("failed");

    // the student buys again: a new order (A is no longer pending), paid
    const b = await order(jana, RIADENIE);
    expect(b.orderId).not.toBe(a.orderId);
    await pay(b.redirectUrl, "success");
    expect((await orderRow(b.orderId)).state).toBe("paid");

    // retry-payment of A is refused like a new order would be
    const retry = await jana.post(`/api/orders/${a.orderId}/retry-payment`, {});
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ error: "already_enrolled", message: expect.any(String), details: expect.any(Object) });

    // the gateway still reports A's success (the old session, paid in another tab)
    await pay(a.redirectUrl, "success");
    const paidA = await orderRow(a.orderId);
    expect(paidA.state).toBe("paid");
    const enrollments = await app.db
      .select()
      .from(schema.enrollments)
      .where(and(eq(schema.enrollments.studentId, "p-1001"), eq(schema.enrollments.courseId, paidA.courseId)));
    expect(enrollments).toHaveLength(1);
    expect(enrollments[0].orderId).toBe(b.orderId);
    const payments = await app.db.select().from(schema.payments).where(eq(schema.payments.orderId, a.orderId));
    expect(payments).toHaveLength(1);

    // the refund was asked of the gateway (a job) and settles: order refunded, credit note
    const [refund] = await until(
      "the refund to settle",
      () => refundsOf(a.orderId),
      (r) => r.length === 1 && r[0].state === "completed",
    );
    expect(refund).toMatchObject({ amountCents: a.amount, requestedBy: "system:duplicate-payment", paymentId: payments[0].id });
    expect(refund.gatewayRefundId).toBeTruthy();
    expect((await orderRow(a.orderId)).state).toBe("refunded");
    const invoices = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, a.orderId));
    expect(invoices).toHaveLength(1);
    const notes = await app.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.refundId, refund.id));
    expect(notes).toHaveLength(1);
    expect(notes[0].amountCents).toBe(a.amount);
    // B is untouched
    expect((await orderRow(b.orderId)).state).toBe("paid");
    expect(await refundsOf(b.orderId)).toEqual([]);

    // the webhook's result, the audit log and the order's admin timeline say it
    const [event] = await app.db
      .select()
      .from(schema.webhookEvents)
      .where(and(eq(schema.webhookEvents.relatedOrderId, a.orderId), eq(schema.webhookEvents.eventType, "payment.completed")));
    expect(event.outcome).toBe("duplicate_payment_refunded");
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, a.orderId), eq(schema.auditLog.action, "order.refund.duplicate_payment")));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe("system:duplicate-payment");

    // the e-mail went out once (the outbox of the embedded default)
    const mails = await until(
      "the duplicate-payment e-mail",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `duplicate_payment:${refund.id}`)),
      (rows) => rows.length === 1 && rows[0].state === "sent",
    );
    expect(mails[0].recipient).toContain("jana.novakova@demo.sk");

    // the return page says what happened
    const page = await jana.get(`/objednavky/${a.orderId}/return`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("tento kurz už máte");
    expect(html).toContain("vám vraciame");
  }, 90_000);

  it("a second transaction paying an order already paid is recorded and refunded; the order and its invoice stay", async () => {
    const jana = await signInStudent(app.url, "eva.kovacova@demo.sk");
    const o = await order(jana, SEKRETAR);
    await pay(o.redirectUrl, "success");
    expect((await orderRow(o.orderId)).state).toBe("paid");
    const second = paymentEvent(o.orderId, o.amount);
    const res = await deliver(app.url, second);
    expect(await res.json()).toMatchObject({ duplicate: false, result: "duplicate_payment_refunded" });
    const payments = await app.db.select().from(schema.payments).where(eq(schema.payments.orderId, o.orderId));
    expect(payments).toHaveLength(2);
    const [refund] = await until(
      "the refund to settle",
      () => refundsOf(o.orderId),
      (r) => r.length === 1 && r[0].state === "completed",
    );
    expect(refund.paymentId).not.toBe(payments.find((p) => p.transactionId.startsWith("sbx_"))!.id);
    // the invoiced payment is not what went back: the order stays paid, no credit note
    expect((await orderRow(o.orderId)).state).toBe("paid");
    expect(await app.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.refundId, refund.id))).toEqual([]);
    const enrollment = await app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, o.orderId));
    expect(enrollment).toHaveLength(1);
    expect(enrollment[0].state).toBe("active");
    // a repeat of that delivery is acknowledged with the same outcome, and nothing is redone
    const repeat = await deliver(app.url, second);
    expect(await repeat.json()).toMatchObject({ duplicate: true, result: "duplicate_payment_refunded" });
    expect(await refundsOf(o.orderId)).toHaveLength(1);
  }, 90_000);

  it("two orders of one course paid at the same moment: one enrolls, the other is refunded", async () => {
    const student = await signInStudent(app.url, "martin.simko@demo.sk");
    const a = await order(student, FINANCIE);
    await pay(a.redirectUrl, "failure");
    const b = await order(student, FINANCIE);
    expect(b.orderId).not.toBe(a.orderId);
    const answers = await Promise.all([
      deliver(app.url, paymentEvent(a.orderId, a.amount)).then((r) => r.json()),
      deliver(app.url, paymentEvent(b.orderId, b.amount)).then((r) => r.json()),
    ]);
    expect(answers.map((x) => x.result).sort()).toEqual(["duplicate_payment_refunded", "paid"]);
    const enrollments = await app.db
      .select()
      .from(schema.enrollments)
      .where(and(eq(schema.enrollments.studentId, "p-3001"), eq(schema.enrollments.courseId, (await orderRow(a.orderId)).courseId)));
    expect(enrollments).toHaveLength(1);
    const refunded = answers[0].result === "paid" ? b.orderId : a.orderId;
    expect(enrollments[0].orderId).not.toBe(refunded);
    const refunds = await refundsOf(refunded);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].requestedBy).toBe("system:duplicate-payment");
  }, 60_000);

  it("retry-payment runs the new order's checks: a passed deadline, and another order waiting for payment", async () => {
    const student = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
    const a = await order(student, RIADENIE);
    await pay(a.redirectUrl, "failure");
    // another order of the course waits for payment: 409 order_pending naming it
    const b = await order(student, RIADENIE);
    let res = await student.post(`/api/orders/${a.orderId}/retry-payment`, {});
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "order_pending", details: { orderId: b.orderId } });
    // B fails too; the deadline passes: the retry is refused like a new order
    await pay(b.redirectUrl, "failure");
    const version = (await orderRow(a.orderId)).courseVersionId;
    await app.db
      .update(schema.courses)
      .set({ enrollmentDeadline: new Date(Date.now() - 60_000) })
      .where(eq(schema.courses.id, version));
    try {
      res = await student.post(`/api/orders/${a.orderId}/retry-payment`, {});
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe("enrollment_deadline_passed");
    } finally {
      await app.db.update(schema.courses).set({ enrollmentDeadline: null }).where(eq(schema.courses.id, version));
    }
    res = await student.post(`/api/orders/${a.orderId}/retry-payment`, {});
    expect(res.status).toBe(200);
  }, 60_000);

  it("a completed enrollment owns the course: no new order, no retry", async () => {
    const student = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const o = await order(student, SEKRETAR);
    await pay(o.redirectUrl, "success");
    await app.db.update(schema.enrollments).set({ state: "completed", completedAt: new Date() }).where(eq(schema.enrollments.orderId, o.orderId));
    const res = await student.post("/api/orders", orderBody(ids[SEKRETAR]), { "Idempotency-Key": randomUUID() });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "already_enrolled", details: { state: "completed" } });
  }, 60_000);
});
