// GET /api/orders/<id>: the owner's order with its latest Payment and invoice URL; anyone
// else's order answers 404 like a missing one (docs/decisions/platform/errors-and-auth.md > Errors and auth).
import type { Route } from "./+types/order";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { getStudentOrder } from "#server/orders";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const order = await getStudentOrder(context.get(servicesContext).db, user.id, params.orderId);
  return json(order, { headers: { "Cache-Control": "private, no-store" } });
});
