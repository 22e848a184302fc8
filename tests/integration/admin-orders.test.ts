// Admin orders, refunds and credit notes over HTTP against the built app (
// spec: Endpoints > Admin: orders; States > Refund; Limits: refund settlement; docs/decisions/payments/orders-and-payments.md >
// Orders and payments; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes). The sandbox gateway
// runs with SANDBOX_REFUND_DELAY_MS=manual, so a refund stays pending until the test
// delivers the signed payment.refunded itself (the sandbox's own settlement is tested in
// server/stand-ins and by the browser test).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { AdminOrderDetail, AdminOrderListResponse, AuditListResponse, CreateOrderResponse, OrderDetail, RefundAcceptedResponse } from "#server/orders";
import { expectMatchesContract } from "../support/contract";
import { normalizeSpaces, pdfText } from "../support/pdf-text";
import { deliver, idempotencyKey, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

let app: CommerceApp;
let admin: Student;
let manager: Student;
let jana: Student;
let peter: Student;
let tomas: Student;
/** slug → the catalog's _id (the published version) */
const ids: Record<string, string> = {};

const RIADENIE = "riadenie-sportoveho-klubu";
const FINANCIE = "financie-a-granty-v-sporte";
const SEKRETAR = "sekretar-klubu-v-praxi";
const ADMIN_ID = "p-4001";

beforeAll(async () => {
  app = await startCommerceApp({ SANDBOX_REFUND_DELAY_MS: "manual" });
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  [admin, manager, jana, peter, tomas] = await Promise.all([
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
    signInStudent(app.url, "martin.simko@demo.sk"),
    signInStudent(app.url),
    signInStudent(app.url, "peter.horvath@demo.sk"),
    signInStudent(app.url, "tomas.balaz@demo.sk"),
  ]);
});
afterAll(async () => {
  if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output());
  await app?.stop();
});

async function order(student: Student, slug: string) {
  const res = await student.post("/api/orders", orderBody(ids[slug]));
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return CreateOrderResponse.parse(body);
}

async function paidOrder(student: Student, slug: string) {
  const created = await order(student, slug);
  const res = await deliver(app.url, paymentEvent(created.orderId, created.amount));
  expect(await res.json()).toMatchObject({ result: "paid" });
  return created;
}

function refund(orderId: string, body: unknown, key: string | null = idempotencyKey(), as: Student = admin) {
  return as.post(`/api/admin/orders/${orderId}/refund`, body, key === null ? {} : { "Idempotency-Key": key });
}

/** The gateway settles a refund: signed payment.refunded naming our refund id. */
function settle(orderId: string, refundId: string, amount: number) {
  const event = paymentEvent(orderId, amount, { eventType: "payment.refunded" });
  return deliver(app.url, { ...event, payment: { ...event.payment, merchantRefundId: refundId } });
}

async function getJson(as: Student, path: string) {
  const res = await as.get(path);
  const body = await res.json();
  return { res, body };
}

const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];
const refundsOf = (id: string) => app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, id));
const enrollmentsOf = (id: string) => app.db.select().from(schema.enrollments).where(eq(schema.enrollments.orderId, id));
const creditNotesOf = (id: string) => app.db.select().from(schema.creditNotes).where(eq(schema.creditNotes.orderId, id));

