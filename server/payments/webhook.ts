// POST /api/webhooks/payment: the gateway's signed events. spec: Webhook receivers;
// Events > General receiver rules, Payment events; States and transitions > Order;
// docs/decisions/payments/orders-and-payments.md > Orders and payments.
//
// Order of checks: signature of the raw body first (constant time, nothing parsed or
// stored before it), then x-payment-event-id and x-payment-timestamp (±300 s). Then, in
// ONE transaction: the event is recorded in webhook_events ((provider, eventId) unique:
// a repeat finds the row and is acknowledged without processing), handled, its result
// written to the row and the audit log, and the jobs (invoice PDF, confirmation e-mail)
// queued. Concurrent deliveries of one event serialize on the unique key: the first
// commits, the others find it recorded.
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { schema, type Database, type Tx } from "../db";
import { DomainError, parseJsonBody } from "../kernel/errors";
import type { Queue } from "../queue";
import { recordWebhookOnce, webhookAck } from "../kernel/webhooks";
import { writeAudit } from "../audit";
import {
  heldEnrollment,
  lockOrder,
  lockPurchaseOfOrder,
  markOrderDisputed,
  markOrderFailed,
  markOrderPaid,
  markOrderRefunded,
  refundOfPayingPayment,
  type OrderRow,
} from "../orders";
import { revokeCertificatesOfEnrollments } from "../certificates";
import { refundDuplicatePayment } from "./duplicates";
import { cancelEnrollmentsOfOrder, suspendEnrollmentsOfOrder } from "../enrollments";
import { enrollStudent } from "../learning";
import { assignInvoice, issueCreditNote } from "../invoices";
import { timestampFresh, verifySignature } from "./signature";
import { isId } from "../../shared/ids";

const { payments, refunds, courses } = schema;

/** Actor of audit rows written for gateway events. */
export const PAYMENT_GATEWAY_ACTOR = "system:payment-gateway";

export const PAYMENT_EVENT_TYPES = ["payment.completed", "payment.failed", "payment.refunded", "payment.disputed"] as const;

const cents = z.coerce.number().int().min(0);
const optionalText = z.string().max(500).nullish();

/** The event body (spec: Payment events); extra members of a gateway are ignored. */
export const PaymentEvent = z.looseObject({
  eventId: z.string().min(1).max(200),
  eventType: z.string().min(1).max(100),
  occurredAt: z.string().max(64).nullish(),
  payment: z.looseObject({
    id: optionalText,
    merchantOrderId: z.string().min(1).max(100),
    amount: cents,
    currency: z.string().min(3).max(3),
    method: optionalText,
    cardBrand: optionalText,
    cardLast4: optionalText,
    transactionId: z.string().min(1).max(200).nullish(),
    settledAt: z.string().max(64).nullish(),
    /** payment.refunded: our refund id, which the gateway was given with the refund request */
    merchantRefundId: optionalText,
  }),
});
export type PaymentEvent = z.infer<typeof PaymentEvent>;

export const WebhookAck = webhookAck("paid, failed, ignored, order_not_found, amount_mismatch, …");
export type WebhookAck = z.infer<typeof WebhookAck>;

export type PaymentWebhookRequest = {
  rawBody: string;
  contentType: string | null;
  signature: string | null;
  eventIdHeader: string | null;
  timestamp: string | null;
};

export type PaymentWebhookDeps = { db: Database; queue: Queue; secret: string; gateway: string; now: Date };

/**
 * The form-encoded variant (layout not in the spec; docs/decisions/README.md): the JSON members
 * as fields, the payment's as `payment[<member>]` (or `payment.<member>`).
 */
export function parseEventBody(rawBody: string, contentType: string | null): unknown {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(rawBody);
    const out: Record<string, unknown> = {};
    const payment: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^payment(?:\[(\w+)\]|\.(\w+))$/.exec(k);
      if (m) payment[m[1] ?? m[2]] = v;
      else out[k] = v;
    }
    out.payment = payment;
    return out;
  }
  return parseJsonBody(rawBody);
}

