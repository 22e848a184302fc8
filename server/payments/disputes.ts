// An admin ends a dispute (chargeback). payment.disputed (webhook.ts) made the order
// `disputed` and suspended its active enrollments; nothing in the gateway's events lifts
// that, so the admin decides once the bank has (docs/decisions/payments/disputes-end.md > Disputes end):
// - restore ("Obnoviť prístup"): decided for us; the suspension ends, the enrollments are
//   active again and the order is `paid` again;
// - cancel ("Ukončiť prístup"): decided against us; the enrollments are cancelled (spec:
//   States > Enrollment, active → cancelled) and the order stays `disputed` (its money went
//   back through the bank, not as our refund, so it is neither paid nor refunded).
// Only a disputed order not decided yet qualifies (409 otherwise); an order without a
// suspended enrollment (a club purchase) is decided too. A lost dispute also revokes the
// certificates of the enrollments it ends and records the loss on the order (disputeLostAt).
// One transaction: the order row is locked first, then its suspended enrollments (the
// order every writer follows: the payment webhook does the same), the change, the audit
// rows (the order's, and one per enrollment) and one e-mail per enrollment through the
// queue.
import { DomainError } from "../kernel/errors";
import type { DbOrTx } from "../db";
import type { Queue } from "../queue";
import { writeAudit } from "../audit";
import { lockOrder, markOrderDisputeLost, markOrderDisputeWon, type DisputeOutcome, type DisputeResolutionResponse } from "../orders";
import { revokeCertificatesOfEnrollments } from "../certificates";
import { refundBalance } from "./balance";
import { cancelSuspendedEnrollments, liftSuspensions, lockSuspendedEnrollmentsOfOrder } from "../enrollments";
import type { RefundActor } from "./refunds";

export type DisputeResolutionInput = { orderId: string; outcome: DisputeOutcome; reason: string };
export type DisputeDeps = { queue: Queue; now: Date };

/** The enrollment's cancel reason when a lost dispute ends it (the admin's words are in the audit row). */
export const DISPUTE_CANCEL_REASON = "dispute";

export async function resolveDispute(tx: DbOrTx, deps: DisputeDeps, actor: RefundActor, input: DisputeResolutionInput): Promise<DisputeResolutionResponse> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw new DomainError("not_found", "Objednávka sa nenašla.");
  if (order.state !== "disputed") throw new DomainError("order_not_disputed", undefined, { state: order.state });
  // decided already (lost): neither outcome applies again
  if (order.disputeLostAt) throw new DomainError("no_suspended_enrollment", undefined, { state: order.state });
  const suspended = await lockSuspendedEnrollmentsOfOrder(tx, order.id);
  const ids = suspended.map((e) => e.id);

  let orderState: "paid" | "disputed" = "disputed";
  let revoked: string[] = [];
  if (input.outcome === "restore") {
    await liftSuspensions(tx, ids);
    if (await markOrderDisputeWon(tx, order.id)) orderState = "paid";
  } else {
    // the bank returned the money: access ends whatever the enrollment's state, its
    // certificates are revoked, and nothing more is refundable (docs/decisions/payments/money-back-ends-what-it-paid-for.md > Money back
    // ends what it paid for; One refundable amount)
    await cancelSuspendedEnrollments(tx, ids, deps.now, DISPUTE_CANCEL_REASON);
    await markOrderDisputeLost(tx, order.id, deps.now);
    revoked = await revokeCertificatesOfEnrollments(tx, deps, { enrollmentIds: ids, cause: "dispute", actorId: actor.actorId, orderId: order.id });
    // a refund of the same money underway or done: the student may get it twice; a person must act
    const balance = await refundBalance(tx, order);
    if (balance.pendingCents > 0 || balance.refundedCents > 0) {
      await deps.queue.enqueue(tx, "mail.send", { kind: "admin_order_alert", orderId: order.id, alert: "dispute_with_refund", ref: `lost:${order.id}` });
    }
  }

  const who = { actorId: actor.actorId, actorRoles: actor.actorRoles, ip: actor.ip ?? null };
  const audit = await writeAudit(tx, {
    ...who,
    action: `order.dispute.${input.outcome}`,
    targetType: "order",
    targetId: order.id,
    reason: input.reason,
    details: {
      outcome: input.outcome,
      previousState: order.state,
      state: orderState,
      enrollmentIds: ids,
      revokedCertificateIds: revoked,
      suspendedSince: suspended.map((e) => e.suspendedAt.toISOString()),
    },
  });
  const kind = input.outcome === "restore" ? "dispute_access_restored" : "dispute_access_ended";
  for (const e of suspended) {
    await writeAudit(tx, {
      ...who,
      action: `enrollment.dispute.${input.outcome}`,
      targetType: "enrollment",
      targetId: e.id,
      reason: input.reason,
      details: { orderId: order.id, orderAuditId: audit.id, suspendedAt: e.suspendedAt.toISOString() },
    });
    await deps.queue.enqueue(tx, "mail.send", { kind, enrollmentId: e.id, auditId: audit.id });
  }
  return {
    ok: true,
    orderId: order.id,
    outcome: input.outcome,
    orderState,
    enrollments: suspended.map((e) => ({ _id: e.id, state: input.outcome === "restore" ? e.state : ("cancelled" as const) })),
    resolvedAt: deps.now.toISOString(),
    auditId: audit.id,
  };
}
