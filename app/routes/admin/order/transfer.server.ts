// The admin order page's bank transfer section: the payment request and the credits recorded
// for it (loader), and "Zaznamenať prijatý prevod" (action intent record-transfer), which calls
// the same recordTransfer as POST /api/admin/orders/<id>/transfers (docs/decisions/payments/pay-by-bank-transfer.md > Pay by
// bank transfer). The role is re-checked by the page's loader and action.
import { data, redirect } from "react-router";
import type { Route } from "../+types/order";
import { servicesContext } from "../../../context";
import { formRefusalOf } from "../../../lib/page.server";
import { actorOf, type requireRoleForPage } from "../../../lib/auth.server";
import { recordTransfer } from "../../../lib/admin-transfers.server";
import { bankTransfersOfOrder, decimalToCents, RecordTransferBody } from "#server/payments";
import { orderPaymentRequest } from "#server/orders";
import { bratislavaDay } from "#server/invoices";
import { formatMoney } from "#server/money";
import { formatDate, formatDateTime } from "#shared/format";
import type { Database } from "#server/db";

export const TRANSFER_STATE_LABELS: Record<string, string> = {
  paid: "Zaplatila objednávku",
  amount_mismatch: "Nesprávna suma – nezapočítaná",
  order_not_payable: "Objednávku nemožno zaplatiť – nezapočítaná",
  unmatched: "Nepriradená",
};

/** The section's data; null for an order without a payment request. */
export async function transferSectionOf(db: Database, orderId: string, now: Date) {
  const found = await orderPaymentRequest(db, orderId);
  if (!found) return null;
  const { request, state } = found;
  const credits = await bankTransfersOfOrder(db, orderId);
  return {
    variableSymbol: request.variableSymbol,
    iban: request.iban,
    amount: formatMoney(request.amountCents, request.currency),
    amountDefault: (request.amountCents / 100).toFixed(2).replace(".", ","),
    dueOn: formatDate(request.dueDate),
    today: bratislavaDay(now),
    recordable: state === "pending" || state === "failed" || state === "expired",
    credits: credits.map((c) => ({
      id: c.id,
      amount: formatMoney(c.amountCents, c.currency),
      bookedOn: formatDate(c.bookingDate),
      reference: c.bankReference,
      source: c.source === "camt053" ? `výpis ${c.statementId ?? ""}` : "zaznamenal administrátor",
      state: c.state,
      stateLabel: TRANSFER_STATE_LABELS[c.state] ?? c.state,
      flagged: c.state !== "paid",
      recordedAt: formatDateTime(c.createdAt),
    })),
  };
}

/** "Zaznamenať prijatý prevod": amount in euros ("123,45"), booking date, bank reference. */
export async function recordTransferAction(
  context: Route.ActionArgs["context"],
  formData: FormData,
  orderId: string,
  user: ReturnType<typeof requireRoleForPage>["user"],
) {
  const amountCents = decimalToCents(
    String(formData.get("amount") ?? "")
      .trim()
      .replace(/\s/g, "")
      .replace(",", "."),
  );
  const parsed = RecordTransferBody.safeParse({
    amountCents,
    bookingDate: String(formData.get("bookingDate") ?? ""),
    bankReference: String(formData.get("bankReference") ?? ""),
  });
  if (!parsed.success) {
    return data({ transferRefusal: "Vyplňte sumu (napr. 120,00), dátum pripísania a referenciu platby z banky." }, { status: 422 });
  }
  const recorded = await recordTransfer(context.get(servicesContext), actorOf(context, user), orderId, parsed.data);
  if (!recorded.ok) {
    // an unknown order is the error page; the other refusals go back to the form
    if (!formRefusalOf(recorded.error)) throw recorded.error;
    return data({ transferRefusal: recorded.error.message }, { status: recorded.error.status });
  }
  const { result } = recorded.value;
  return redirect(`/admin/objednavky/${orderId}?hotovo=prevod-${result === "paid" ? "zaplatil" : result === "duplicate" ? "duplicitny" : "oznaceny"}`);
}
