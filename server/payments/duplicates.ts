// Money that arrives for a course the student already holds is sent back at once
// (docs/decisions.md > One order per course). Two ways it can happen, both found in the
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
import { writeAudit } from "../audit";
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
  input: { orderId: string; paymentId: string; amountCents: number; currency: string; heldEnrollmentId: string | null; kind: "course_held" | "order_paid_twice" },
): Promise<DuplicateRefund> {
  const estimatedSettlementDate = addBusinessDays(bratislavaDay(deps.now), REFUND_SETTLEMENT_BUSINESS_DAYS);
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      paymentId: input.paymentId,
      amountCents: input.amountCents,
      reason: DUPLICATE_PAYMENT_REASON,
      alsoCancelEnrollment: false,
      state: "pending",
      requestedBy: DUPLICATE_PAYMENT_ACTOR,
      estimatedSettlementDate,
    })
    .returning({ id: refunds.id });
  await deps.queue.enqueue(tx, "payments.request-refund", { refundId: refund.id });
  await deps.queue.enqueue(tx, "mail.send", { kind: "duplicate_payment", refundId: refund.id });
  await writeAudit(tx, {
    actorId: DUPLICATE_PAYMENT_ACTOR,
    action: "order.refund.duplicate_payment",
    targetType: "order",
    targetId: input.orderId,
    reason: DUPLICATE_PAYMENT_REASON,
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
  const [first] = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt), asc(payments.id)).limit(1);
  const kind: "course_held" | "order_paid_twice" = refund.paymentId && first && refund.paymentId !== first.id ? "order_paid_twice" : "course_held";
  return { ...refund, kind };
}

/**
 * The job `payments.request-refund`: asks the gateway to refund a pending refund that it
 * has not taken yet. A rerun finds it taken (gateway refund id stored, or settled) and
 * stops; a gateway that does not answer throws, and pg-boss retries with backoff.
 */
export function requestRefundJob(deps: { db: Database; refunds: PaymentRefunds; publicUrl: string; log: Logger }) {
  return async ({ refundId }: { refundId: string }) => {
    const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund) return { status: "not_found" };
    if (refund.state !== "pending" || refund.gatewayRefundId) return { status: "already_requested" };
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, refund.orderId));
    const [payment] = refund.paymentId ? await deps.db.select().from(payments).where(eq(payments.id, refund.paymentId)) : [];
    if (!order || !payment) return { status: "no_payment" };
    const { gatewayRefundId } = await deps.refunds.requestRefund({
      orderId: order.id,
      refundId: refund.id,
      transactionId: payment.transactionId,
      amountCents: refund.amountCents,
      currency: order.currency,
      reason: refund.reason,
      notifyUrl: `${deps.publicUrl}/api/webhooks/payment`,
    });
    // the settlement may have arrived first and set it: keep that one
    await deps.db.update(refunds).set({ gatewayRefundId }).where(and(eq(refunds.id, refund.id), isNull(refunds.gatewayRefundId)));
    deps.log.info("duplicate payment refund requested", { refundId, orderId: order.id, gatewayRefundId });
    return { status: "requested", gatewayRefundId };
  };
}
