// GET /api/admin/orders/<id>/audit: the order's audit log, newest first, paged (spec:
// Endpoints > Admin: orders).
import type { Route } from "./+types/audit";
import { apiRoute } from "../../../../lib/api.server";
import { parseQuery, adminOf } from "../../../../lib/admin-orders.server";
import { json } from "#server/http/errors";
import { AdminPagingQuery, getAdminOrderAudit } from "#server/orders";

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { services } = adminOf(context);
  const query = parseQuery(new URL(request.url), AdminPagingQuery);
  return json(await getAdminOrderAudit(services.db, params.orderId, query), { headers: { "Cache-Control": "private, no-store" } });
});
