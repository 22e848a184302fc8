import { method, operationRoute } from "../../../../lib/operation-route.server";
import { recordTransfer } from "../../../../lib/admin-transfers.server";
import { answerResponse } from "#server/http/idempotency";
import { paymentsApi, RecordTransferBody } from "#server/payments";

const route = operationRoute({
  POST: method({
    operation: [paymentsApi, "recordOrderTransfer"],
    body: RecordTransferBody,
    run: async ({ services, actor, params, body }) => {
      const recorded = await recordTransfer(services, actor, params.orderId, body);
      if (!recorded.ok) return recorded;
      const outcome = recorded.value;
      return answerResponse({ status: outcome.result === "duplicate" ? 200 : 201, body: outcome, headers: { "Cache-Control": "no-store" } });
    },
  }),
});

export const action = route.action;
