// Orders and payment webhooks over HTTP against the built app and its sandbox gateway.
// spec: Order and Payment; Endpoints > Orders (student); Webhook receivers; Events >
// General receiver rules, Payment events; Errors; Limits. docs/decisions/payments/orders-and-payments.md > Orders and payments.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { CreateOrderResponse, OrderDetail, OrderListResponse } from "#server/orders";
import { expectMatchesContract } from "../support/contract";
import {
  companyAddress,
  deliver,
  idempotencyKey,
  orderBody,
  paymentEvent,
  sign,
  signInStudent,
  startCommerceApp,
  type CommerceApp,
  type Student,
} from "../support/commerce";

let app: CommerceApp;
let jana: Student;
let peter: Student;
/** slug → the catalog's _id */
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startCommerceApp();
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  [jana, peter] = await Promise.all([signInStudent(app.url), signInStudent(app.url, "peter.horvath@demo.sk")]);
});
afterAll(async () => {
  if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output());
  await app?.stop();
});

const RIADENIE = "riadenie-sportoveho-klubu";
const FINANCIE = "financie-a-granty-v-sporte";
const SEKRETAR = "sekretar-klubu-v-praxi";

async function createOrder(student: Student, slug: string, extra: Record<string, unknown> = {}) {
  const res = await student.post("/api/orders", orderBody(ids[slug], extra));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return CreateOrderResponse.parse(body);
}

const ordersRows = (orderId: string) => app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
const enrollmentsOf = (orderId: string) => app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, orderId));
const paymentsOf = (orderId: string) => app.db.select().from(schema.payments).where(eq(schema.payments.orderId, orderId));
const eventRow = (eventId: string) =>
  app.db
    .select()
    .from(schema.webhookEvents)
    .where(and(eq(schema.webhookEvents.provider, "payment"), eq(schema.webhookEvents.eventId, eventId)));

