// GET /api/orders/<id>/credit-notes/<creditNoteId>: a credit note PDF of the owner's order
// (a refund of an invoiced order; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes); anyone
// else's order → 404, like the invoice. With `Accept: application/xml` (or ?format=xml):
// its e-invoice (UBL CreditNote) when the order is a company's.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { creditNotePdfResponse } from "../../../lib/admin-orders.server";
import { servicesContext } from "../../../context";

import { adminOrdersApi, assertOrderOwner } from "#server/orders";
import { eInvoiceXmlResponse, prefersXml } from "../../../lib/einvoice.server";

const route = operationRoute({
  GET: method({
    operation: [adminOrdersApi, "getMyOrderCreditNote"],
    run: async ({ request, params, context, user }) => {
      const services = context.get(servicesContext);
      const order = await assertOrderOwner(services.db, user.id, params.orderId);
      if (prefersXml(request)) return eInvoiceXmlResponse(services.db, order.id, params.creditNoteId);
      return creditNotePdfResponse(services, order.id, params.creditNoteId);
    },
  }),
});

export const loader = route.loader;
