// Refunds an admin starts (spec: Endpoints > Admin: orders, POST …/refund; States > Refund;
// Limits: refund settlement 1-5 business days; docs/decisions/payments/orders-and-payments.md > Orders and payments: a refund
// is a record pending → completed | failed). docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes.
//
// `requestRefund` runs in the caller's transaction (the one withIdempotency stores the
// answer in, so the same Idempotency-Key twice is one refund): it locks the order, checks
// it was paid and that the amount fits what is left, records the refund `pending`, asks
// the gateway to refund (our refund id is the gateway's reference, echoed back in the
// webhook) and writes the audit row with the acting admin. A gateway that does not
// answer throws 503 and nothing is kept. The signed payment.refunded webhook completes
// the refund later (webhook.ts).
import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { writeAudit, type AuditActor } from "../audit";
import { lockOrder, seatPriceCents, seatUsageOf } from "../orders";
import { refundBalance } from "./balance";
export { refundBalance } from "./balance";
import { bratislavaDay } from "../invoices";
import { GatewayError, type PaymentRefunds } from "./gateway";

const { refunds } = schema;

export { addBusinessDays, REFUND_SETTLEMENT_BUSINESS_DAYS } from "./settlement";
import { addBusinessDays, REFUND_SETTLEMENT_BUSINESS_DAYS } from "./settlement";

export type RefundActor = AuditActor;

export type RefundInput = { orderId: string; amount: number; reason: string; alsoCancelEnrollment: boolean; seats?: number };

export type RefundAccepted = { ok: true; refundId: string; state: "pending"; estimatedSettlementDate: string };

export type RefundDeps = { refunds: PaymentRefunds; publicUrl: string; now: Date };

/** POST /api/admin/orders/<id>/refund and the admin refund page. */
export async function requestRefund(tx: DbOrTx, deps: RefundDeps, actor: RefundActor, input: RefundInput): Promise<RefundAccepted> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw new DomainError("not_found", "Objednávka sa nenašla.");
  // a refund needs money received: paid, disputed, or refunded in part already
  if (order.state !== "paid" && order.state !== "disputed" && order.state !== "refunded") {
    throw new DomainError("order_not_paid", undefined, { state: order.state });
  }
  const balance = await refundBalance(tx, order);
  if (!balance.payment) throw new DomainError("order_not_paid", undefined, { state: order.state });
  // the bank is returning the money through a chargeback: a refund now would return it twice
  if (balance.disputeOpen) throw new DomainError("order_disputed", undefined, { state: order.state });
  if (input.amount > balance.refundableCents) {
    throw new DomainError("refund_exceeds_remaining", undefined, {
      requestedCents: input.amount,
      remainingCents: balance.refundableCents,
      paidCents: balance.paidCents,
      refundedCents: balance.refundedCents,
      pendingCents: balance.pendingCents,
      chargedBackCents: balance.chargedBackCents,
    });
  }

  if (input.seats !== undefined) await checkSeatRefund(tx, order, input);

  const estimatedSettlementDate = addBusinessDays(bratislavaDay(deps.now), REFUND_SETTLEMENT_BUSINESS_DAYS);
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: balance.payment.id,
      amountCents: input.amount,
      reason: input.reason,
      alsoCancelEnrollment: input.alsoCancelEnrollment,
      seats: input.seats ?? null,
      state: "pending",
      requestedBy: actor.actorId,
      estimatedSettlementDate,
    })
    .returning({ id: refunds.id });

  let gatewayRefundId: string;
  try {
    ({ gatewayRefundId } = await deps.refunds.requestRefund({
      orderId: order.id,
      refundId: refund.id,
      transactionId: balance.payment.transactionId,
      amountCents: input.amount,
      currency: order.currency,
      reason: input.reason,
      notifyUrl: `${deps.publicUrl}/api/webhooks/payment`,
    }));
  } catch (e) {
    if (e instanceof GatewayError) throw new DomainError("payment_gateway_unavailable", undefined, {}, { cause: e });
    throw e;
  }
  await tx.update(refunds).set({ gatewayRefundId }).where(eq(refunds.id, refund.id));

  await writeAudit(tx, {
    actorId: actor.actorId,
    actorRoles: actor.actorRoles,
    ip: actor.ip ?? null,
    action: "order.refund.request",
    targetType: "order",
    targetId: order.id,
    reason: input.reason,
    details: {
      refundId: refund.id,
      amountCents: input.amount,
      currency: order.currency,
      alsoCancelEnrollment: input.alsoCancelEnrollment,
      seats: input.seats ?? null,
      gatewayRefundId,
      estimatedSettlementDate,
      remainingBeforeCents: balance.refundableCents,
    },
  });
  return { ok: true, refundId: refund.id, state: "pending", estimatedSettlementDate };
}

/**
 * A refund of a club order's unassigned seats (docs/decisions/clubs/club-seats.md > Club seats): only a club
 * order, only seats nobody holds (the order's row lock, taken above, keeps an assignment
 * from taking them meanwhile), at seats × the seat price, and never ending enrollments:
 * assigned seats stay untouched.
 */
async function checkSeatRefund(tx: DbOrTx, order: { id: string; sponsorOrgId: string | null; amountCents: number; seats: number }, input: RefundInput) {
  const seats = input.seats!;
  const invalid = (path: string, message: string) => new DomainError("validation", message, [{ path, message, code: "custom" }]);
  if (!order.sponsorOrgId) throw invalid("seats", "Miesta sa vracajú len pri klubovej objednávke.");
  if (input.alsoCancelEnrollment) throw invalid("alsoCancelEnrollment", "Vrátenie nepriradených miest neukončuje žiadny zápis.");
  const expected = seats * seatPriceCents(order);
  if (input.amount !== expected) throw invalid("amount", `Za ${seats} miest sa vracia ${expected} centov (počet miest × cena miesta).`);
  const usage = await seatUsageOf(tx, order.id);
  if (seats > usage.free)
    throw new DomainError("seats_exhausted", `Objednávka má voľných (nepriradených) miest: ${usage.free}.`, { requestedSeats: seats, freeSeats: usage.free });
}