function dateOr(value: string | null | undefined, fallback: Date): Date {
  if (!value) return fallback;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? fallback : d;
}

type Outcome = { result: string; ok: boolean; message?: string; orderId?: string | null; details?: Record<string, unknown> };

export async function receivePaymentWebhook(deps: PaymentWebhookDeps, req: PaymentWebhookRequest): Promise<WebhookAck> {
  // 1. signature first: nothing is parsed or stored without it (General receiver rules 1)
  if (!verifySignature(deps.secret, req.rawBody, req.signature)) throw new DomainError("invalid_signature");
  const eventIdHeader = req.eventIdHeader?.trim();
  if (!eventIdHeader) throw new DomainError("invalid_signature", "Chýba hlavička x-payment-event-id.", { header: "x-payment-event-id" });
  if (!timestampFresh(req.timestamp, deps.now)) {
    throw new DomainError("invalid_signature", "Hlavička x-payment-timestamp chýba alebo je mimo povoleného okna 300 s.", { header: "x-payment-timestamp" });
  }

  let event: PaymentEvent;
  try {
    const parsed = PaymentEvent.safeParse(parseEventBody(req.rawBody, req.contentType));
    if (!parsed.success) throw parsed.error;
    event = parsed.data;
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw new DomainError(
      "bad_request",
      "Telo udalosti nemá očakávaný tvar.",
      e instanceof z.ZodError ? { issues: e.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } : {},
    );
  }
  if (event.eventId !== eventIdHeader) {
    throw new DomainError("bad_request", "eventId v tele sa líši od hlavičky x-payment-event-id.", { header: "x-payment-event-id" });
  }

  // 2.-4. record and handle atomically; a repeat is acknowledged and not processed again
  return deps.db.transaction(async (tx) => {
    const delivery = {
      provider: "payment" as const,
      eventId: event.eventId,
      eventType: event.eventType,
      payload: req.rawBody,
      signature: req.signature,
      receivedAt: deps.now,
    };
    const receipt = await recordWebhookOnce(tx, delivery, async (webhookEventId) => {
      const outcome = await handle(tx, deps, event);
      await writeAudit(tx, {
        actorId: PAYMENT_GATEWAY_ACTOR,
        action: `webhook.${event.eventType}`,
        targetType: "order",
        targetId: outcome.orderId ?? event.payment.merchantOrderId,
        details: { eventId: event.eventId, webhookEventId, result: outcome.result, ok: outcome.ok, ...outcome.details },
      });
      return { ...outcome, relatedOrderId: outcome.orderId ?? null };
    });
    if (receipt.duplicate) return { received: true as const, duplicate: true, result: receipt.result };
    return { received: true as const, duplicate: false, result: receipt.outcome.result };
  });
}

async function handle(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent): Promise<Outcome> {
  if (!(PAYMENT_EVENT_TYPES as readonly string[]).includes(event.eventType)) {
    return { result: "ignored_unknown_type", ok: true };
  }
  // a payment serializes with every purchase of the same student and course (orders'
  // lockPurchase, always taken before an order's row lock), so two orders paid at once
  // cannot both enroll
  if (event.eventType === "payment.completed") await lockPurchaseOfOrder(tx, event.payment.merchantOrderId);
  const order = await lockOrder(tx, event.payment.merchantOrderId);
  // spec: Errors 3: an unknown order is a processing error, order_not_found; acknowledged
  if (!order) return { result: "order_not_found", ok: false, message: "order_not_found", orderId: null };
  switch (event.eventType) {
    case "payment.completed":
      return completed(tx, deps, event, order);
    case "payment.failed": {
      const moved = await markOrderFailed(tx, order.id);
      return { result: moved ? "failed" : "ignored_not_pending", ok: true, orderId: order.id, details: { previousState: order.state } };
    }
    case "payment.refunded":
      return refunded(tx, deps, event, order);
    case "payment.disputed":
      return disputed(tx, deps, event, order);
    default:
      return { result: "ignored_unknown_type", ok: true, orderId: order.id };
  }
}

