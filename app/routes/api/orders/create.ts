// POST /api/orders (spec: Endpoints > Orders (student); Limits: 5 per hour per student).
import type { Route } from "./+types/create";
import { apiRoute, readJson } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { placeOrder } from "../../../lib/orders.server";
import { servicesContext } from "../../../context";
import { DomainError, zodDetails } from "#server/http/errors";
import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { CreateOrderBody } from "#server/orders";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const { user } = requireUser(context);
  // the raw body too: the idempotency key is bound to it
  const raw = await readJson(request);
  const parsed = CreateOrderBody.safeParse(raw);
  if (!parsed.success) throw new DomainError("validation", undefined, zodDetails(parsed.error.issues));
  const { route, key } = idempotencyOf(request);
  return answerResponse(await placeOrder(services, user, parsed.data, { route, key, rawBody: raw }));
});
