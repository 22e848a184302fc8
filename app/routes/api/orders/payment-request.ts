// GET /api/orders/<id>/payment-request: the payment request PDF (Výzva na úhradu, not a tax
// invoice) of the owner's order paid by bank transfer (docs/api.md > Pay by bank transfer);
// a card order or anyone else's order → 404. Rendered on request from the order (the same
// data always draws the same document).
import { method, operationRoute } from "../../../lib/operation-route.server";
import { servicesContext } from "../../../context";
import { DomainError } from "#server/kernel/errors";
import { ordersApi, assertOrderOwner } from "#server/orders";
import { paymentRequestFileName, paymentRequestOf, renderPaymentRequestPdf } from "#server/invoices";

const route = operationRoute({
  GET: method({
    operation: [ordersApi, "getMyOrderPaymentRequest"],
    run: async ({ params, context, user }) => {
      const { db } = context.get(servicesContext);
      const order = await assertOrderOwner(db, user.id, params.orderId);
      const request = paymentRequestOf(order);
      if (!request) throw new DomainError("not_found", "Objednávka nemá výzvu na úhradu prevodom.");
      const pdf = await renderPaymentRequestPdf(request, order);
      return new Response(Buffer.from(pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${paymentRequestFileName(request.variableSymbol)}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  }),
});

export const loader = route.loader;
