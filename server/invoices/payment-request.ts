// The payment request ("Výzva na úhradu") of an order paid by bank transfer
// (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer): NOT a tax invoice. It names the academy's
// account (the invoice supplier's IBAN and BIC), the order's variable symbol, the amount,
// the due date and carries a PAY by square code; the tax invoice follows when the money
// arrives (its supply date is the transfer's booking date). Pure: data in, PDF bytes out.
import type { InvoiceSupplier } from "../config";
import { bratislavaDay } from "../../shared/calendar";
import { formatMoney } from "../money";
import { formatDate } from "../../shared/format";
import { startPdf } from "../pdf";
import { customerFromBilling } from "./billing";
import { CONTENT, drawParties, GREY, PAGE, rule } from "./tax-document-pdf";
import { payBySquare, payBySquarePng } from "./pay-by-square";
import { issuingSupplier } from "./einvoice";

/** What a payment request says; made from the order and the configured supplier. */
export type PaymentRequest = {
  orderId: string;
  courseTitle: string;
  variableSymbol: string;
  amountCents: number;
  currency: string;
  /** YYYY-MM-DD (Europe/Bratislava) */
  dueDate: string;
  /** YYYY-MM-DD: the day it was issued */
  issueDate: string;
  iban: string;
  bic: string | null;
  beneficiary: string;
  /** the PAY by square string (the QR code's content) */
  payBySquare: string;
};

export type PaymentRequestOrder = {
  id: string;
  courseTitle: string;
  amountCents: number;
  currency: string;
  transferVariableSymbol: string | null;
  transferDueDate: string | null;
  transferRequestedAt: Date | null;
};

/** The order's payment request, or null when it has none (a card order). */
export function paymentRequestOf(order: PaymentRequestOrder, supplier: InvoiceSupplier = issuingSupplier()): PaymentRequest | null {
  if (!order.transferVariableSymbol || !order.transferDueDate || !order.transferRequestedAt) return null;
  const iban = supplier.iban.replace(/\s+/g, "").toUpperCase();
  return {
    orderId: order.id,
    courseTitle: order.courseTitle,
    variableSymbol: order.transferVariableSymbol,
    amountCents: order.amountCents,
    currency: order.currency,
    dueDate: order.transferDueDate,
    issueDate: bratislavaDay(order.transferRequestedAt),
    iban,
    bic: supplier.bic ?? null,
    beneficiary: supplier.name,
    payBySquare: payBySquare({
      amountCents: order.amountCents,
      currency: order.currency,
      iban,
      bic: supplier.bic,
      variableSymbol: order.transferVariableSymbol,
      dueDate: order.transferDueDate,
      beneficiaryName: supplier.name,
      note: `Objednávka ${order.id}`,
    }),
  };
}

/** "vyzva-na-uhradu-1000000042.pdf" */
export function paymentRequestFileName(variableSymbol: string): string {
  return `vyzva-na-uhradu-${variableSymbol}.pdf`;
}

/** The payment request as a PDF (A4, DejaVu Sans, the same layout words as the invoice). */
export async function renderPaymentRequestPdf(
  request: PaymentRequest,
  order: { billingDetails: Record<string, unknown>; studentDisplayName: string },
  supplier: InvoiceSupplier = issuingSupplier(),
): Promise<Uint8Array> {
  const png = await payBySquarePng(request.payBySquare);
  const createdAt = new Date(`${request.issueDate}T12:00:00Z`);
  const { doc, done } = startPdf({
    margin: PAGE.margin,
    title: `Výzva na úhradu ${request.variableSymbol}`,
    author: supplier.name,
    subject: `Výzva na úhradu objednávky ${request.orderId} (nie je daňový doklad)`,
    createdAt,
  });
  const left = PAGE.margin;
  const money = formatMoney(request.amountCents, request.currency);
  doc.font("bold").fontSize(18).fillColor("black").text("Výzva na úhradu", left, 50, { width: CONTENT });
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(GREY)
    .text("Toto nie je daňový doklad. Faktúru (daňový doklad) vystavíme po prijatí platby.", left, 76, { width: CONTENT });
  rule(doc, 96);

  const facts: [string, string][] = [
    ["Suma na úhradu:", money],
    ["Variabilný symbol:", request.variableSymbol],
    ["IBAN:", request.iban],
    ...(request.bic ? ([["BIC (SWIFT):", request.bic]] as [string, string][]) : []),
    ["Príjemca:", request.beneficiary],
    ["Splatnosť:", formatDate(request.dueDate)],
    ["Dátum vystavenia:", formatDate(request.issueDate)],
    ["Číslo objednávky:", request.orderId],
    ["Predmet:", `Online kurz „${request.courseTitle}“`],
  ];
  let y = 108;
  for (const [label, value] of facts) {
    doc.font("regular").fontSize(10).fillColor(GREY).text(label, left, y, { width: 120 });
    doc
      .font(label === "Suma na úhradu:" || label === "Variabilný symbol:" ? "bold" : "regular")
      .fontSize(10)
      .fillColor("black")
      .text(value, left + 120, y, { width: CONTENT - 260 });
    y = Math.max(y + 16, doc.y + 2);
  }
  doc.image(png, left + CONTENT - 120, 108, { width: 120 });
  doc
    .font("bold")
    .fontSize(8)
    .fillColor(GREY)
    .text("PAY by square", left + CONTENT - 120, 232, { width: 120, align: "center" });
  y = Math.max(y, 250) + 8;
  rule(doc, y);

  y = drawParties(doc, y + 12, supplier, customerFromBilling(order.billingDetails, order.studentDisplayName));
  rule(doc, y);
  doc
    .font("regular")
    .fontSize(10)
    .fillColor("black")
    .text(
      `Uhraďte, prosím, ${money} prevodom na účet ${request.iban} s variabilným symbolom ${request.variableSymbol} do ${formatDate(request.dueDate)}, ` +
        "alebo naskenujte kód PAY by square v aplikácii svojej banky. Bez správneho variabilného symbolu platbu nevieme priradiť. " +
        "Neuhradená výzva po splatnosti zanikne a objednávka vyprší.",
      left,
      y + 12,
      { width: CONTENT, lineGap: 2 },
    );
  doc
    .font("regular")
    .fontSize(7.5)
    .fillColor(GREY)
    .text(`${supplier.name}, IČO ${supplier.ico}, IČ DPH ${supplier.icDph}`, left, 755, { width: CONTENT, align: "center" });
  doc.end();
  return done;
}
