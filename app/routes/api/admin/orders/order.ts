// GET /api/admin/orders/<id>: the order with all payments, refunds, invoice, credit notes,
// enrollments, its audit log and the payment events about it (spec: Endpoints > Admin: orders).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { adminOrdersApi, getAdminOrder } from "#server/orders";

const route = operationRoute({
  GET: method({ operation: [adminOrdersApi, "adminGetOrder"], run: ({ services, params }) => getAdminOrder(services.db, params.orderId) }),
});

export const loader = route.loader;
