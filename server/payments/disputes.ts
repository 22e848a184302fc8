// An admin ends a dispute (chargeback). payment.disputed (webhook.ts) made the order
// `disputed` and suspended its active enrollments; nothing in the gateway's events lifts
// that, so the admin decides once the bank has (docs/decisions.md > Disputes end):
// - restore ("Obnoviť prístup"): decided for us; the suspension ends, the enrollments are
//   active again and the order is `paid` again;
// - cancel ("Ukončiť prístup"): decided against us; the enrollments are cancelled (spec:
//   States > Enrollment, active → cancelled) and the order stays `disputed` (its money went
//   back through the bank, not as our refund, so it is neither paid nor refunded).
// Only a disputed order with at least one suspended enrollment qualifies (409 otherwise).
// One transaction: the order row is locked first, then its suspended enrollments (the
// order every writer follows: the payment webhook does the same), the change, the audit
// rows (the order's, and one per enrollment) and one e-mail per enrollment through the
// queue.
import { DomainError } from "../http/errors";
import type { DbOrTx } from "../db";
import type { Queue } from "../queue";
import { writeAudit } from "../audit";
import { lockOrder, markOrderDisputeWon, type DisputeOutcome, type DisputeResolutionResponse } from "../orders";
import { cancelSuspendedEnrollments, liftSuspensions, lockSuspendedEnrollmentsOfOrder } from "../enrollments";
import type { RefundActor } from "./refunds";

export type DisputeResolutionInput = { orderId: string; outcome: DisputeOutcome; reason: string };
export type DisputeDeps = { queue: Queue; now: Date };

/** The enrollment's cancel reason when a lost dispute ends it (the admin's words are in the audit row). */
export const DISPUTE_CANCEL_REASON = "dispute";

export async function resolveDispute(
  tx: DbOrTx,
  deps: DisputeDeps,
  actor: RefundActor,
  input: DisputeResolutionInput,
): Promise<DisputeResolutionResponse> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw new DomainError("not_found", "Objednávka sa nenašla.");
  if (order.state !== "disputed") throw new DomainError("order_not_disputed", undefined, { state: order.state });
  const suspended = await lockSuspendedEnrollmentsOfOrder(tx, order.id);
  if (suspended.length === 0) throw new DomainError("no_suspended_enrollment", undefined, { state: order.state });
  const ids = suspended.map((e) => e.id);

  let orderState: "paid" | "disputed" = "disputed";
  if (input.outcome === "restore") {
    await liftSuspensions(tx, ids);
    if (await markOrderDisputeWon(tx, order.id)) orderState = "paid";
  } else {
    await cancelSuspendedEnrollments(tx, ids, deps.now, DISPUTE_CANCEL_REASON);
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
    enrollments: ids.map((id) => ({ _id: id, state: input.outcome === "restore" ? ("active" as const) : ("cancelled" as const) })),
    resolvedAt: deps.now.toISOString(),
    auditId: audit.id,
  };
}
