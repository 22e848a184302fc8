// GET /api/orders/<id>: the owner's order with its latest Payment and invoice URL; anyone
// else's order answers 404 like a missing one (docs/decisions/platform/errors-and-auth.md > Errors and auth).
import { method, operationRoute } from "../../../lib/operation-route.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { ordersApi, getStudentOrder } from "#server/orders";

const route = operationRoute({
  GET: method({
    operation: [ordersApi, "getMyOrder"],
    run: async ({ params, context, user }) => {
      const order = await getStudentOrder(context.get(servicesContext).db, user.id, params.orderId);
      return json(order, { headers: { "Cache-Control": "private, no-store" } });
    },
  }),
});

export const loader = route.loader;
