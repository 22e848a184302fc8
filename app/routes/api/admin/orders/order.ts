// GET /api/admin/orders/<id>: the order with all payments, refunds, invoice, credit notes,
// enrollments, its audit log and the payment events about it (spec: Endpoints > Admin: orders).
import type { Route } from "./+types/order";
import { apiRoute } from "../../../../lib/api.server";
import { adminOf } from "../../../../lib/admin-orders.server";
import { json } from "#server/http/errors";
import { getAdminOrder } from "#server/orders";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { services } = adminOf(context);
  return json(await getAdminOrder(services.db, params.orderId), { headers: { "Cache-Control": "private, no-store" } });
});
