// POST /api/admin/orders/<id>/refund: starts a refund (header Idempotency-Key required;
// body {amount (cents), reason, alsoCancelEnrollment}) → 202 {ok, refundId, state:
// "pending", estimatedSettlementDate}; the payment.refunded webhook completes it (spec:
// Endpoints > Admin: orders; States > Refund; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { refundOrder } from "../../../../lib/admin-orders.server";
import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { adminOrdersApi, RefundRequestBody } from "#server/orders";

const route = operationRoute({
  POST: method({
    operation: [adminOrdersApi, "adminRefundOrder"],
    stepUp: true,
    body: RefundRequestBody,
    // the key's body hash is over the validated body (an omitted alsoCancelEnrollment is false)
    run: async ({ services, actor, params, body, request }) => {
      const refunded = await refundOrder(services, actor, { orderId: params.orderId, ...body }, { ...idempotencyOf(request), rawBody: body });
      // a refusal is answered by operationRoute as its error (the spec's body and status)
      return refunded.ok ? answerResponse(refunded.value) : refunded;
    },
  }),
});

export const action = route.action;
