// GET /api/orders/<id>/credit-notes/<creditNoteId>: a credit note PDF of the owner's order
// (a refund of an invoiced order; docs/decisions.md > Refunds and credit notes); anyone
// else's order → 404, like the invoice.
import type { Route } from "./+types/credit-note";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { creditNotePdfResponse } from "../../../lib/admin-orders.server";
import { servicesContext } from "../../../context";
import { methodNotAllowed } from "#server/http/errors";
import { assertOrderOwner } from "#server/orders";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const services = context.get(servicesContext);
  const order = await assertOrderOwner(services.db, user.id, params.orderId);
  return creditNotePdfResponse(services, order.id, params.creditNoteId);
});

export const action = () => methodNotAllowed(["GET"]);
