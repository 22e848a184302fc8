// POST /api/webhooks/video (spec: Webhook receivers; Video events). No session, no Origin
// check, no rate limit: the video-signature header authenticates the provider (Mux's
// mux-signature is the same scheme). The receiver (server/video) does the rest.
import type { Route } from "./+types/video";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { depsOf } from "../../../lib/deps.server";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const ack = await services.video.receiveWebhook(depsOf(services), {
    rawBody: await request.text(),
    signature: request.headers.get("video-signature") ?? request.headers.get("mux-signature"),
    // a delivery id, when the provider sends one, keys an event without a top-level id
    deliveryId: request.headers.get("video-event-id") ?? request.headers.get("webhook-id"),
  });
  return json(ack, { headers: { "Cache-Control": "no-store" } });
});