/**
 * A chargeback: the order is disputed and its enrollments with access are suspended until an
 * admin decides. Money of the paying payment already refunded or on its way back would go
 * back twice: the admins are alerted (docs/decisions/payments/one-refundable-amount.md > One refundable amount).
 */
async function disputed(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, order: OrderRow): Promise<Outcome> {
  const [returning] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), inArray(refunds.state, ["pending", "completed"]), ofPayingPayment(order)))
    .limit(1);
  const alert = returning
    ? { kind: "admin_order_alert" as const, orderId: order.id, alert: "dispute_with_refund" as const, ref: `dispute:${event.eventId}` }
    : null;
  if (order.state !== "paid") {
    // a chargeback of an order refunded already: nothing to suspend, but the money may go back twice
    if (order.state === "refunded" && alert) {
      await deps.queue.enqueue(tx, "mail.send", alert);
      return { result: "ignored_refunded_alerted", ok: true, orderId: order.id, details: { previousState: order.state } };
    }
    return { result: "ignored_not_paid", ok: true, orderId: order.id, details: { previousState: order.state } };
  }
  await markOrderDisputed(tx, order.id);
  const suspended = await suspendEnrollmentsOfOrder(tx, order.id, deps.now);
  if (alert) await deps.queue.enqueue(tx, "mail.send", alert);
  return { result: "disputed", ok: true, orderId: order.id, details: { suspendedEnrollments: suspended, refundUnderway: !!returning } };
}

/**
 * The gateway's time of the payment (its settlement, else the event's), which dates the
 * invoice's supply and picks its number series (spec: supply date = day of successful
 * payment; docs/decisions/invoices/supply-date-from-the-payment.md > Supply date from the payment). Never later than now (a clock
 * ahead) nor earlier than the order (a wrong value).
 */
export function paymentTimeOf(event: PaymentEvent, orderCreatedAt: Date, now: Date): Date {
  const told = dateOr(event.payment.settledAt, dateOr(event.occurredAt, now));
  const ms = Math.min(now.getTime(), Math.max(orderCreatedAt.getTime(), told.getTime()));
  return new Date(ms);
}

/** Refunds that return the paying payment's money (the SQL side of refundOfPayingPayment). */
function ofPayingPayment(order: Pick<OrderRow, "payingPaymentId">) {
  return sql`(${refunds.paymentId} is null or ${refunds.paymentId} = ${order.payingPaymentId})`;
}

/** A received payment as it is recorded: the gateway's transaction or the bank transfer's reference, settled at `settledAt`. */
export type ReceivedPayment = Pick<
  typeof payments.$inferInsert,
  "orderId" | "gateway" | "transactionId" | "amountCents" | "method" | "cardBrand" | "cardLast4" | "settledAt"
> & { currency: string };

/**
 * The one place a Payment record is written (the gateway's payment.completed here, a
 * matched bank transfer in transfers.ts): money received, whatever happens to it next,
 * stored completed with its currency in capitals; returns the payment's id.
 */
export async function insertPayment(tx: Tx, received: ReceivedPayment): Promise<string> {
  const [payment] = await tx
    .insert(payments)
    .values({ ...received, currency: received.currency.toUpperCase(), state: "completed" })
    .returning({ id: payments.id });
  return payment.id;
}

/** Records the payment a gateway event tells of (insertPayment). */
function recordPayment(tx: Tx, deps: PaymentWebhookDeps, orderId: string, event: PaymentEvent, transactionId: string, at: Date): Promise<string> {
  const p = event.payment;
  return insertPayment(tx, {
    orderId,
    gateway: deps.gateway,
    transactionId,
    amountCents: p.amount,
    currency: p.currency,
    method: p.method ?? null,
    cardBrand: p.cardBrand ?? null,
    cardLast4: p.cardLast4 ?? null,
    settledAt: at,
  });
}

/** Sends a recorded payment of this event back whole (never the paying payment, nobody's enrollment held): refundDuplicatePayment. */
function returnWhole(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, orderId: string, paymentId: string, kind: "order_paid_twice" | "amount_mismatch") {
  const p = event.payment;
  return refundDuplicatePayment(tx, deps, { orderId, paymentId, amountCents: p.amount, currency: p.currency.toUpperCase(), heldEnrollmentId: null, kind });
}

