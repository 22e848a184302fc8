// POST /api/webhooks/payment (spec: Webhook receivers; Events > General receiver rules,
// Payment events). No session, no Origin check, no rate limit: the signature of the raw
// body authenticates the gateway. The receiver (server/payments) does the rest.
import type { Route } from "./+types/payment";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { depsOf } from "../../../lib/deps.server";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const ack = await services.payments.receiveWebhook(depsOf(services), {
    rawBody: await request.text(),
    contentType: request.headers.get("content-type"),
    signature: request.headers.get("x-payment-signature"),
    eventIdHeader: request.headers.get("x-payment-event-id"),
    timestamp: request.headers.get("x-payment-timestamp"),
  });
  return json(ack, { headers: { "Cache-Control": "no-store" } });
});
