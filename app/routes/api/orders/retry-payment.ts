// POST /api/orders/<id>/retry-payment: a new payment session for a failed or expired
// order (spec: States and transitions > Order); pending or paid → 409 order_not_retryable.
// Idempotency-Key (UUID) recommended, answered like POST /api/orders (app/lib/orders.server.ts).
import type { Route } from "./+types/retry-payment";
import { apiRoute, readJson } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { retryPayment } from "../../../lib/orders.server";
import { servicesContext } from "../../../context";

import { answerResponse, idempotencyOf } from "#server/http/idempotency";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const { user } = requireUser(context);
  // the spec gives the request no body; whatever JSON comes (empty: {}) is bound to the key
  const raw = await readJson(request);
  const { route, key } = idempotencyOf(request);
  return answerResponse(await retryPayment(services, user, params.orderId, { route, key, rawBody: raw }));
});
