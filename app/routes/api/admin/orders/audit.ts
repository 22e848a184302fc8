// GET /api/admin/orders/<id>/audit: the order's audit log, newest first, paged (spec:
// Endpoints > Admin: orders).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { AdminPagingQuery, adminOrdersApi, getAdminOrderAudit } from "#server/orders";

const route = operationRoute({
  GET: method({
    operation: [adminOrdersApi, "adminGetOrderAudit"],
    query: AdminPagingQuery,
    run: ({ services, params, query }) => getAdminOrderAudit(services.db, params.orderId, query),
  }),
});

export const loader = route.loader;
