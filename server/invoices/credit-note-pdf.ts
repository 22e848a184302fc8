// The credit note ("Dobropis – opravný daňový doklad") as a PDF, in the layout and font
// it shares with the invoice (tax-document-pdf.ts: pdfkit with DejaVu Sans). What zákon
// o DPH § 71 ods. 2 asks of a corrective document: its own number, the number of the invoice it corrects, the reason
// of the correction, and the difference of the tax base, the VAT and the total (printed
// negative), beside the supplier and customer of the original invoice. Pure: data in,
// bytes out.
import type { InvoiceSupplier } from "../config";
import { formatMoney, formatVatRate, type PriceBreakdown } from "../money";
import { formatDate } from "../../shared/format";
import type { InvoiceCustomer } from "./billing";
import { CONTENT, PAGE, renderTaxDocument, rule } from "./tax-document-pdf";

export type CreditNoteDocument = {
  number: string;
  /** YYYY-MM-DD: the day the refund completed */
  issueDate: string;
  /** YYYY-MM-DD: the day the money went back */
  refundDate: string;
  invoiceNumber: string;
  invoiceIssueDate: string;
  invoiceSupplyDate: string;
  variableSymbol: string;
  orderId: string;
  paymentMethod: string;
  /** the payment's method as the gateway names it, for the e-invoice's payment means */
  paymentMeans: string | null;
  supplier: InvoiceSupplier;
  customer: InvoiceCustomer;
  /** quantity: the seats a club order's refund returned (1 when absent) */
  line: { description: string; quantity?: number };
  /** the admin's reason of the refund */
  reason: string;
  /** the refunded amount split into base and VAT (positive; printed negative) */
  refund: PriceBreakdown;
  /** the cent that makes base + VAT meet the refunded amount (0 for most amounts) */
  roundingCents: number;
  /** the refunded amount: refund.withVatCents + roundingCents */
  paidCents: number;
  createdAt: Date;
};

/** Renders the credit note in the tax documents' layout (tax-document-pdf.ts); resolves with the PDF bytes. */
export function renderCreditNoteDocument(data: CreditNoteDocument): Promise<Uint8Array> {
  const { refund } = data;
  const minus = (cents: number) => formatMoney(-cents, refund.currency);
  return renderTaxDocument({
    title: `Dobropis ${data.number}`,
    subject: `Dobropis – opravný daňový doklad ${data.number} k faktúre ${data.invoiceNumber}`,
    createdAt: data.createdAt,
    heading: "Dobropis – opravný daňový doklad",
    numberLabel: "Číslo dobropisu: ",
    number: data.number,
    facts: [
      ["Dátum vystavenia:", formatDate(data.issueDate)],
      ["K faktúre číslo:", data.invoiceNumber],
      ["Dátum vrátenia:", formatDate(data.refundDate)],
      ["Faktúra vystavená:", formatDate(data.invoiceIssueDate)],
      ["Forma vrátenia:", data.paymentMethod],
      ["Dátum dodania:", formatDate(data.invoiceSupplyDate)],
      ["Variabilný symbol:", data.variableSymbol],
      ["Číslo objednávky:", data.orderId],
    ],
    factWidths: { label: 100, value: CONTENT / 2 - 100, lineBreak: false },
    supplier: data.supplier,
    customer: data.customer,
    beforeTable: (doc, y) => {
      // the reason of the correction
      doc.font("bold").fontSize(10).fillColor("black").text("Dôvod opravy: ", PAGE.margin, y, { continued: true, width: CONTENT });
      doc.font("regular").text(`vrátenie platby (refundácia) – ${data.reason}`);
      return doc.y + 12;
    },
    // the corrected line: base, VAT and total, negative
    columns: [
      { label: "Položka", width: 170, align: "left" },
      { label: "Základ dane", width: 80, align: "right" },
      { label: "Sadzba DPH", width: 70, align: "right" },
      { label: "DPH", width: 68, align: "right" },
      { label: "Spolu s DPH", width: CONTENT - 170 - 80 - 70 - 68, align: "right" },
    ],
    row: [data.line.description, minus(refund.withoutVatCents), formatVatRate(refund.vatRateBp), minus(refund.vatCents), minus(refund.withVatCents)],
    summary: [
      [`Oprava základu dane (${formatVatRate(refund.vatRateBp)}):`, minus(refund.withoutVatCents), false],
      [`Oprava DPH ${formatVatRate(refund.vatRateBp)}:`, minus(refund.vatCents), false],
      ...(data.roundingCents !== 0
        ? ([
            ["Oprava celkom s DPH:", minus(refund.withVatCents), false],
            ["Zaokrúhlenie:", minus(data.roundingCents), false],
          ] as [string, string, boolean][])
        : []),
      ["Celkom na vrátenie:", formatMoney(data.paidCents, refund.currency), true],
    ],
    closing: (doc, y) => {
      y += 12;
      rule(doc, y);
      y += 10;
      doc
        .font("regular")
        .fontSize(9)
        .fillColor("black")
        .text(
          `Suma ${formatMoney(data.paidCents, refund.currency)} bola vrátená dňa ${formatDate(data.refundDate)} ` +
            `na pôvodný platobný prostriedok (${data.paymentMethod}). Neuhrádzajte.`,
          PAGE.margin,
          y,
          { width: CONTENT },
        );
    },
  });
}
