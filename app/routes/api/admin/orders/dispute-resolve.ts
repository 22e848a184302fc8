// POST /api/admin/orders/<id>/dispute/resolve: the admin ends a dispute (chargeback) with
// body {outcome: "restore" | "cancel", reason}; header Idempotency-Key optional → 200
// {ok, orderId, outcome, orderState, enrollments[], resolvedAt, auditId}; 409
// order_not_disputed / no_suspended_enrollment (docs/decisions/payments/disputes-end.md > Disputes end; docs/api.md
// > Admin: orders). Role admin, re-checked from the user cache on this request.
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { resolveOrderDispute } from "../../../../lib/admin-orders.server";
import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { adminOrdersApi, DisputeResolutionBody } from "#server/orders";

const route = operationRoute({
  POST: method({
    operation: [adminOrdersApi, "adminResolveOrderDispute"],
    // ending or restoring access is a sensitive action (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions)
    stepUp: true,
    body: DisputeResolutionBody,
    run: async ({ services, actor, params, body, request }) => {
      const resolved = await resolveOrderDispute(services, actor, { orderId: params.orderId, ...body }, { ...idempotencyOf(request), rawBody: body });
      // a refusal is answered by operationRoute as its error (the spec's body and status)
      return resolved.ok ? answerResponse(resolved.value) : resolved;
    },
  }),
});

export const action = route.action;