describe("POST /api/orders", () => {
  it("creates a pending order with the newest published version's price and a sandbox payment session", async () => {
    const res = await jana.post("/api/orders", orderBody(ids[RIADENIE]), { "Idempotency-Key": idempotencyKey() });
    const body = await res.json();
    expect(res.status).toBe(201);
    await expectMatchesContract("POST", "/api/orders", res, body);
    const created = CreateOrderResponse.parse(body);
    expect(created).toMatchObject({ amount: 14_900, currency: "EUR" });
    expect(created.redirectUrl.startsWith(`${app.url}/sandbox-gateway/pay/`)).toBe(true);

    const [order] = await ordersRows(created.orderId);
    const versions = await app.db.select().from(schema.courses).where(eq(schema.courses.slug, RIADENIE));
    const v1 = versions.find((v) => v.version === 1)!;
    const published = versions.find((v) => v.state === "published")!;
    expect(order).toMatchObject({
      state: "pending",
      courseId: v1.id, // the chain's first version (docs/decisions/README.md)
      courseVersionId: published.id,
      courseTitle: published.title,
      studentId: "p-1001",
      studentDisplayName: "Jana Nováková",
      studentEmail: "jana.novakova@demo.sk",
      billingType: "personal",
      amountCents: 14_900,
      vatRateBp: published.vatRateBp,
    });
    expect(order.billingDetails).toMatchObject({ type: "personal", firstName: "Jana", city: "Bratislava" });
    expect(order.paymentSessionId).toBeTruthy();
    expect(order.expiresAt!.getTime() - order.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000);
  });

  it("answers a double click with the first response (same key, same body) and 422 for another body", async () => {
    const key = idempotencyKey();
    const first = await jana.post("/api/orders", orderBody(ids[FINANCIE]), { "Idempotency-Key": key });
    const second = await jana.post("/api/orders", orderBody(ids[FINANCIE]), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const a = (await first.json()) as { orderId: string };
    expect(await second.json()).toEqual(a);
    const rows = await app.db.select().from(schema.orders).where(eq(schema.orders.studentId, "p-1001"));
    expect(rows.filter((r) => r.id === a.orderId)).toHaveLength(1);

    const other = await jana.post("/api/orders", orderBody(ids[SEKRETAR]), { "Idempotency-Key": key });
    expect(other.status).toBe(422);
    expect((await other.json()).error).toBe("idempotency_key_reused");
  });

  it("422 validation with per-field details for each invalid body", async () => {
    const cases: [unknown, string][] = [
      [{ ...orderBody(ids[FINANCIE]), agreedTos: false }, "agreedTos"],
      [{ ...orderBody(ids[FINANCIE]), agreedRefundPolicy: "yes" }, "agreedRefundPolicy"],
      [orderBody("abc"), "courseId"],
      [orderBody(ids[FINANCIE], { billingType: "club" }), "billingType"],
      [orderBody(ids[FINANCIE], { billingAddress: { ...orderBody("").billingAddress, firstName: undefined } }), "billingAddress.firstName"],
      [orderBody(ids[FINANCIE], { billingType: "company" }), "billingAddress.companyName"],
      [orderBody(ids[FINANCIE], { billingType: "company", billingAddress: { ...companyAddress, ico: "" } }), "billingAddress.ico"],
      [{ ...orderBody(ids[FINANCIE]), billingAddress: undefined }, "billingAddress"],
    ];
    for (const [body, path] of cases) {
      const res = await jana.post("/api/orders", body);
      const answer = (await res.json()) as { error: string; details: { path: string }[] };
      expect(res.status, path).toBe(422);
      expect(answer.error).toBe("validation");
      expect(
        answer.details.map((d) => d.path),
        path,
      ).toContain(path);
      await expectMatchesContract("POST", "/api/orders", res, answer);
    }
  });

  it("401 without a session", async () => {
    const res = await fetch(`${app.url}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(orderBody(ids[FINANCIE])),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("unauthorized");
  });

  it("403 forbidden for a sponsorOrgId the buyer does not administer; a club admin may use it", async () => {
    const res = await jana.post("/api/orders", orderBody(ids[FINANCIE], { billingType: "company", billingAddress: companyAddress, sponsorOrgId: "o-5001" }));
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("forbidden");

    const tomas = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const created = await createOrder(tomas, FINANCIE, { billingType: "company", billingAddress: companyAddress, sponsorOrgId: "o-5001" });
    const [order] = await ordersRows(created.orderId);
    expect(order.sponsorOrgId).toBe("o-5001");
    // the billing form as the club admin edited it (prefilled from the provider; docs/decisions/clubs/club-seats.md >
    // Club seats); the IČO the provider knows names the organization
    expect(order.billingDetails).toMatchObject({
      type: "organization",
      orgId: "o-5001",
      orgName: "ŠK Tatran Demo",
      ico: "12345678",
      dic: "2020123456",
      address: { street: "Športová 5", city: "Prešov", postalCode: "080 01", country: "SK" },
    });
  });

  it("409 for an archived course, a passed deadline, a full course and an active enrollment", async () => {
    const versions = await app.db.select().from(schema.courses).where(eq(schema.courses.slug, RIADENIE));
    const archived = versions.find((v) => v.state === "archived")!;
    // the archived version's id still buys the newest published version of its course
    const viaOld = await peter.post("/api/orders", orderBody(archived.id));
    expect(viaOld.status).toBe(201);

    const unknown = await peter.post("/api/orders", orderBody("0123456789abcdef01234567"));
    expect(unknown.status).toBe(404);

    // a course whose only versions are archived
    const [sekretar] = await app.db.select().from(schema.courses).where(eq(schema.courses.id, ids[SEKRETAR]));
    await app.db.update(schema.courses).set({ state: "archived" }).where(eq(schema.courses.id, sekretar.id));
    let res = await peter.post("/api/orders", orderBody(sekretar.id));
    expect([res.status, (await res.json()).error]).toEqual([409, "course_not_available"]);

    await app.db
      .update(schema.courses)
      .set({ state: "published", enrollmentDeadline: new Date(Date.now() - 60_000) })
      .where(eq(schema.courses.id, sekretar.id));
    res = await peter.post("/api/orders", orderBody(sekretar.id));
    expect([res.status, (await res.json()).error]).toEqual([409, "enrollment_deadline_passed"]);

    await app.db.update(schema.courses).set({ enrollmentDeadline: null, enrollmentLimit: 0 }).where(eq(schema.courses.id, sekretar.id));
    res = await peter.post("/api/orders", orderBody(sekretar.id));
    expect([res.status, (await res.json()).error]).toEqual([409, "enrollment_limit_reached"]);
    await app.db.update(schema.courses).set({ enrollmentLimit: null }).where(eq(schema.courses.id, sekretar.id));

    // pay one order of Peter's, then a second order of the same course is refused
    const order = await createOrder(peter, SEKRETAR);
    expect((await deliver(app.url, paymentEvent(order.orderId, order.amount))).status).toBe(200);
    res = await peter.post("/api/orders", orderBody(sekretar.id));
    const body = await res.json();
    expect([res.status, body.error]).toEqual([409, "already_enrolled"]);
    await expectMatchesContract("POST", "/api/orders", res, body);

    // the limit counts active enrollments only (spec: "maximum active enrollments"): one
    // seat, Peter's enrollment completed → another student may buy
    await app.db.update(schema.courses).set({ enrollmentLimit: 1 }).where(eq(schema.courses.id, sekretar.id));
    res = await jana.post("/api/orders", orderBody(sekretar.id));
    expect([res.status, (await res.json()).error]).toEqual([409, "enrollment_limit_reached"]);
    await app.db.update(schema.enrollments).set({ state: "completed", completedAt: new Date() }).where(eq(schema.enrollments.orderId, order.orderId));
    res = await jana.post("/api/orders", orderBody(sekretar.id));
    expect(res.status).toBe(201);
    await app.db.update(schema.courses).set({ enrollmentLimit: null }).where(eq(schema.courses.id, sekretar.id));
  });
});

describe("POST /api/webhooks/payment", () => {
  it("payment.completed pays the order, records the Payment, enrolls with progress preallocated and queues the jobs, in one go", async () => {
    const order = await createOrder(jana, FINANCIE);
    const event = paymentEvent(order.orderId, order.amount);
    const res = await deliver(app.url, event);
    const ack = await res.json();
    expect(res.status).toBe(200);
    expect(ack).toEqual({ received: true, duplicate: false, result: "paid" });
    await expectMatchesContract("POST", "/api/webhooks/payment", res, ack);

    const [paid] = await ordersRows(order.orderId);
    expect(paid.state).toBe("paid");
    expect(paid.paidAt).toBeInstanceOf(Date);
    const pays = await paymentsOf(order.orderId);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({
      gateway: "sandbox",
      transactionId: event.payment.transactionId,
      amountCents: order.amount,
      state: "completed",
      method: "card",
    });
    const [enrollment] = await enrollmentsOf(order.orderId);
    expect(enrollment).toMatchObject({ reason: "paid", state: "active", studentId: "p-1001", courseVersionId: paid.courseVersionId, courseId: paid.courseId });
    const progress = await app.db.select().from(schema.partProgress).where(eq(schema.partProgress.enrollmentId, enrollment.id));
    const partCount = (await app.db.select().from(schema.parts).where(eq(schema.parts.courseId, paid.courseVersionId))).length;
    expect(progress).toHaveLength(partCount);
    expect(progress.some((p) => p.state === "available")).toBe(true);
    const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.orderId));
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    const [recorded] = await eventRow(event.eventId);
    expect(recorded).toMatchObject({ eventType: "payment.completed", processingResult: "success", relatedOrderId: order.orderId });
    expect(recorded.processedAt).toBeInstanceOf(Date);
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "order"), eq(schema.auditLog.targetId, order.orderId)));
    expect(audit.map((a) => a.action)).toContain("webhook.payment.completed");

    // the student's views
    const detailRes = await jana.get(`/api/orders/${order.orderId}`);
    const detail = OrderDetail.parse(await detailRes.json());
    expect(detail).toMatchObject({
      state: "paid",
      payment: { transactionId: event.payment.transactionId, state: "completed" },
      invoiceUrl: `/api/orders/${order.orderId}/invoice`,
    });
    const mine = OrderListResponse.parse(await (await jana.get("/api/orders/me")).json());
    expect(mine.data.find((o) => o._id === order.orderId)).toMatchObject({ state: "paid", invoiceUrl: `/api/orders/${order.orderId}/invoice` });

    // replayed event: 200, nothing redone
    const again = await deliver(app.url, event);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
    expect(await enrollmentsOf(order.orderId)).toHaveLength(1);

    // another event of the same payment (a new event id, the same transaction): nothing redone
    // (a different transaction is a second payment, refunded: duplicate-payments.test.ts)
    const late = await deliver(app.url, paymentEvent(order.orderId, order.amount, { transactionId: event.payment.transactionId }));
    expect(await late.json()).toMatchObject({ duplicate: false, result: "ignored_already_paid" });
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
    expect(await enrollmentsOf(order.orderId)).toHaveLength(1);
  });

  it("401 and nothing stored: bad or missing signature, missing event id, stale or future timestamp", async () => {
    const order = await createOrder(jana, RIADENIE);
    const cases: [string, Parameters<typeof deliver>[2]][] = [
      ["wrong signature", { signature: sign("other body") }],
      ["malformed signature", { signature: "zz" }],
      ["missing signature", { signature: null }],
      ["missing event id", { eventIdHeader: null }],
      ["timestamp 330 s old", { timestamp: String(Math.floor(Date.now() / 1000) - 330) }], // the exact edge: signature.test.ts
      ["timestamp 330 s ahead", { timestamp: String(Math.floor(Date.now() / 1000) + 330) }],
      ["missing timestamp", { timestamp: null }],
    ];
    for (const [name, options] of cases) {
      const event = paymentEvent(order.orderId, order.amount);
      const res = await deliver(app.url, event, options);
      const body = await res.json();
      expect(res.status, name).toBe(401);
      expect(body.error, name).toBe("invalid_signature");
      expect(await eventRow(event.eventId), name).toHaveLength(0);
    }
    const [still] = await ordersRows(order.orderId);
    expect(still.state).toBe("pending");
    expect(await paymentsOf(order.orderId)).toHaveLength(0);
  });

  it("an unknown order is recorded as order_not_found and acknowledged", async () => {
    const event = paymentEvent("0123456789abcdef01234567", 100);
    const res = await deliver(app.url, event);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, result: "order_not_found" });
    const [recorded] = await eventRow(event.eventId);
    expect(recorded).toMatchObject({ processingResult: "error", errorMessage: "order_not_found" });
  });

  it("another amount or currency is recorded, never pays the order, and goes back whole (docs/decisions/payments/a-wrong-amount-is-returned.md > A wrong amount is returned)", async () => {
    const order = await createOrder(peter, FINANCIE);
    const events = [paymentEvent(order.orderId, order.amount - 1), paymentEvent(order.orderId, order.amount, { currency: "CZK" })];
    for (const event of events) {
      const res = await deliver(app.url, event);
      expect(await res.json()).toMatchObject({ result: "amount_mismatch_refunded" });
      const [recorded] = await eventRow(event.eventId);
      expect(recorded).toMatchObject({ processingResult: "success" });
    }
    const [still] = await ordersRows(order.orderId);
    expect(still.state).toBe("pending");
    expect(still.payingPaymentId).toBeNull();
    const payments = await paymentsOf(order.orderId);
    expect(payments.map((p) => [p.amountCents, p.currency]).sort()).toEqual(
      [
        [order.amount - 1, "EUR"],
        [order.amount, "CZK"],
      ].sort(),
    );
    expect(await enrollmentsOf(order.orderId)).toHaveLength(0);
    const refunds = await app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, order.orderId));
    expect(refunds.map((r) => r.paymentId).sort()).toEqual(payments.map((p) => p.id).sort());
    expect(refunds.every((r) => r.requestedBy === "system:payment-amount-mismatch")).toBe(true);
    const audit = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, order.orderId));
    expect(audit.filter((a) => (a.details as { result?: string })?.result === "amount_mismatch_refunded")).toHaveLength(2);
    // the same transaction told again is not recorded twice
    const again = paymentEvent(order.orderId, order.amount - 1, { transactionId: events[0].payment.transactionId });
    expect(await (await deliver(app.url, again)).json()).toMatchObject({ result: "ignored_payment_recorded" });
    expect(await paymentsOf(order.orderId)).toHaveLength(2);
  });

  it("accepts the form-encoded variant", async () => {
    const order = await createOrder(peter, RIADENIE);
    const event = paymentEvent(order.orderId, order.amount, { eventType: "payment.failed" });
    const form = new URLSearchParams({ eventId: event.eventId, eventType: event.eventType, occurredAt: event.occurredAt });
    for (const [k, v] of Object.entries(event.payment)) form.set(`payment[${k}]`, String(v));
    const res = await deliver(app.url, event, { raw: form.toString(), contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: "failed" });
    expect((await ordersRows(order.orderId))[0].state).toBe("failed");
  });

  it("20 concurrent deliveries of one event make exactly one enrollment, payment and invoice", async () => {
    const order = await createOrder(jana, SEKRETAR);
    const event = paymentEvent(order.orderId, order.amount);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(app.url, event)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await enrollmentsOf(order.orderId)).toHaveLength(1);
    expect(await paymentsOf(order.orderId)).toHaveLength(1);
    expect(await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.orderId))).toHaveLength(1);
    expect(await eventRow(event.eventId)).toHaveLength(1);
  });
});

describe("refunds and disputes (docs/decisions/payments/orders-and-payments.md > Orders and payments: states refunded and disputed)", () => {
  it("payment.disputed suspends the enrollment; payment.refunded of the full amount makes the order refunded", async () => {
    const tomas = await signInStudent(app.url, "tomas.balaz@demo.sk");
    const order = await createOrder(tomas, RIADENIE);
    // a refund event before payment changes nothing
    let res = await deliver(app.url, paymentEvent(order.orderId, order.amount, { eventType: "payment.refunded" }));
    expect(await res.json()).toMatchObject({ result: "ignored_not_paid" });
    await deliver(app.url, paymentEvent(order.orderId, order.amount));
    res = await deliver(app.url, paymentEvent(order.orderId, order.amount, { eventType: "payment.disputed" }));
    expect(await res.json()).toMatchObject({ result: "disputed" });
    expect((await ordersRows(order.orderId))[0].state).toBe("disputed");
    const [suspended] = await enrollmentsOf(order.orderId);
    expect(suspended.suspendedAt).toBeInstanceOf(Date);
    expect(suspended.state).toBe("active");

    res = await deliver(app.url, paymentEvent(order.orderId, 100, { eventType: "payment.refunded" }));
    expect(await res.json()).toMatchObject({ result: "partially_refunded" });
    expect((await ordersRows(order.orderId))[0].state).toBe("disputed");
    res = await deliver(app.url, paymentEvent(order.orderId, order.amount - 100, { eventType: "payment.refunded" }));
    expect(await res.json()).toMatchObject({ result: "refunded" });
    expect((await ordersRows(order.orderId))[0].state).toBe("refunded");
    const refunds = await app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, order.orderId));
    expect(refunds.map((r) => r.state)).toEqual(["completed", "completed"]);
    // the order view shows the extra state, which the contract documents
    const detail = await tomas.get(`/api/orders/${order.orderId}`);
    const body = await detail.json();
    expect(body.state).toBe("refunded");
    await expectMatchesContract("GET", `/api/orders/${order.orderId}`, detail, body);
  });
});

describe("failure, retry-payment and the owner's views", () => {
  it("payment.failed → failed; retry-payment opens a new session; payment.completed then pays it", async () => {
    const order = await createOrder(peter, FINANCIE);
    // pending cannot be retried
    let res = await peter.post(`/api/orders/${order.orderId}/retry-payment`, {});
    expect([res.status, (await res.json()).error]).toEqual([409, "order_not_retryable"]);

    res = await deliver(app.url, paymentEvent(order.orderId, order.amount, { eventType: "payment.failed" }));
    expect(await res.json()).toMatchObject({ result: "failed" });
    expect((await ordersRows(order.orderId))[0].state).toBe("failed");

    // someone else's order: 404, like a missing one
    res = await jana.post(`/api/orders/${order.orderId}/retry-payment`, {});
    expect([res.status, (await res.json()).error]).toEqual([404, "not_found"]);
    expect((await jana.get(`/api/orders/${order.orderId}`)).status).toBe(404);
    expect((await jana.get(`/api/orders/${order.orderId}/invoice`)).status).toBe(404);

    const before = (await ordersRows(order.orderId))[0].paymentSessionId;
    res = await peter.post(`/api/orders/${order.orderId}/retry-payment`, {});
    const retry = await res.json();
    expect(res.status).toBe(200);
    await expectMatchesContract("POST", `/api/orders/${order.orderId}/retry-payment`, res, retry);
    expect(retry.redirectUrl.startsWith(`${app.url}/sandbox-gateway/pay/`)).toBe(true);
    const [after] = await ordersRows(order.orderId);
    expect(after.state).toBe("failed");
    expect(after.paymentSessionId).not.toBe(before);
    // no invoice before payment
    const noInvoice = await peter.get(`/api/orders/${order.orderId}/invoice`);
    expect([noInvoice.status, await noInvoice.json()]).toEqual([404, { error: "not_found", message: "Objednávka zatiaľ nemá faktúru.", details: {} }]);

    res = await deliver(app.url, paymentEvent(order.orderId, order.amount));
    expect(await res.json()).toMatchObject({ result: "paid" });
    expect((await ordersRows(order.orderId))[0].state).toBe("paid");
    res = await peter.post(`/api/orders/${order.orderId}/retry-payment`, {});
    expect([res.status, (await res.json()).error]).toEqual([409, "order_not_retryable"]);
  });

  it("the sandbox gateway's payment page: failure then success, with signed webhooks and the redirect back", async () => {
    const order = await createOrder(jana, RIADENIE);
    const page = await fetch(order.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("149,00");
    const action = new URL(/action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, "&"), app.url).href;
    const fail = await fetch(action, { method: "POST", body: new URLSearchParams({ outcome: "failure" }), redirect: "manual" });
    expect(fail.status).toBe(303);
    expect(fail.headers.get("location")).toBe(`${app.url}/objednavky/${order.orderId}/return`);
    expect((await ordersRows(order.orderId))[0].state).toBe("failed");
    const ok = await fetch(action, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
    expect(ok.status).toBe(303);
    expect((await ordersRows(order.orderId))[0].state).toBe("paid");
    expect(await enrollmentsOf(order.orderId)).toHaveLength(1);
  });

  it("GET /api/orders/me and /api/orders/<id> match the contract", async () => {
    const res = await jana.get("/api/orders/me");
    const body = await res.json();
    expect(res.status).toBe(200);
    await expectMatchesContract("GET", "/api/orders/me", res, body);
    const list = OrderListResponse.parse(body);
    expect(list.data.length).toBeGreaterThan(0);
    const one = await jana.get(`/api/orders/${list.data[0]._id}`);
    await expectMatchesContract("GET", `/api/orders/${list.data[0]._id}`, one);
    expect((await jana.get("/api/orders/zzz")).status).toBe(404);
  });
});
