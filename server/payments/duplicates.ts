// Money that arrives for a course the student already holds is sent back at once
// (docs/decisions/payments/one-order-per-course.md > One order per course). Two ways it can happen, both found in the
// payment.completed handler (webhook.ts):
// - the order is pending/failed/expired but the student holds the course through another
//   enrollment (a second order paid in another tab, a late success of a failed order after
//   buying again): the order is paid and invoiced like any other (the money was received),
//   nobody is enrolled, and a full refund is requested;
// - the order was paid already and a second, different transaction pays it again (two
//   gateway sessions of one order): that payment is recorded and refunded in full.
// The refund is a `pending` record by DUPLICATE_PAYMENT_ACTOR, asked of the gateway by the
// job `payments.request-refund` (retried until the gateway takes it; our refund id is its
// idempotency reference), and settled by the gateway's payment.refunded like an admin's
// refund: a credit note when it returns the invoiced payment, the refund e-mail.
import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, type Database, type DbOrTx, type Tx } from "../db";
import { writeAudit, type AuditActor } from "../audit";
import { ok, refused, type Outcome } from "../kernel/outcome";
import { lockOrder, refundOfPayingPayment } from "../orders";
import { refundBalance } from "./balance";
import type { Queue } from "../queue";
import type { Logger } from "../log";
import { bratislavaDay } from "../invoices";
import { addBusinessDays, REFUND_SETTLEMENT_BUSINESS_DAYS } from "./settlement";
import type { PaymentRefunds } from "./ports";

const { refunds, payments, orders } = schema;

/** Who requests the refund of a duplicate payment (refund `requestedBy`, audit actor). */
export const DUPLICATE_PAYMENT_ACTOR = "system:duplicate-payment";

/** The refund's reason, shown to the admin and on the credit note. */
export const DUPLICATE_PAYMENT_REASON = "Duplicitná platba: kurz už študent má";

/** Who requests the refund of a payment of a wrong amount (webhook.ts wrongAmount). */
export const AMOUNT_MISMATCH_ACTOR = "system:payment-amount-mismatch";
export const AMOUNT_MISMATCH_REASON = "Platba v inej sume, než je cena objednávky";

export type ReturnedPaymentKind = "course_held" | "order_paid_twice" | "amount_mismatch";

export type DuplicateRefund = {
  refundId: string;
  amountCents: number;
  estimatedSettlementDate: string;
};

/**
 * Records the refund of a duplicate payment, queues the gateway request and the e-mail,
 * and writes the audit row, in the webhook's transaction.
 */
export async function refundDuplicatePayment(
  tx: Tx,
  deps: { queue: Queue; now: Date },
  input: { orderId: string; paymentId: string; amountCents: number; currency: string; heldEnrollmentId: string | null; kind: ReturnedPaymentKind },
): Promise<DuplicateRefund> {
  const estimatedSettlementDate = addBusinessDays(bratislavaDay(deps.now), REFUND_SETTLEMENT_BUSINESS_DAYS);
  const mismatch = input.kind === "amount_mismatch";
  const actor = mismatch ? AMOUNT_MISMATCH_ACTOR : DUPLICATE_PAYMENT_ACTOR;
  const reason = mismatch ? AMOUNT_MISMATCH_REASON : DUPLICATE_PAYMENT_REASON;
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      paymentId: input.paymentId,
      amountCents: input.amountCents,
      reason,
      alsoCancelEnrollment: false,
      state: "pending",
      requestedBy: actor,
      estimatedSettlementDate,
    })
    .returning({ id: refunds.id });
  await deps.queue.enqueue(tx, "payments.request-refund", { refundId: refund.id });
  await deps.queue.enqueue(tx, "mail.send", { kind: mismatch ? "payment_amount_mismatch" : "duplicate_payment", refundId: refund.id });
  await writeAudit(tx, {
    actorId: actor,
    action: mismatch ? "order.refund.amount_mismatch" : "order.refund.duplicate_payment",
    targetType: "order",
    targetId: input.orderId,
    reason,
    details: {
      refundId: refund.id,
      paymentId: input.paymentId,
      amountCents: input.amountCents,
      currency: input.currency,
      kind: input.kind,
      heldEnrollmentId: input.heldEnrollmentId,
      estimatedSettlementDate,
    },
  });
  return { refundId: refund.id, amountCents: input.amountCents, estimatedSettlementDate };
}

/**
 * The refund of a duplicate payment of this order (for the return page), or null. `kind`:
 * `course_held` when the order's whole payment goes back (the course was held through
 * another order), `order_paid_twice` when a second payment of an order that gives access
 * goes back.
 */
export async function duplicatePaymentOf(db: DbOrTx, orderId: string) {
  const [refund] = await db
    .select({
      id: refunds.id,
      state: refunds.state,
      amountCents: refunds.amountCents,
      estimatedSettlementDate: refunds.estimatedSettlementDate,
      settledAt: refunds.settledAt,
      paymentId: refunds.paymentId,
    })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.requestedBy, DUPLICATE_PAYMENT_ACTOR)))
    .orderBy(asc(refunds.createdAt))
    .limit(1);
  if (!refund) return null;
  // the order's own (paying) payment went back: the course was held through another order
  const [order] = await db.select({ payingPaymentId: orders.payingPaymentId }).from(orders).where(eq(orders.id, orderId));
  const kind: "course_held" | "order_paid_twice" = refund.paymentId && refund.paymentId !== order?.payingPaymentId ? "order_paid_twice" : "course_held";
  return { ...refund, kind };
}