async function completed(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, order: OrderRow): Promise<Outcome> {
  const p = event.payment;
  const transactionId = p.transactionId ?? p.id ?? event.eventId;
  // the same payment told again (a new event id for one transaction): nothing to do
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, deps.gateway), eq(payments.transactionId, transactionId)));
  if (known) {
    const paid = order.state === "paid" || order.state === "refunded" || order.state === "disputed";
    return {
      result: paid ? "ignored_already_paid" : "ignored_payment_recorded",
      ok: true,
      orderId: order.id,
      details: { state: order.state, paymentId: known.id },
    };
  }
  // DESIGN: pending, failed or expired orders are paid; a paid one is left as it is,
  // unless this is money of another transaction: then it goes back (duplicates.ts)
  if (order.state !== "pending" && order.state !== "failed" && order.state !== "expired") {
    return paidTwice(tx, deps, event, order, transactionId);
  }
  const paidAt = paymentTimeOf(event, order.createdAt, deps.now);
  const paymentId = await recordPayment(tx, deps, order.id, event, transactionId, paidAt);
  if (p.amount !== order.amountCents || p.currency.toUpperCase() !== order.currency.toUpperCase()) {
    return wrongAmount(tx, deps, event, order, paymentId);
  }
  // a student who holds the course already (another order paid in another tab, a late
  // success after buying again) is not enrolled twice: the money goes back
  // (handle() took the purchase lock of this student and course before the order's row lock,
  // so a second order paid at the same moment waits here and then sees this one's enrollment)
  const heldBefore = order.sponsorOrgId ? null : await heldEnrollment(tx, order.studentId, order.courseId, { exceptOrderId: order.id });
  const { enrollmentId, heldEnrollmentId, invoice } = await payOrder(tx, deps, order, { paymentId, paidAt, heldEnrollmentId: heldBefore?.id ?? null });
  const held = heldEnrollmentId ? { id: heldEnrollmentId } : null;
  if (held) {
    const refund = await refundDuplicatePayment(tx, deps, {
      orderId: order.id,
      paymentId,
      amountCents: p.amount,
      currency: order.currency,
      heldEnrollmentId: held.id,
      kind: "course_held",
    });
    return {
      result: "duplicate_payment_refunded",
      ok: true,
      orderId: order.id,
      details: { previousState: order.state, heldEnrollmentId: held.id, refundId: refund.refundId, invoiceNumber: invoice.number },
    };
  }
  return {
    result: "paid",
    ok: true,
    orderId: order.id,
    details: { previousState: order.state, paymentId, enrollmentId, invoiceNumber: invoice.number },
  };
}

/**
 * The one path that pays an order, for the gateway's payment.completed and a matched bank
 * transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer): the paying payment recorded on the
 * order (paid), the student enrolled (a personal order), the tax invoice numbered with the
 * payment's time as its supply date (and a company's e-invoice archived with it), its PDF
 * and the confirmation e-mail queued. The caller holds the purchase and order locks, has
 * written the Payment and checked its amount. `heldEnrollmentId`: an enrollment of the course
 * the student holds already (nobody is enrolled, no confirmation; the caller returns the
 * money); enrolling may find one too, and it is returned.
 */
