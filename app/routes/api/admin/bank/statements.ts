// POST /api/admin/bank-statements: the bank's ISO 20022 CAMT.053 statement (application/xml)
// of the academy's account → 200 {statements, credits[], counts}; booked credits are matched
// by variable symbol and amount, a match pays its order, a wrong amount is flagged, an unknown
// variable symbol is reported; the same statement again changes nothing. Not XML, not a
// statement, or another account's → 422. Role admin, re-checked on this request; audited
// (docs/api.md > Pay by bank transfer).
import type { Route } from "./+types/statements";
import { apiRoute } from "../../../../lib/api.server";
import { adminOf } from "../../../../lib/admin-orders.server";
import { importStatement, statementText } from "../../../../lib/admin-transfers.server";
import { answerResponse } from "#server/http/idempotency";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const { services, actor } = adminOf(context);
  const result = await importStatement(services, actor, await statementText(request));
  return answerResponse({ status: 200, body: result, headers: { "Cache-Control": "no-store" } });
});
