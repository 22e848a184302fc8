// GET /api/orders/<id>/payment-request: the payment request PDF (Výzva na úhradu, not a tax
// invoice) of the owner's order paid by bank transfer (docs/api.md > Pay by bank transfer);
// a card order or anyone else's order → 404. Rendered on request from the order (the same
// data always draws the same document).
import type { Route } from "./+types/payment-request";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";
import { DomainError } from "#server/http/errors";
import { assertOrderOwner } from "#server/orders";
import { paymentRequestFileName, paymentRequestOf, renderPaymentRequestPdf } from "#server/invoices";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
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
});
