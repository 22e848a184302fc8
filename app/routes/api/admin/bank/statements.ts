import { method, operationRoute } from "../../../../lib/operation-route.server";
import { importStatement, statementText } from "../../../../lib/admin-transfers.server";
import { answerResponse } from "#server/http/idempotency";
import { paymentsApi } from "#server/payments";

const route = operationRoute({
  POST: method({
    operation: [paymentsApi, "importBankStatement"],
    run: async ({ services, actor, request }) => {
      const imported = await importStatement(services, actor, await statementText(request));
      return imported.ok ? answerResponse({ status: 200, body: imported.value, headers: { "Cache-Control": "no-store" } }) : imported;
    },
  }),
});

export const action = route.action;