export async function payOrder(
  tx: Tx,
  deps: { queue: Queue; now: Date },
  order: OrderRow,
  input: { paymentId: string; paidAt: Date; heldEnrollmentId: string | null },
): Promise<{ enrollmentId: string | null; heldEnrollmentId: string | null; invoice: { invoiceId: string; number: string } }> {
  let heldEnrollmentId = input.heldEnrollmentId;
  // the paying payment is recorded here, under the purchase and order locks: a second
  // payment of the order waits for this commit and then finds the order paid
  await markOrderPaid(tx, order.id, input.paidAt, input.paymentId);

  // a club purchase (sponsorOrgId) enrolls no one here: its seats are assigned to members on the club page (server/clubs)
  let enrollmentId: string | null = null;
  if (!heldEnrollmentId && !order.sponsorOrgId) {
    const [version] = await tx.select({ slug: courses.slug, title: courses.title }).from(courses).where(eq(courses.id, order.courseVersionId));
    const enrolled = await enrollStudent(tx, {
      courseId: order.courseId,
      courseVersionId: order.courseVersionId,
      courseTitle: order.courseTitle,
      courseSlug: version.slug,
      studentId: order.studentId,
      studentDisplayName: order.studentDisplayName,
      studentEmail: order.studentEmail,
      reason: "paid",
      orderId: order.id,
      enrolledAt: deps.now,
    });
    // an active enrollment of the course existed after all: this payment is a duplicate too
    if (enrolled.created) enrollmentId = enrolled.enrollmentId;
    else heldEnrollmentId = enrolled.enrollmentId;
  }

  // paid and invoiced like any order (the money was received); for a course held already the
  // refund's credit note follows
  const invoice = await assignInvoice(tx, { orderId: order.id, paidAt: input.paidAt, issuedAt: deps.now });
  await deps.queue.enqueue(tx, "invoices.render-pdf", { invoiceId: invoice.invoiceId });
  if (!heldEnrollmentId) await deps.queue.enqueue(tx, "mail.send", { kind: "purchase_confirmation", orderId: order.id });
  return { enrollmentId, heldEnrollmentId, invoice };
}

/**
 * A payment of another amount or currency than the order's (docs/decisions/payments/a-wrong-amount-is-returned.md > A wrong
 * amount is returned): recorded, never the paying payment, nobody enrolled, the order left
 * as it was (the buyer may pay it again), the whole payment refunded by the job, the admins
 * alerted and the buyer told.
 */
async function wrongAmount(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, order: OrderRow, paymentId: string): Promise<Outcome> {
  const p = event.payment;
  const details = { expected: { amount: order.amountCents, currency: order.currency }, received: { amount: p.amount, currency: p.currency }, paymentId };
  await deps.queue.enqueue(tx, "mail.send", { kind: "admin_order_alert", orderId: order.id, alert: "amount_mismatch", ref: paymentId });
  if (p.amount <= 0) return { result: "amount_mismatch", ok: false, message: "amount_mismatch", orderId: order.id, details };
  const refund = await returnWhole(tx, deps, event, order.id, paymentId, "amount_mismatch");
  return { result: "amount_mismatch_refunded", ok: true, orderId: order.id, details: { ...details, refundId: refund.refundId } };
}

/** payment.completed of another transaction for an order that is paid (or refunded, disputed) already. */
async function paidTwice(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, order: OrderRow, transactionId: string): Promise<Outcome> {
  const p = event.payment;
  // another transaction paid the same order (two gateway sessions of one order): recorded
  // and sent back whole, whatever its amount; it never becomes the paying payment
  const paymentId = await recordPayment(tx, deps, order.id, event, transactionId, paymentTimeOf(event, order.createdAt, deps.now));
  if (p.amount <= 0) return { result: "ignored_already_paid", ok: true, orderId: order.id, details: { state: order.state } };
  const refund = await returnWhole(tx, deps, event, order.id, paymentId, "order_paid_twice");
  return { result: "duplicate_payment_refunded", ok: true, orderId: order.id, details: { state: order.state, paymentId, refundId: refund.refundId } };
}

