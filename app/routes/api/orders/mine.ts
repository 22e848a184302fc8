// GET /api/orders/me: the caller's orders, newest first (spec: Endpoints > Orders (student)).
import { method, operationRoute } from "../../../lib/operation-route.server";
import { listStudentOrders, ordersApi } from "#server/orders";

const route = operationRoute({
  GET: method({
    operation: [ordersApi, "listMyOrders"],
    run: async ({ services, user }) => ({ data: await listStudentOrders(services.db, user.id) }),
  }),
});

export const loader = route.loader;
