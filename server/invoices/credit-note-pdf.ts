// The credit note ("Dobropis – opravný daňový doklad") as a PDF, in the invoice's layout
// and font (pdf.ts: pdfkit with DejaVu Sans). What zákon o DPH § 71 ods. 2 asks of a
// corrective document: its own number, the number of the invoice it corrects, the reason
// of the correction, and the difference of the tax base, the VAT and the total (printed
// negative), beside the supplier and customer of the original invoice. Pure: data in,
// bytes out.
import type { InvoiceSupplier } from "../config";
import { formatDate, formatMoney, formatVatRate, type PriceBreakdown } from "../money";
import { startPdf } from "../pdf";
import type { InvoiceCustomer } from "./billing";
import { CONTENT, customerLines, GREY, PAGE, rule, supplierLines } from "./pdf";

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

export function renderCreditNoteDocument(data: CreditNoteDocument): Promise<Uint8Array> {
  const { doc, done } = startPdf({
    margin: PAGE.margin,
    title: `Dobropis ${data.number}`,
    author: data.supplier.name,
    subject: `Dobropis – opravný daňový doklad ${data.number} k faktúre ${data.invoiceNumber}`,
    createdAt: data.createdAt,
  });

  const left = PAGE.margin;
  const { refund } = data;
  const minus = (cents: number) => formatMoney(-cents, refund.currency);

  doc.font("bold").fontSize(18).fillColor("black").text("Dobropis – opravný daňový doklad", left, 50, { width: CONTENT });
  doc.font("regular").fontSize(11).text("Číslo dobropisu: ", left, 78, { continued: true }).font("bold").text(data.number);
  rule(doc, 100);

  const facts: [string, string][] = [
    ["Dátum vystavenia:", formatDate(data.issueDate)],
    ["K faktúre číslo:", data.invoiceNumber],
    ["Dátum vrátenia:", formatDate(data.refundDate)],
    ["Faktúra vystavená:", formatDate(data.invoiceIssueDate)],
    ["Forma vrátenia:", data.paymentMethod],
    ["Dátum dodania:", formatDate(data.invoiceSupplyDate)],
    ["Variabilný symbol:", data.variableSymbol],
    ["Číslo objednávky:", data.orderId],
  ];
  let y = 112;
  for (let i = 0; i < facts.length; i += 2) {
    for (const [col, fact] of [facts[i], facts[i + 1]].entries()) {
      if (!fact) continue;
      const x = left + col * (CONTENT / 2);
      doc.font("regular").fontSize(9).fillColor(GREY).text(fact[0], x, y, { width: 100 });
      doc
        .font("regular")
        .fontSize(9)
        .fillColor("black")
        .text(fact[1], x + 100, y, { width: CONTENT / 2 - 100, lineBreak: false });
    }
    y += 16;
  }
  rule(doc, y + 4);

  y += 16;
  const partyTop = y;
  const colWidth = CONTENT / 2 - 10;
  doc.font("bold").fontSize(10).fillColor(GREY).text("Dodávateľ", left, partyTop, { width: colWidth });
  doc
    .font("bold")
    .fontSize(10)
    .fillColor(GREY)
    .text("Odberateľ", left + CONTENT / 2, partyTop, { width: colWidth });
  doc
    .font("bold")
    .fontSize(11)
    .fillColor("black")
    .text(data.supplier.name, left, partyTop + 16, { width: colWidth });
  doc.font("regular").fontSize(10).text(supplierLines(data.supplier).join("\n"), { width: colWidth, lineGap: 2 });
  const supplierBottom = doc.y;
  doc
    .font("bold")
    .fontSize(11)
    .text(data.customer.name, left + CONTENT / 2, partyTop + 16, { width: colWidth });
  doc.font("regular").fontSize(10).text(customerLines(data.customer).join("\n"), { width: colWidth, lineGap: 2 });
  y = Math.max(supplierBottom, doc.y) + 18;

  // the reason of the correction
  doc.font("bold").fontSize(10).fillColor("black").text("Dôvod opravy: ", left, y, { continued: true, width: CONTENT });
  doc.font("regular").text(`vrátenie platby (refundácia) – ${data.reason}`);
  y = doc.y + 12;

  // the corrected line: base, VAT and total, negative
  const cols = [
    { label: "Položka", width: 170, align: "left" as const },
    { label: "Základ dane", width: 80, align: "right" as const },
    { label: "Sadzba DPH", width: 70, align: "right" as const },
    { label: "DPH", width: 68, align: "right" as const },
    { label: "Spolu s DPH", width: CONTENT - 170 - 80 - 70 - 68, align: "right" as const },
  ];
  doc.rect(left, y, CONTENT, 20).fill("#eeeeee");
  let x = left;
  for (const c of cols) {
    doc
      .font("bold")
      .fontSize(8.5)
      .fillColor("black")
      .text(c.label, x + 4, y + 6, { width: c.width - 8, align: c.align });
    x += c.width;
  }
  y += 26;
  const values = [data.line.description, minus(refund.withoutVatCents), formatVatRate(refund.vatRateBp), minus(refund.vatCents), minus(refund.withVatCents)];
  x = left;
  let rowBottom = y;
  for (const [i, c] of cols.entries()) {
    doc
      .font("regular")
      .fontSize(9)
      .text(values[i], x + 4, y, { width: c.width - 8, align: c.align });
    rowBottom = Math.max(rowBottom, doc.y);
    x += c.width;
  }
  y = rowBottom + 8;
  rule(doc, y);

  y += 12;
  const labelX = left + CONTENT - 300;
  const summary: [string, string, boolean][] = [
    [`Oprava základu dane (${formatVatRate(refund.vatRateBp)}):`, minus(refund.withoutVatCents), false],
    [`Oprava DPH ${formatVatRate(refund.vatRateBp)}:`, minus(refund.vatCents), false],
    ...(data.roundingCents !== 0
      ? ([
          ["Oprava celkom s DPH:", minus(refund.withVatCents), false],
          ["Zaokrúhlenie:", minus(data.roundingCents), false],
        ] as [string, string, boolean][])
      : []),
    ["Celkom na vrátenie:", formatMoney(data.paidCents, refund.currency), true],
  ];
  for (const [label, value, strong] of summary) {
    doc
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 12 : 10)
      .fillColor("black");
    doc.text(label, labelX, y, { width: 180, align: "right" });
    doc.text(value, labelX + 185, y, { width: 115, align: "right" });
    y += strong ? 20 : 16;
  }
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
      left,
      y,
      { width: CONTENT },
    );

  const footer = [data.supplier.registration, `${data.supplier.name}, IČO ${data.supplier.ico}, IČ DPH ${data.supplier.icDph}`].filter(Boolean).join("\n");
  doc.font("regular").fontSize(7.5).fillColor(GREY).text(footer, left, 755, { width: CONTENT, align: "center" });

  doc.end();
  return done;
}
