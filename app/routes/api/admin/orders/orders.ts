// GET /api/admin/orders: orders, newest first, filtered by state, studentId, courseId,
// createdAfter, createdBefore; paged (spec: Endpoints > Admin: orders; docs/api.md).
import type { Route } from "./+types/orders";
import { apiRoute } from "../../../../lib/api.server";
import { parseQuery, adminOf } from "../../../../lib/admin-orders.server";
import { json } from "#server/http/errors";
import { AdminOrderListQuery, listAdminOrders } from "#server/orders";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { services } = adminOf(context);
  const query = parseQuery(new URL(request.url), AdminOrderListQuery);
  return json(await listAdminOrders(services.db, query), { headers: { "Cache-Control": "private, no-store" } });
});
