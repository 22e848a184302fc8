// POST /api/orders/<id>/retry-payment: a new payment session for a failed or expired
// order (spec: States and transitions > Order); pending or paid → 409 order_not_retryable.
import type { Route } from "./+types/retry-payment";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";
import { json, methodNotAllowed } from "#server/http/errors";
import { retryOrderPayment } from "#server/orders";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const services = context.get(servicesContext);
  const { user } = requireUser(context);
  const deps = { sessions: services.payments.sessions, publicUrl: services.site.publicUrl, now: services.clock.now() };
  const answer = await services.db.transaction((tx) => retryOrderPayment(tx, deps, user.id, params.orderId));
  return json(answer, { headers: { "Cache-Control": "no-store" } });
});

export const loader = () => methodNotAllowed(["POST"]);
