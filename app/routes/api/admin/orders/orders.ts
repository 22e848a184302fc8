// GET /api/admin/orders: orders, newest first, filtered by state, studentId, courseId,
// createdAfter, createdBefore; paged (spec: Endpoints > Admin: orders; docs/api.md).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { AdminOrderListQuery, adminOrdersApi, listAdminOrders } from "#server/orders";

const route = operationRoute({
  GET: method({
    operation: [adminOrdersApi, "adminListOrders"],
    query: AdminOrderListQuery,
    run: ({ services, query }) => listAdminOrders(services.db, query),
  }),
});

export const loader = route.loader;
