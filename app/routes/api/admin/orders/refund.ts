// POST /api/admin/orders/<id>/refund: starts a refund (header Idempotency-Key required;
// body {amount (cents), reason, alsoCancelEnrollment}) → 202 {ok, refundId, state:
// "pending", estimatedSettlementDate}; the payment.refunded webhook completes it (spec:
// Endpoints > Admin: orders; States > Refund; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes).
import type { Route } from "./+types/refund";
import { apiRoute, readJsonBody } from "../../../../lib/api.server";
import { refundOrder, adminOf } from "../../../../lib/admin-orders.server";
import { requireRecentSignIn } from "../../../../lib/step-up.server";

import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { RefundRequestBody } from "#server/orders";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { services, actor } = adminOf(context);
  requireRecentSignIn(request, context);
  const body = await readJsonBody(request, RefundRequestBody);
  // the key's body hash is over the validated body (an omitted alsoCancelEnrollment is false)
  return answerResponse(await refundOrder(services, actor, { orderId: params.orderId, ...body }, { ...idempotencyOf(request), rawBody: body }));
});
