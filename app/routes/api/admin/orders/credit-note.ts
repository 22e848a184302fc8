// GET /api/admin/orders/<id>/credit-notes/<creditNoteId>: a credit note PDF of any order
// (admins; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { creditNotePdfResponse } from "../../../../lib/admin-orders.server";
import { eInvoiceXmlResponse, prefersXml } from "../../../../lib/einvoice.server";
import { adminOrdersApi } from "#server/orders";

const route = operationRoute({
  GET: method({
    operation: [adminOrdersApi, "adminGetOrderCreditNote"],
    // Accept: application/xml (or ?format=xml): the e-invoice (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
    run: async ({ services, params, request }) =>
      prefersXml(request)
        ? eInvoiceXmlResponse(services.db, params.orderId, params.creditNoteId)
        : creditNotePdfResponse(services, params.orderId, params.creditNoteId),
  }),
});

export const loader = route.loader;
