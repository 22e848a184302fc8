// POST /api/admin/orders/<id>/dispute/resolve: the admin ends a dispute (chargeback) with
// body {outcome: "restore" | "cancel", reason}; header Idempotency-Key optional → 200
// {ok, orderId, outcome, orderState, enrollments[], resolvedAt, auditId}; 409
// order_not_disputed / no_suspended_enrollment (docs/decisions/payments/disputes-end.md > Disputes end; docs/api.md
// > Admin: orders). Role admin, re-checked from the user cache on this request.
import type { Route } from "./+types/dispute-resolve";
import { apiRoute, readJsonBody } from "../../../../lib/api.server";
import { adminOf, resolveOrderDispute } from "../../../../lib/admin-orders.server";
import { requireRecentSignIn } from "../../../../lib/step-up.server";

import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { DisputeResolutionBody } from "#server/orders";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { services, actor } = adminOf(context);
  // ending or restoring access is a sensitive action (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions)
  requireRecentSignIn(request, context);
  const body = await readJsonBody(request, DisputeResolutionBody);
  return answerResponse(await resolveOrderDispute(services, actor, { orderId: params.orderId, ...body }, { ...idempotencyOf(request), rawBody: body }));
});