/** Polls a PDF download until the render job stored it. */
async function downloadPdf(as: Student, path: string): Promise<Uint8Array> {
  for (let i = 0; i < 60; i++) {
    const res = await as.get(path);
    if (res.status === 200) {
      expect(res.headers.get("content-type")).toBe("application/pdf");
      return new Uint8Array(await res.arrayBuffer());
    }
    expect(res.status).toBe(404);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${path} was never rendered`);
}

describe("GET /api/admin/orders: filters and pages", () => {
  let paidJana: CreateOrderResponse;
  let pendingTomas: CreateOrderResponse;
  let failedTomas: CreateOrderResponse;
  let peterRiadenie: CreateOrderResponse;

  beforeAll(async () => {
    paidJana = await paidOrder(jana, SEKRETAR);
    pendingTomas = await order(tomas, RIADENIE);
    failedTomas = await order(tomas, FINANCIE);
    await deliver(app.url, paymentEvent(failedTomas.orderId, failedTomas.amount, { eventType: "payment.failed" }));
    peterRiadenie = await order(peter, RIADENIE);
  });

  async function list(query: string) {
    const { res, body } = await getJson(admin, `/api/admin/orders${query}`);
    expect(res.status, JSON.stringify(body)).toBe(200);
    await expectMatchesContract("GET", "/api/admin/orders", res, body);
    return AdminOrderListResponse.parse(body);
  }

  it("lists every order newest first with {data, pagination} (default page size 20)", async () => {
    const all = await list("");
    const rows = await app.db.select().from(schema.orders);
    expect(all.pagination).toEqual({ page: 1, pageSize: 20, totalItems: rows.length, totalPages: Math.ceil(rows.length / 20) });
    const created = all.data.map((o) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const jana = all.data.find((o) => o._id === paidJana.orderId)!;
    expect(jana).toMatchObject({ state: "paid", studentId: "p-1001", studentDisplayName: "Jana Nováková", amountCents: paidJana.amount, refundedCents: 0 });
    expect(jana.invoiceNumber).toMatch(/^INV-\d{4}-\d{4}$/);
  });

  it("filters by state", async () => {
    for (const state of ["paid", "pending", "failed"] as const) {
      const page = await list(`?state=${state}`);
      const expected = await app.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.state, state));
      expect(page.data.map((o) => o._id).sort()).toEqual(expected.map((r) => r.id).sort());
      expect(page.data.every((o) => o.state === state)).toBe(true);
    }
    expect((await list("?state=pending")).data.map((o) => o._id)).toContain(pendingTomas.orderId);
    expect((await list("?state=failed")).data.map((o) => o._id)).toContain(failedTomas.orderId);
    expect((await list("?state=refunded")).data.every((o) => o.state === "refunded")).toBe(true);
  });

  it("filters by studentId", async () => {
    const page = await list("?studentId=p-5001");
    expect(page.data.map((o) => o._id).sort()).toEqual([pendingTomas.orderId, failedTomas.orderId].sort());
    expect((await list("?studentId=p-9999")).data).toEqual([]);
  });

  it("filters by courseId: the course's id (first version) or the version bought", async () => {
    const versions = await app.db.select().from(schema.courses).where(eq(schema.courses.slug, RIADENIE));
    const root = versions.find((v) => v.version === 1)!;
    const byPublished = await list(`?courseId=${ids[RIADENIE]}`);
    const byRoot = await list(`?courseId=${root.id}`);
    const expected = [pendingTomas.orderId, peterRiadenie.orderId].sort();
    expect(byPublished.data.map((o) => o._id).sort()).toEqual(expected);
    expect(byRoot.data.map((o) => o._id).sort()).toEqual(expected);
    expect(byRoot.data.every((o) => o.courseId === root.id)).toBe(true);
  });

  it("filters by createdAfter (inclusive) and createdBefore (exclusive), as dates or date-times", async () => {
    const all = await list("?pageSize=50");
    const pivot = all.data.find((o) => o._id === failedTomas.orderId)!.createdAt;
    const after = await list(`?pageSize=50&createdAfter=${encodeURIComponent(pivot)}`);
    const before = await list(`?pageSize=50&createdBefore=${encodeURIComponent(pivot)}`);
    expect(after.data.every((o) => o.createdAt >= pivot)).toBe(true);
    expect(after.data.map((o) => o._id)).toContain(failedTomas.orderId);
    expect(after.data.map((o) => o._id)).toContain(peterRiadenie.orderId);
    expect(after.data.map((o) => o._id)).not.toContain(paidJana.orderId);
    expect(before.data.every((o) => o.createdAt < pivot)).toBe(true);
    expect(before.data.map((o) => o._id)).toContain(paidJana.orderId);
    expect(before.data.map((o) => o._id)).not.toContain(failedTomas.orderId);
    expect(after.pagination.totalItems + before.pagination.totalItems).toBe(all.pagination.totalItems);

    // whole days in Bratislava
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    expect((await list(`?createdAfter=${tomorrow}`)).data).toEqual([]);
    expect((await list(`?pageSize=50&createdBefore=${tomorrow}`)).pagination.totalItems).toBe(all.pagination.totalItems);
    // filters combine
    const combined = await list(`?state=failed&studentId=p-5001&createdBefore=${tomorrow}`);
    expect(combined.data.map((o) => o._id)).toEqual([failedTomas.orderId]);
  });

  it("pages: pageSize and page", async () => {
    const all = await list("?pageSize=50");
    const first = await list("?pageSize=1");
    const second = await list("?pageSize=1&page=2");
    expect(first.pagination).toEqual({ page: 1, pageSize: 1, totalItems: all.pagination.totalItems, totalPages: all.pagination.totalItems });
    expect(first.data).toEqual([all.data[0]]);
    expect(second.data).toEqual([all.data[1]]);
    expect((await list(`?pageSize=1&page=${all.pagination.totalItems + 1}`)).data).toEqual([]);
  });

  it("422 validation for every invalid filter", async () => {
    const cases: [string, string][] = [
      ["state=bogus", "state"],
      ["courseId=xyz", "courseId"],
      ["createdAfter=yesterday", "createdAfter"],
      ["createdBefore=2026-13-45", "createdBefore"],
      ["createdAfter=2026-03-02&createdBefore=2026-03-01", "createdBefore"],
      ["pageSize=51", "pageSize"],
      ["pageSize=0", "pageSize"],
      ["page=0", "page"],
      ["page=abc", "page"],
    ];
    for (const [query, path] of cases) {
      const { res, body } = await getJson(admin, `/api/admin/orders?${query}`);
      expect(res.status, query).toBe(422);
      expect(body.error).toBe("validation");
      expect(
        (body.details as { path: string }[]).map((d) => d.path),
        query,
      ).toContain(path);
      await expectMatchesContract("GET", "/api/admin/orders", res, body);
    }
  });
});

describe("role admin on every endpoint", () => {
  it("401 without a session, 403 for a student and a content manager, whatever the id", async () => {
    const some = (await app.db.select({ id: schema.orders.id }).from(schema.orders).limit(1))[0]?.id ?? "0".repeat(24);
    const gets = [
      "/api/admin/orders",
      `/api/admin/orders/${some}`,
      `/api/admin/orders/${some}/audit`,
      `/api/admin/orders/${some}/invoice`,
      `/api/admin/orders/${some}/credit-notes/${"0".repeat(24)}`,
    ];
    for (const path of gets) {
      expect((await fetch(`${app.url}${path}`)).status, path).toBe(401);
      for (const who of [jana, manager]) {
        const res = await who.get(path);
        expect(res.status, path).toBe(403);
        expect((await res.json()).error).toBe("forbidden");
      }
    }
    for (const who of [jana, manager]) {
      const res = await refund(some, { amount: 100, reason: "x", alsoCancelEnrollment: false }, idempotencyKey(), who);
      expect(res.status).toBe(403);
      await expectMatchesContract("POST", `/api/admin/orders/${some}/refund`, res, await res.json());
    }
    expect(await app.db.select().from(schema.refunds)).toEqual([]);
  });

  it("404 for an unknown order, 405 for a wrong method", async () => {
    const { res, body } = await getJson(admin, `/api/admin/orders/${"a".repeat(24)}`);
    expect([res.status, body.error]).toEqual([404, "not_found"]);
    expect((await admin.get(`/api/admin/orders/nonsense`)).status).toBe(404);
    const wrong = await admin.post("/api/admin/orders", {});
    expect(wrong.status).toBe(405);
    expect((await admin.get(`/api/admin/orders/${"a".repeat(24)}/refund`)).status).toBe(405);
    // the method is checked before the role (405 for anyone)
    expect((await fetch(`${app.url}/api/admin/orders/${"a".repeat(24)}/refund`)).status).toBe(405);
  });
});

describe("POST /api/admin/orders/<id>/refund", () => {
  it("an unpaid order → 409 order_not_paid, nothing recorded", async () => {
    const pending = await order(jana, FINANCIE);
    let res = await refund(pending.orderId, { amount: 100, reason: "omyl", alsoCancelEnrollment: false });
    let body = await res.json();
    expect([res.status, body.error]).toEqual([409, "order_not_paid"]);
    await expectMatchesContract("POST", `/api/admin/orders/${pending.orderId}/refund`, res, body);
    await deliver(app.url, paymentEvent(pending.orderId, pending.amount, { eventType: "payment.failed" }));
    res = await refund(pending.orderId, { amount: 100, reason: "omyl", alsoCancelEnrollment: false });
    body = await res.json();
    expect([res.status, body.error]).toEqual([409, "order_not_paid"]);
    expect(await refundsOf(pending.orderId)).toEqual([]);
    expect((await orderRow(pending.orderId)).state).toBe("failed");
  });

  it("400 without an Idempotency-Key, 422 for a bad body", async () => {
    const some = (await app.db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.state, "paid")).limit(1))[0].id;
    let res = await refund(some, { amount: 100, reason: "x", alsoCancelEnrollment: false }, null);
    expect([res.status, (await res.json()).error]).toEqual([400, "idempotency_key_required"]);
    for (const [body, path] of [
      [{ amount: 0, reason: "x" }, "amount"],
      [{ amount: 10.5, reason: "x" }, "amount"],
      [{ amount: "100", reason: "x" }, "amount"],
      [{ amount: 100, reason: "" }, "reason"],
      [{ amount: 100 }, "reason"],
      [{ amount: 100, reason: "x", alsoCancelEnrollment: "yes" }, "alsoCancelEnrollment"],
      [{ amount: 100, reason: "x", extra: 1 }, ""],
    ] as const) {
      res = await refund(some, body);
      const answer = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(answer.error).toBe("validation");
      expect((answer.details as { path: string }[]).map((d) => d.path)).toContain(path);
    }
    expect(await refundsOf(some)).toEqual([]);
  });

  describe("a partial refund", () => {
    let bought: CreateOrderResponse;
    let refundId: string;
    const key = idempotencyKey();
    const body = { amount: 1000, reason: "Zľava za chybu v materiáloch", alsoCancelEnrollment: false };

    beforeAll(async () => {
      bought = await paidOrder(peter, FINANCIE);
    });

    it("202 pending with the settlement estimate five business days ahead, audit row with the acting admin", async () => {
      const res = await refund(bought.orderId, body, key);
      const answer = await res.json();
      expect(res.status, JSON.stringify(answer)).toBe(202);
      await expectMatchesContract("POST", `/api/admin/orders/${bought.orderId}/refund`, res, answer);
      const accepted = RefundAcceptedResponse.parse(answer);
      refundId = accepted.refundId;
      expect(accepted).toMatchObject({ ok: true, state: "pending" });
      // five business days: 7 calendar days, or 5 + the weekend days in between
      const days = (Date.parse(accepted.estimatedSettlementDate) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(4);
      expect(days).toBeLessThanOrEqual(8);
      expect(new Date(`${accepted.estimatedSettlementDate}T12:00:00Z`).getUTCDay()).not.toBe(0);
      expect(new Date(`${accepted.estimatedSettlementDate}T12:00:00Z`).getUTCDay()).not.toBe(6);

      const [row] = await refundsOf(bought.orderId);
      expect(row).toMatchObject({ id: refundId, state: "pending", amountCents: 1000, reason: body.reason, requestedBy: ADMIN_ID, alsoCancelEnrollment: false });
      expect(row.gatewayRefundId).toMatch(/^rf_sbx_/);
      expect(row.paymentId).toBeTruthy();

      const audit = await app.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "order.refund.request"), eq(schema.auditLog.targetId, bought.orderId)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: ADMIN_ID, targetType: "order", reason: body.reason });
      expect(audit[0].actorRoles).toContain("admin");
      expect(audit[0].details).toMatchObject({ refundId, amountCents: 1000, alsoCancelEnrollment: false });
    });

    it("the same key twice → one refund (the first answer replayed); in parallel too", async () => {
      const again = await refund(bought.orderId, body, key);
      expect(again.status).toBe(202);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect((await again.json()).refundId).toBe(refundId);
      expect(await refundsOf(bought.orderId)).toHaveLength(1);

      const other = await refund(bought.orderId, { ...body, amount: 999 }, key);
      expect([other.status, (await other.json()).error]).toEqual([422, "idempotency_key_reused"]);

      const parallelKey = idempotencyKey();
      const answers = await Promise.all(Array.from({ length: 5 }, () => refund(bought.orderId, { ...body, amount: 10 }, parallelKey)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 202 || s === 409)).toBe(true);
      expect((await refundsOf(bought.orderId)).filter((r) => r.amountCents === 10)).toHaveLength(1);
    });

    it("over the remaining amount (paid − refunded − pending) → 422, nothing recorded", async () => {
      const remaining = bought.amount - 1000 - 10;
      let res = await refund(bought.orderId, { ...body, amount: remaining + 1 });
      const answer = await res.json();
      expect([res.status, answer.error]).toEqual([422, "refund_exceeds_remaining"]);
      expect(answer.details).toMatchObject({ remainingCents: remaining, requestedCents: remaining + 1, pendingCents: 1010 });
      await expectMatchesContract("POST", `/api/admin/orders/${bought.orderId}/refund`, res, answer);
      expect(await refundsOf(bought.orderId)).toHaveLength(2);
      // the detail says what is left
      const { body: detail } = await getJson(admin, `/api/admin/orders/${bought.orderId}`);
      expect(detail).toMatchObject({ paidCents: bought.amount, refundedCents: 0, pendingRefundCents: 1010, refundableCents: remaining });
      res = await refund(bought.orderId, { ...body, amount: bought.amount });
      expect(res.status).toBe(422);
    });

    it("the payment.refunded webhook completes it: order stays paid, enrollment active, a credit note is issued", async () => {
      const res = await settle(bought.orderId, refundId, 1000);
      expect(await res.json()).toMatchObject({ received: true, duplicate: false, result: "partially_refunded" });
      const rows = await refundsOf(bought.orderId);
      expect(rows.find((r) => r.id === refundId)).toMatchObject({ state: "completed" });
      expect(rows.find((r) => r.id === refundId)!.settledAt).toBeInstanceOf(Date);
      expect(rows.find((r) => r.amountCents === 10)).toMatchObject({ state: "pending" });
      expect((await orderRow(bought.orderId)).state).toBe("paid");
      const [enrollment] = await enrollmentsOf(bought.orderId);
      expect(enrollment.state).toBe("active");
      const notes = await creditNotesOf(bought.orderId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ refundId, amountCents: 1000, reason: body.reason });
      expect(notes[0].number).toMatch(/^DOB-\d{4}-\d{4}$/);
      // the buyer is told (the mail job queued in the webhook's transaction), once
      let delivery;
      for (let i = 0; i < 100 && delivery?.state !== "sent"; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 100));
        [delivery] = await app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `refund_completed:${refundId}`));
      }
      expect(delivery).toMatchObject({ state: "sent", kind: "refund_completed" });
      expect(delivery!.recipient).toBe((await orderRow(bought.orderId)).studentEmail);

      // a repeated event changes nothing
      const again = await settle(bought.orderId, refundId, 1000);
      expect(await again.json()).toMatchObject({ duplicate: false, result: "ignored_refund_not_pending" });
      expect(await creditNotesOf(bought.orderId)).toHaveLength(1);
    });
  });

  describe("a full refund with alsoCancelEnrollment", () => {
    let bought: CreateOrderResponse;
    let refundId: string;

    beforeAll(async () => {
      bought = await paidOrder(tomas, SEKRETAR);
    });

    it("keeps the enrollment until the webhook, then cancels it and makes the order refunded", async () => {
      const res = await refund(bought.orderId, { amount: bought.amount, reason: "Odstúpenie od zmluvy do 14 dní", alsoCancelEnrollment: true });
      expect(res.status).toBe(202);
      refundId = RefundAcceptedResponse.parse(await res.json()).refundId;
      // nothing changes before the gateway confirms
      expect((await orderRow(bought.orderId)).state).toBe("paid");
      expect((await enrollmentsOf(bought.orderId))[0].state).toBe("active");
      const { body: detail } = await getJson(admin, `/api/admin/orders/${bought.orderId}`);
      expect(detail.refundableCents).toBe(0);

      const settled = await settle(bought.orderId, refundId, bought.amount);
      expect(await settled.json()).toMatchObject({ result: "refunded" });
      expect((await orderRow(bought.orderId)).state).toBe("refunded");
      const [enrollment] = await enrollmentsOf(bought.orderId);
      expect(enrollment).toMatchObject({ state: "cancelled", cancelReason: "refund" });
      expect(enrollment.cancelledAt).toBeInstanceOf(Date);

      // nothing is left to refund
      const more = await refund(bought.orderId, { amount: 1, reason: "x", alsoCancelEnrollment: false });
      expect([more.status, (await more.json()).error]).toEqual([422, "refund_exceeds_remaining"]);
    });

    it("credit notes are numbered without gaps in their own series; the PDF names the invoice and the negative amounts", async () => {
      const all = await app.db.select().from(schema.creditNotes);
      const year = all[0].year;
      expect(all.map((n) => n.number).sort()).toEqual(all.map((_, i) => `DOB-${year}-${String(i + 1).padStart(4, "0")}`));
      const [note] = await creditNotesOf(bought.orderId);
      const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, bought.orderId));
      expect(note.invoiceId).toBe(invoice.id);

      // the admin's detail lists it with its download
      const { res, body } = await getJson(admin, `/api/admin/orders/${bought.orderId}`);
      await expectMatchesContract("GET", `/api/admin/orders/${bought.orderId}`, res, body);
      const detail = AdminOrderDetail.parse(body);
      expect(detail.creditNotes).toHaveLength(1);
      expect(detail.creditNotes[0]).toMatchObject({ number: note.number, invoiceNumber: invoice.number, amountCents: bought.amount });
      expect(detail.refunds[0]).toMatchObject({ refundId, state: "completed", creditNoteNumber: note.number, alsoCancelEnrollment: true });

      const pdf = await downloadPdf(admin, detail.creditNotes[0].pdfUrl);
      const text = normalizeSpaces(await pdfText(pdf));
      expect(text).toContain("Dobropis – opravný daňový doklad");
      expect(text).toContain(note.number);
      expect(text).toContain(`K faktúre číslo: ${invoice.number}`);
      expect(text).toContain("Odstúpenie od zmluvy do 14 dní");
      // the customer of the invoice (its billing details), the order id in one piece
      expect(text).toContain("Jana Nováková");
      expect(text).toContain(`Číslo objednávky: ${bought.orderId}`);
      const net = Math.round((bought.amount * 10_000) / 12_000);
      const money = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, "0")} €`;
      expect(text).toContain(`−${money(net)}`);
      expect(text).toContain(`−${money(bought.amount - net)}`);
      expect(text).toContain(`Celkom na vrátenie: ${money(bought.amount)}`);
      expect(text).toMatch(/DPH 20\s?%/);

      // the owner downloads it too (the same bytes) and finds it in the order view; nobody else does
      const own = await downloadPdf(tomas, `/api/orders/${bought.orderId}/credit-notes/${note.id}`);
      expect(Buffer.from(own).equals(Buffer.from(pdf))).toBe(true);
      const view = await tomas.get(`/api/orders/${bought.orderId}`);
      const viewBody = await view.json();
      await expectMatchesContract("GET", `/api/orders/${bought.orderId}`, view, viewBody);
      expect(OrderDetail.parse(viewBody).creditNotes).toEqual([
        { number: note.number, issueDate: note.issueDate, amountCents: bought.amount, url: `/api/orders/${bought.orderId}/credit-notes/${note.id}` },
      ]);
      expect((await jana.get(`/api/orders/${bought.orderId}/credit-notes/${note.id}`)).status).toBe(404);
      expect((await tomas.get(`/api/orders/${bought.orderId}/credit-notes/${"b".repeat(24)}`)).status).toBe(404);
      // the admin reads the invoice as well
      const invoicePdf = await downloadPdf(admin, `/api/admin/orders/${bought.orderId}/invoice`);
      expect(normalizeSpaces(await pdfText(invoicePdf))).toContain(invoice.number);
    });

    it("the detail carries payments, refunds, enrollments, audit log and the related webhook events", async () => {
      const { body } = await getJson(admin, `/api/admin/orders/${bought.orderId}`);
      const detail = AdminOrderDetail.parse(body);
      expect(detail).toMatchObject({
        _id: bought.orderId,
        state: "refunded",
        studentId: "p-5001",
        paidCents: bought.amount,
        refundedCents: bought.amount,
        refundableCents: 0,
      });
      expect(detail.payments).toHaveLength(1);
      expect(detail.payments[0]).toMatchObject({ state: "completed", amountCents: bought.amount, gateway: "sandbox" });
      expect(detail.enrollments).toMatchObject([{ state: "cancelled", cancelReason: "refund" }]);
      expect(detail.webhookEvents.map((e) => e.eventType)).toEqual(["payment.completed", "payment.refunded"]);
      expect(detail.webhookEvents.every((e) => e.processingResult === "success" && e.relatedOrderId === bought.orderId)).toBe(true);
      expect(JSON.parse(detail.webhookEvents[1].payload).payment.merchantRefundId).toBe(refundId);
      const actions = detail.auditLog.map((a) => a.action);
      expect(actions).toEqual(["webhook.payment.refunded", "order.refund.request", "webhook.payment.completed"]);
      expect(detail.auditLog[1]).toMatchObject({ actorId: ADMIN_ID, reason: "Odstúpenie od zmluvy do 14 dní" });
      expect(detail.auditLog[0]).toMatchObject({ actorId: "system:payment-gateway" });
      expect(detail.auditLog[0].details).toMatchObject({ refundId, result: "refunded", requestedBy: ADMIN_ID, cancelledEnrollments: 1 });
    });

    it("GET …/audit pages the order's audit log, newest first", async () => {
      const { res, body } = await getJson(admin, `/api/admin/orders/${bought.orderId}/audit?pageSize=2`);
      expect(res.status).toBe(200);
      await expectMatchesContract("GET", `/api/admin/orders/${bought.orderId}/audit`, res, body);
      const page = AuditListResponse.parse(body);
      expect(page.pagination).toEqual({ page: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
      expect(page.data.map((a) => a.action)).toEqual(["webhook.payment.refunded", "order.refund.request"]);
      const second = AuditListResponse.parse((await getJson(admin, `/api/admin/orders/${bought.orderId}/audit?pageSize=2&page=2`)).body);
      expect(second.data.map((a) => a.action)).toEqual(["webhook.payment.completed"]);
      const bad = await admin.get(`/api/admin/orders/${bought.orderId}/audit?pageSize=99`);
      expect(bad.status).toBe(422);
      expect((await admin.get(`/api/admin/orders/${"c".repeat(24)}/audit`)).status).toBe(404);
    });
  });
});

