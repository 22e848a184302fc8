// GET /api/orders/<id>/invoice: the stored tax invoice PDF of the owner's paid order
// (spec: Endpoints > Orders (student)); before payment (or before the render job has
// stored it, a few seconds after payment) → 404; anyone else's order → 404. With
// `Accept: application/xml` (or ?format=xml): the e-invoice (UBL) of a company order.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { servicesContext } from "../../../context";
import { ordersApi, assertOrderOwner } from "#server/orders";
import { invoiceFileName, storedInvoicePdf } from "#server/invoices";
import { eInvoiceXmlResponse, prefersXml } from "../../../lib/einvoice.server";

const route = operationRoute({
  GET: method({
    operation: [ordersApi, "getMyOrderInvoice"],
    run: async ({ request, params, context, user }) => {
      const { db } = context.get(servicesContext);
      const order = await assertOrderOwner(db, user.id, params.orderId);
      if (prefersXml(request)) return eInvoiceXmlResponse(db, order.id);
      const stored = await storedInvoicePdf(db, order.id, "Objednávka zatiaľ nemá faktúru.");
      if (!stored.ok) return stored;
      const invoice = stored.value;
      return new Response(Buffer.from(invoice.pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${invoiceFileName(invoice.number)}"`,
          "Cache-Control": "private, no-store",
          Vary: "Accept",
        },
      });
    },
  }),
});

export const loader = route.loader;
