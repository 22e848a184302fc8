// GET /api/admin/orders/<id>/credit-notes/<creditNoteId>: a credit note PDF of any order
// (admins; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes).
import type { Route } from "./+types/credit-note";
import { apiRoute } from "../../../../lib/api.server";
import { creditNotePdfResponse, adminOf } from "../../../../lib/admin-orders.server";

import { eInvoiceXmlResponse, prefersXml } from "../../../../lib/einvoice.server";

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { services } = adminOf(context);
  // Accept: application/xml (or ?format=xml): the e-invoice (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  if (prefersXml(request)) return eInvoiceXmlResponse(services.db, params.orderId, params.creditNoteId);
  return creditNotePdfResponse(services, params.orderId, params.creditNoteId);
});