describe("admin pages without JavaScript", () => {
  it("a content manager gets the 403 page; the admin sees the orders list, an order's timeline and the viewers", async () => {
    for (const path of ["/admin/objednavky", "/admin/audit", "/admin/webhooky"]) {
      const res = await manager.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).toContain("administrátor");
    }
    const [paid] = await app.db.select().from(schema.orders).where(eq(schema.orders.state, "refunded"));
    let res = await admin.get("/admin/objednavky?state=refunded");
    let html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(`/admin/objednavky/${paid.id}`);
    res = await admin.get("/admin/objednavky?state=bogus");
    expect(res.status).toBe(422);

    res = await admin.get(`/admin/objednavky/${paid.id}`);
    html = await res.text();
    expect(res.status).toBe(200);
    for (const text of [
      "Časová os",
      "Objednávka vytvorená",
      "Platba prijatá",
      "Faktúra INV-",
      "Refundácia požadovaná",
      "Refundácia dokončená",
      "Dobropis DOB-",
      "Zápis do kurzu zrušený",
    ]) {
      expect(html, text).toContain(text);
    }

    res = await admin.get(`/admin/audit?targetType=order&targetId=${paid.id}`);
    html = await res.text();
    expect(res.status).toBe(200);
    // the action in Slovak words, its code beside it
    expect(html).toContain("Vrátenie peňazí požadované");
    expect(html).toContain("order.refund.request");
    expect(html).toContain(ADMIN_ID);

    res = await admin.get(`/admin/webhooky?orderId=${paid.id}&result=success`);
    html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("payment.refunded");
    expect((await admin.get("/admin/webhooky?provider=nope")).status).toBe(422);
  });

  it("the admin navigation lists the order, audit and webhook pages to admins only", async () => {
    const adminNav = await (await admin.get("/admin")).text();
    const managerNav = await (await manager.get("/admin")).text();
    for (const href of ["/admin/objednavky", "/admin/audit", "/admin/webhooky"]) {
      expect(adminNav).toContain(`href="${href}"`);
      expect(managerNav).not.toContain(`href="${href}"`);
    }
  });

  it("the refund page: review answers the confirmation, confirm refunds once per key, over the remaining is said on the form", async () => {
    const bought = await paidOrder(jana, FINANCIE);
    const path = `/admin/objednavky/${bought.orderId}/refundacia`;
    const form = (fields: Record<string, string>) =>
      admin.jar.fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    const page = await (await admin.get(path)).text();
    expect(page).toContain("Suma na vrátenie (€)");
    const key = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(key).toBeTruthy();
    const euros = `${Math.floor(bought.amount / 100)},${String(bought.amount % 100).padStart(2, "0")}`;
    expect(page).toContain(`value="${euros}"`);

    // too much: 422 on the form, nothing recorded
    let res = await form({ intent: "review", amount: "99999", reason: "Chyba", idempotencyKey: key! });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Najviac možno vrátiť");
    // review: the confirmation, still nothing recorded
    res = await form({ intent: "review", amount: "5,00", reason: "Zľava", alsoCancelEnrollment: "on", idempotencyKey: key! });
    const confirmation = await res.text();
    expect(res.status).toBe(200);
    expect(confirmation).toContain("Potvrďte vrátenie peňazí");
    expect(confirmation).toContain("zruší sa po dokončení refundácie");
    expect(await refundsOf(bought.orderId)).toEqual([]);
    // confirm, twice (a double click): one refund, both back to the order
    const fields = { intent: "confirm", amount: "5,00", reason: "Zľava", alsoCancelEnrollment: "on", idempotencyKey: key! };
    for (let i = 0; i < 2; i++) {
      res = await form(fields);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/admin/objednavky/${bought.orderId}?hotovo=refundacia`);
    }
    const rows = await refundsOf(bought.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 500, reason: "Zľava", alsoCancelEnrollment: true, state: "pending", requestedBy: ADMIN_ID });
    // a content manager cannot post it
    const refused = await manager.jar.fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: new URLSearchParams({ ...fields, idempotencyKey: idempotencyKey() }).toString(),
    });
    expect(refused.status).toBe(403);
    expect(await refundsOf(bought.orderId)).toHaveLength(1);
  });
});
