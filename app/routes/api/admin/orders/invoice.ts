// GET /api/admin/orders/<id>/invoice: the stored invoice PDF of any order (admins);
// 404 before payment and for the seconds before the render job stored it.
import type { Route } from "./+types/invoice";
import { apiRoute } from "../../../../lib/api.server";
import { invoicePdfResponse, adminOf } from "../../../../lib/admin-orders.server";

import { eInvoiceXmlResponse, prefersXml } from "../../../../lib/einvoice.server";

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { services } = adminOf(context);
  // Accept: application/xml (or ?format=xml): the e-invoice (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  if (prefersXml(request)) return eInvoiceXmlResponse(services.db, params.orderId);
  return invoicePdfResponse(services, params.orderId);
});
