import { operationRoute, signedMethod } from "../../../lib/operation-route.server";
import { depsOf } from "../../../lib/deps.server";
import { json } from "#server/kernel/errors";
import { videoApi } from "#server/video";

const route = operationRoute({
  POST: signedMethod({
    operation: [videoApi, "receiveVideoEvent"],
    run: async ({ services, request }) => {
      const ack = await services.video.receiveWebhook(depsOf(services), {
        rawBody: await request.text(),
        signature: request.headers.get("video-signature") ?? request.headers.get("mux-signature"),
        // a delivery id, when the provider sends one, keys an event without a top-level id
        deliveryId: request.headers.get("video-event-id") ?? request.headers.get("webhook-id"),
      });
      return json(ack, { headers: { "Cache-Control": "no-store" } });
    },
  }),
});

export const action = route.action;
