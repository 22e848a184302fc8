// POST /api/orders/<id>/retry-payment: a new payment session for a failed or expired
// order (spec: States and transitions > Order); pending or paid → 409 order_not_retryable.
// Idempotency-Key (UUID) recommended, answered like POST /api/orders (app/lib/orders.server.ts).
import { readJson } from "../../../lib/api.server";
import { method, operationRoute } from "../../../lib/operation-route.server";
import { ordersApi } from "#server/orders";
import { retryPayment } from "../../../lib/orders.server";
import { servicesContext } from "../../../context";

import { answerResponse, idempotencyOf } from "#server/http/idempotency";

const route = operationRoute({
  POST: method({
    operation: [ordersApi, "retryOrderPayment"],
    run: async ({ request, params, context, user }) => {
      const services = context.get(servicesContext);
      // the spec gives the request no body; whatever JSON comes (empty: {}) is bound to the key
      const raw = await readJson(request);
      const { route, key } = idempotencyOf(request);
      const retried = await retryPayment(services, user, params.orderId, { route, key, rawBody: raw });
      // a refusal is answered by operationRoute as its error (the spec's body and status)
      return retried.ok ? answerResponse(retried.value) : retried;
    },
  }),
});

export const action = route.action;
