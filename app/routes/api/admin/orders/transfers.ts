// POST /api/admin/orders/<id>/transfers: the admin records a bank transfer received for an
// order with a payment request, body {amountCents, bookingDate, bankReference} → 201 with the
// result (paid, amount_mismatch, order_not_payable), 200 `duplicate` when the bank reference
// was recorded before (nothing done). Role admin, re-checked from the user cache on this
// request; audited (docs/api.md > Pay by bank transfer; docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer).
import type { Route } from "./+types/transfers";
import { apiRoute, readJsonBody } from "../../../../lib/api.server";
import { adminOf } from "../../../../lib/admin-orders.server";
import { recordTransfer } from "../../../../lib/admin-transfers.server";
import { answerResponse } from "#server/http/idempotency";
import { RecordTransferBody } from "#server/payments";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { services, actor } = adminOf(context);
  const body = await readJsonBody(request, RecordTransferBody);
  const outcome = await recordTransfer(services, actor, params.orderId, body);
  return answerResponse({ status: outcome.result === "duplicate" ? 200 : 201, body: outcome, headers: { "Cache-Control": "no-store" } });
});