async function refunded(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, order: OrderRow): Promise<Outcome> {
  const p = event.payment;
  // the refund we asked for: named by merchantRefundId (our refund id, which the gateway
  // echoes), else by the gateway's refund id, else the oldest pending one of the same
  // amount; else the gateway refunded on its own and a completed record is written for it
  let target: typeof refunds.$inferSelect | undefined;
  if (p.merchantRefundId && isId(p.merchantRefundId)) {
    [target] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, p.merchantRefundId), eq(refunds.orderId, order.id)))
      .for("update");
    if (target && target.state === "completed") {
      return { result: "ignored_refund_not_pending", ok: true, orderId: order.id, details: { refundId: target.id, state: target.state } };
    }
  }
  if (!target && p.id) {
    [target] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.state, ["pending", "failed"]), eq(refunds.gatewayRefundId, p.id)))
      .limit(1)
      .for("update");
  }
  target ??= (
    await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.state, "pending"), eq(refunds.amountCents, p.amount)))
      .orderBy(refunds.createdAt)
      .limit(1)
      .for("update")
  )[0];

  // money of another payment (a second payment, a wrong amount) is back: it never was the
  // order's, so no credit note and the order stays as it is, whatever its state
  if (target && !refundOfPayingPayment(target, order.payingPaymentId)) {
    await settle(tx, deps, event, target);
    await deps.queue.enqueue(tx, "mail.send", { kind: "refund_completed", refundId: target.id });
    return {
      result: "extra_payment_refunded",
      ok: true,
      orderId: order.id,
      details: { refundId: target.id, refundCents: target.amountCents, paymentId: target.paymentId },
    };
  }
  if (order.state !== "paid" && order.state !== "disputed" && order.state !== "refunded") {
    return { result: "ignored_not_paid", ok: true, orderId: order.id, details: { state: order.state } };
  }
  let alsoCancel = false;
  if (target) {
    await settle(tx, deps, event, target);
    alsoCancel = target.alsoCancelEnrollment;
  } else {
    if (p.amount <= 0) return { result: "ignored_zero_refund", ok: true, orderId: order.id };
    [target] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: order.payingPaymentId,
        amountCents: p.amount,
        reason: "Refundácia oznámená platobnou bránou",
        state: "completed",
        gatewayRefundId: p.id ?? event.eventId,
        requestedBy: PAYMENT_GATEWAY_ACTOR,
        settledAt: deps.now,
      })
      .returning();
  }
  // the paying payment's money: the invoice gets a credit note for it (docs/decisions/README.md)
  const creditNote = await issueCreditNote(tx, {
    refundId: target.id,
    orderId: order.id,
    amountCents: target.amountCents,
    reason: target.reason,
    issuedAt: deps.now,
  });
  if (creditNote) await deps.queue.enqueue(tx, "invoices.render-credit-note", { creditNoteId: creditNote.creditNoteId });
  const [{ total }] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.state, "completed"), ofPayingPayment(order)));
  const full = Number(total) >= order.amountCents;
  if (full) await markOrderRefunded(tx, order.id);
  // money back ends what it paid for: the enrollment, whatever its state, and its certificates
  // (docs/decisions/payments/money-back-ends-what-it-paid-for.md > Money back ends what it paid for)
  const cancelled = alsoCancel ? await cancelEnrollmentsOfOrder(tx, order.id, deps.now, "refund") : [];
  const revoked = await revokeCertificatesOfEnrollments(tx, deps, {
    enrollmentIds: cancelled,
    cause: "refund",
    actorId: target.requestedBy,
    orderId: order.id,
  });
  // a chargeback of the same money: the bank may return it a second time; a person must know
  if (order.state === "disputed") {
    await deps.queue.enqueue(tx, "mail.send", { kind: "admin_order_alert", orderId: order.id, alert: "dispute_with_refund", ref: target.id });
  }
  // the buyer hears of it (with the credit note), in the same transaction
  await deps.queue.enqueue(tx, "mail.send", { kind: "refund_completed", refundId: target.id });
  return {
    result: full ? "refunded" : "partially_refunded",
    ok: true,
    orderId: order.id,
    details: {
      refundId: target.id,
      refundCents: target.amountCents,
      requestedBy: target.requestedBy,
      refundedCents: Number(total),
      cancelledEnrollments: cancelled.length,
      revokedCertificates: revoked.length,
      creditNoteNumber: creditNote?.number ?? null,
    },
  };
}

/** A refund we asked for is settled (a failed one too: the gateway paid it after all). */
async function settle(tx: Tx, deps: PaymentWebhookDeps, event: PaymentEvent, target: typeof refunds.$inferSelect): Promise<void> {
  await tx
    .update(refunds)
    .set({ state: "completed", settledAt: deps.now, gatewayRefundId: target.gatewayRefundId ?? event.payment.id ?? event.eventId })
    .where(eq(refunds.id, target.id));
}
