// GET /api/admin/orders/<id>/invoice: the stored invoice PDF of any order (admins);
// 404 before payment and for the seconds before the render job stored it.
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { invoicePdfResponse } from "../../../../lib/admin-orders.server";
import { eInvoiceXmlResponse, prefersXml } from "../../../../lib/einvoice.server";
import { adminOrdersApi } from "#server/orders";

const route = operationRoute({
  GET: method({
    operation: [adminOrdersApi, "adminGetOrderInvoice"],
    // Accept: application/xml (or ?format=xml): the e-invoice (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
    run: async ({ services, params, request }) =>
      prefersXml(request) ? eInvoiceXmlResponse(services.db, params.orderId) : invoicePdfResponse(services, params.orderId),
  }),
});

export const loader = route.loader;
