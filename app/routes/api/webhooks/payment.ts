import { operationRoute, signedMethod } from "../../../lib/operation-route.server";
import { depsOf } from "../../../lib/deps.server";
import { json } from "#server/kernel/errors";
import { paymentsApi } from "#server/payments";

const route = operationRoute({
  POST: signedMethod({
    operation: [paymentsApi, "receivePaymentEvent"],
    run: async ({ services, request }) => {
      const ack = await services.payments.receiveWebhook(depsOf(services), {
        rawBody: await request.text(),
        contentType: request.headers.get("content-type"),
        signature: request.headers.get("x-payment-signature"),
        eventIdHeader: request.headers.get("x-payment-event-id"),
        timestamp: request.headers.get("x-payment-timestamp"),
      });
      return json(ack, { headers: { "Cache-Control": "no-store" } });
    },
  }),
});

export const action = route.action;
