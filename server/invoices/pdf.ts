// The Slovak tax invoice ("Faktúra – daňový doklad") as a PDF in the tax documents'
// layout (tax-document-pdf.ts: pdfkit, DejaVu Sans): its facts, its line with the
// quantity, what is due and the PAY by square code. Pure: data in, bytes out; the caller
// stores the bytes once (render.ts). Amounts and rates come formatted from server/money.
import type { InvoiceSupplier } from "../config";
import { formatMoney, formatVatRate, type PriceBreakdown } from "../money";
import { formatDate } from "../../shared/format";
import type { InvoiceCustomer } from "./billing";
import { payBySquare, payBySquarePng } from "./pay-by-square";
import { CONTENT, GREY, PAGE, renderTaxDocument, rule, SUMMARY_LEFT } from "./tax-document-pdf";

export type InvoiceDocument = {
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** YYYY-MM-DD, the day of the successful payment */
  supplyDate: string;
  variableSymbol: string;
  orderId: string;
  paymentMethod: string;
  /** the payment's method as the gateway names it ("card"), for the e-invoice's payment means */
  paymentMeans: string | null;
  supplier: InvoiceSupplier;
  customer: InvoiceCustomer;
  line: { description: string; quantity: number };
  /** net, VAT = net × rate rounded (EN 16931), and their sum (server/einvoices amountsFromGross) */
  price: PriceBreakdown;
  /** the cent that makes net + VAT meet the price paid (0 for most prices) */
  roundingCents: number;
  /** what the buyer paid: price.withVatCents + roundingCents */
  paidCents: number;
  /** written into the PDF's metadata, so the same data renders the same bytes */
  createdAt: Date;
};

/** What the invoice still asks the buyer to pay (0 when paid online before it was issued). */
export function amountDue(data: Pick<InvoiceDocument, "price" | "roundingCents" | "paidCents">): number {
  return data.price.withVatCents + data.roundingCents - data.paidCents;
}

/** The PAY by square string of an invoice that asks for a bank payment; null when nothing is due. */
export function invoicePayBySquare(data: InvoiceDocument): string | null {
  const due = amountDue(data);
  if (due <= 0) return null;
  return payBySquare({
    amountCents: due,
    currency: data.price.currency,
    iban: data.supplier.iban,
    bic: data.supplier.bic,
    variableSymbol: data.variableSymbol,
    dueDate: data.issueDate,
    beneficiaryName: data.supplier.name,
    note: `Faktúra ${data.number}`,
  });
}

/** Renders the invoice in the tax documents' layout (tax-document-pdf.ts); resolves with the PDF bytes. */
export async function renderInvoiceDocument(data: InvoiceDocument): Promise<Uint8Array> {
  const due = amountDue(data);
  const qr = invoicePayBySquare(data);
  const qrPng = qr ? await payBySquarePng(qr) : null;
  const { price } = data;
  const money = (cents: number) => formatMoney(cents, price.currency);
  return renderTaxDocument({
    title: `Faktúra ${data.number}`,
    subject: `Faktúra – daňový doklad ${data.number}`,
    createdAt: data.createdAt,
    heading: "Faktúra – daňový doklad",
    numberLabel: "Číslo faktúry: ",
    number: data.number,
    facts: [
      ["Dátum vystavenia:", formatDate(data.issueDate)],
      ["Dátum dodania:", formatDate(data.supplyDate)],
      ["Dátum splatnosti:", formatDate(data.issueDate)],
      ["Forma úhrady:", data.paymentMethod],
      ["Variabilný symbol:", data.variableSymbol],
      ["Číslo objednávky:", data.orderId],
    ],
    factWidths: { label: 105, value: CONTENT / 2 - 110 },
    supplier: data.supplier,
    customer: data.customer,
    columns: [
      { label: "Položka", width: 142, align: "left" },
      { label: "Množstvo", width: 60, align: "right" },
      { label: "Cena bez DPH", width: 78, align: "right" },
      { label: "Sadzba DPH", width: 74, align: "right" },
      { label: "DPH", width: 64, align: "right" },
      { label: "Cena s DPH", width: CONTENT - 142 - 60 - 78 - 74 - 64, align: "right" },
    ],
    row: [
      data.line.description,
      `${data.line.quantity} ks`,
      money(price.withoutVatCents),
      formatVatRate(price.vatRateBp),
      money(price.vatCents),
      money(price.withVatCents),
    ],
    summary: [
      [`Základ dane (${formatVatRate(price.vatRateBp)}):`, money(price.withoutVatCents), false],
      [`DPH ${formatVatRate(price.vatRateBp)}:`, money(price.vatCents), false],
      ...(data.roundingCents !== 0
        ? ([
            ["Celkom s DPH:", money(price.withVatCents), false],
            ["Zaokrúhlenie:", money(data.roundingCents), false],
          ] as [string, string, boolean][])
        : []),
      [data.roundingCents !== 0 ? "Celkom:" : "Celkom s DPH:", money(data.paidCents), true],
    ],
    closing: (doc, y) => {
      const left = PAGE.margin;
      doc
        .font("bold")
        .fontSize(10)
        .text(due > 0 ? `K úhrade: ${money(due)} do ${formatDate(data.issueDate)}` : "Uhradené – neuhrádzajte.", SUMMARY_LEFT, y + 2, {
          width: 300,
          align: "right",
        });
      y += 30;

      // bank account and payment note
      rule(doc, y);
      y += 10;
      const bank = [`IBAN: ${data.supplier.iban}`, data.supplier.bic ? `BIC (SWIFT): ${data.supplier.bic}` : ""].filter(Boolean).join("   ");
      doc.font("bold").fontSize(9).fillColor("black").text("Bankové spojenie: ", left, y, { continued: true }).font("regular").text(bank);
      doc.moveDown(0.4);
      doc
        .font("regular")
        .fontSize(9)
        .text(
          due > 0
            ? `Uhraďte prevodom na účet vyššie s variabilným symbolom ${data.variableSymbol}, alebo naskenujte PAY by square.`
            : `Suma ${money(data.paidCents)} bola uhradená dňa ${formatDate(data.supplyDate)} (${data.paymentMethod}).`,
          left,
          doc.y,
          { width: CONTENT - (qrPng ? 130 : 0) },
        );
      if (qrPng) {
        // PAY by square: the national payment QR code, with its caption
        const top = doc.y + 8;
        doc.image(qrPng, left + CONTENT - 110, top, { width: 110 });
        doc
          .font("bold")
          .fontSize(8)
          .fillColor(GREY)
          .text("PAY by square", left + CONTENT - 110, top + 112, { width: 110, align: "center" });
      }
    },
  });
}