/** What pg-boss tells a job about its retries (includeMetadata). */
export type JobAttempt = { retryCount?: number; retryLimit?: number };

/**
 * The job `payments.request-refund`: asks the gateway to refund a pending refund that it
 * has not taken yet. A rerun finds it taken (gateway refund id stored, or settled) and
 * stops; a gateway that does not answer or refuses throws, and pg-boss retries with
 * backoff. The last retry that fails marks the refund `failed` with the gateway's answer and
 * alerts the admins (docs/decisions/payments/a-refund-that-keeps-failing-reaches-a.md > A refund that keeps failing reaches a person): the
 * order page then offers to try again (retryFailedRefund).
 */
export function requestRefundJob(deps: { db: Database; queue: Queue; refunds: PaymentRefunds; publicUrl: string; log: Logger; now?: () => Date }) {
  return async ({ refundId }: { refundId: string }, job?: JobAttempt) => {
    const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund) return { status: "not_found" };
    if (refund.state !== "pending" || refund.gatewayRefundId) return { status: "already_requested" };
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
    const [payment] = refund.paymentId ? await deps.db.select().from(payments).where(eq(payments.id, refund.paymentId)) : [];
    if (!order || !payment) return { status: "no_payment" };
    let gatewayRefundId: string;
    try {
      ({ gatewayRefundId } = await deps.refunds.requestRefund({
        orderId: order.id,
        refundId: refund.id,
        transactionId: payment.transactionId,
        amountCents: refund.amountCents,
        // a payment of another currency goes back in its own
        currency: payment.currency,
        reason: refund.reason,
        notifyUrl: `${deps.publicUrl}/api/webhooks/payment`,
      }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job?.retryLimit !== undefined && (job.retryCount ?? 0) >= job.retryLimit;
      deps.log.warn("refund request to the gateway failed", { refundId, orderId: order.id, retryCount: job?.retryCount ?? null, last, error: message });
      if (!last) throw error;
      const failed = await markRefundFailed(deps.db, deps.queue, refund.id, order.id, message, deps.now?.() ?? new Date());
      return { status: failed ? "failed" : "already_requested" };
    }
    // the settlement may have arrived first and set it: keep that one
    await deps.db
      .update(refunds)
      .set({ gatewayRefundId })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.gatewayRefundId)));
    deps.log.info("refund requested", { refundId, orderId: order.id, gatewayRefundId });
    return { status: "requested", gatewayRefundId };
  };
}

/** The last retry failed: the refund is `failed`, the admins are alerted, in one transaction. */
async function markRefundFailed(db: Database, queue: Queue, refundId: string, orderId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(refunds)
      .set({ state: "failed", failureReason: reason.slice(0, 500), failedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.state, "pending"), isNull(refunds.gatewayRefundId)))
      .returning({ id: refunds.id });
    if (moved.length === 0) return false;
    await writeAudit(tx, {
      actorId: REFUND_JOB_ACTOR,
      action: "order.refund.failed",
      targetType: "order",
      targetId: orderId,
      reason: reason.slice(0, 500),
      details: { refundId },
    });
    await queue.enqueue(tx, "mail.send", { kind: "admin_order_alert", orderId, alert: "refund_failed", ref: refundId });
    return true;
  });
}

/** Who marks a refund failed (audit actor). */
export const REFUND_JOB_ACTOR = "system:refund-job";

/**
 * The admin tries a failed refund again ("Skúsiť vrátenie znova" on the order page): it is
 * pending again and the job asks the gateway anew. Refused when it is not failed, or when
 * the order's balance no longer has room for it (the admin refunded otherwise meanwhile).
 */
export async function retryFailedRefund(
  tx: Tx,
  deps: { queue: Queue },
  actor: AuditActor,
  input: { orderId: string; refundId: string },
): Promise<Outcome<{ refundId: string }>> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) return refused("not_found", "Objednávka sa nenašla.");
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, input.refundId), eq(refunds.orderId, order.id)))
    .for("update");
  if (!refund) return refused("not_found", "Refundácia sa nenašla.");
  if (refund.state !== "failed") return refused("conflict", "Táto refundácia nezlyhala; nie je čo skúšať znova.", { state: refund.state });
  if (refundOfPayingPayment(refund, order.payingPaymentId)) {
    const balance = await refundBalance(tx, order);
    if (balance.disputeOpen) return refused("order_disputed", undefined, { state: order.state });
    if (refund.amountCents > balance.refundableCents) {
      return refused("refund_exceeds_remaining", undefined, { requestedCents: refund.amountCents, remainingCents: balance.refundableCents });
    }
  }
  await tx.update(refunds).set({ state: "pending", failureReason: null, failedAt: null, gatewayRefundId: null }).where(eq(refunds.id, refund.id));
  await deps.queue.enqueue(tx, "payments.request-refund", { refundId: refund.id });
  await writeAudit(tx, {
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    ip: actor.ip ?? null,
    action: "order.refund.retry",
    targetType: "order",
    targetId: order.id,
    details: { refundId: refund.id, amountCents: refund.amountCents, previousFailure: refund.failureReason },
  });
  return ok({ refundId: refund.id });
}
