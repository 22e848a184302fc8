// POST /api/orders (spec: Endpoints > Orders (student); Limits: 5 per hour per student).
import { readJson } from "../../../lib/api.server";
import { method, operationRoute } from "../../../lib/operation-route.server";
import { placeOrder } from "../../../lib/orders.server";
import { servicesContext } from "../../../context";
import { DomainError, zodDetails } from "#server/kernel/errors";
import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { ordersApi, CreateOrderBody } from "#server/orders";

const route = operationRoute({
  POST: method({
    operation: [ordersApi, "createOrder"],
    run: async ({ request, context, user }) => {
      const services = context.get(servicesContext);
      // the raw body too: the idempotency key is bound to it
      const raw = await readJson(request);
      const parsed = CreateOrderBody.safeParse(raw);
      if (!parsed.success) throw new DomainError("validation", undefined, zodDetails(parsed.error.issues));
      const { route, key } = idempotencyOf(request);
      const placed = await placeOrder(services, user, parsed.data, { route, key, rawBody: raw });
      // a refusal is answered by operationRoute as its error (the spec's body and status)
      return placed.ok ? answerResponse(placed.value) : placed;
    },
  }),
});

export const action = route.action;
