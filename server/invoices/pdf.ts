// The Slovak tax invoice ("Faktúra – daňový doklad") as a PDF, drawn with pdfkit in
// DejaVu Sans (every Slovak glyph and €). Pure: data in, bytes out; the caller stores
// the bytes once (render.ts). Amounts and rates come formatted from server/money.
import type { InvoiceSupplier } from "../config";
import { formatDate, formatMoney, formatVatRate, type PriceBreakdown } from "../money";
import { startPdf } from "../pdf";
import type { InvoiceCustomer } from "./billing";
import { payBySquare, payBySquarePng } from "./pay-by-square";

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

export const PAGE = { width: 595.28, margin: 50 };
export const CONTENT = PAGE.width - 2 * PAGE.margin;
export const GREY = "#555555";
const RULE = "#bbbbbb";

function partyLines(lines: (string | undefined | false)[]): string[] {
  return lines.filter((l): l is string => typeof l === "string" && l.length > 0);
}

export function supplierLines(s: InvoiceSupplier): string[] {
  return partyLines([...s.address.split(/\s*,\s*/), `IČO: ${s.ico}`, `DIČ: ${s.dic}`, `IČ DPH: ${s.icDph}`]);
}

export function customerLines(c: InvoiceCustomer): string[] {
  return partyLines([
    ...c.addressLines,
    c.kind === "company" && c.ico ? `IČO: ${c.ico}` : false,
    c.kind === "company" && c.dic ? `DIČ: ${c.dic}` : false,
    c.kind === "company" && c.icDph ? `IČ DPH: ${c.icDph}` : false,
    c.kind === "company" && c.contactPerson ? `Kontaktná osoba: ${c.contactPerson}` : false,
    c.kind === "person" ? "Fyzická osoba – nepodnikateľ" : false,
    c.email ? `E-mail: ${c.email}` : false,
  ]);
}

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

/** Renders the invoice; resolves with the PDF bytes. */
export async function renderInvoiceDocument(data: InvoiceDocument): Promise<Uint8Array> {
  const due = amountDue(data);
  const qr = invoicePayBySquare(data);
  const qrPng = qr ? await payBySquarePng(qr) : null;
  const { doc, done } = startPdf({
    margin: PAGE.margin,
    title: `Faktúra ${data.number}`,
    author: data.supplier.name,
    subject: `Faktúra – daňový doklad ${data.number}`,
    createdAt: data.createdAt,
  });

  const left = PAGE.margin;
  const { price } = data;
  const money = (cents: number) => formatMoney(cents, price.currency);

  // title and number
  doc.font("bold").fontSize(18).fillColor("black").text("Faktúra – daňový doklad", left, 50, { width: CONTENT });
  doc.font("regular").fontSize(11).text(`Číslo faktúry: `, left, 78, { continued: true }).font("bold").text(data.number);
  rule(doc, 100);

  // dates and payment identifiers, two columns of label/value pairs
  const facts: [string, string][] = [
    ["Dátum vystavenia:", formatDate(data.issueDate)],
    ["Dátum dodania:", formatDate(data.supplyDate)],
    ["Dátum splatnosti:", formatDate(data.issueDate)],
    ["Forma úhrady:", data.paymentMethod],
    ["Variabilný symbol:", data.variableSymbol],
    ["Číslo objednávky:", data.orderId],
  ];
  let y = 112;
  for (let i = 0; i < facts.length; i += 2) {
    for (const [col, fact] of [facts[i], facts[i + 1]].entries()) {
      if (!fact) continue;
      const x = left + col * (CONTENT / 2);
      doc.font("regular").fontSize(9).fillColor(GREY).text(fact[0], x, y, { width: 105 });
      doc
        .font("regular")
        .fontSize(9)
        .fillColor("black")
        .text(fact[1], x + 105, y, { width: CONTENT / 2 - 110 });
    }
    y += 16;
  }
  rule(doc, y + 4);

  // supplier and customer
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

  // the line item
  const cols = [
    { label: "Položka", width: 142, align: "left" as const },
    { label: "Množstvo", width: 60, align: "right" as const },
    { label: "Cena bez DPH", width: 78, align: "right" as const },
    { label: "Sadzba DPH", width: 74, align: "right" as const },
    { label: "DPH", width: 64, align: "right" as const },
    { label: "Cena s DPH", width: CONTENT - 142 - 60 - 78 - 74 - 64, align: "right" as const },
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
  const values = [
    data.line.description,
    `${data.line.quantity} ks`,
    money(price.withoutVatCents),
    formatVatRate(price.vatRateBp),
    money(price.vatCents),
    money(price.withVatCents),
  ];
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

  // VAT recapitulation and total
  y += 12;
  const labelX = left + CONTENT - 300;
  const summary: [string, string, boolean][] = [
    [`Základ dane (${formatVatRate(price.vatRateBp)}):`, money(price.withoutVatCents), false],
    [`DPH ${formatVatRate(price.vatRateBp)}:`, money(price.vatCents), false],
    ...(data.roundingCents !== 0
      ? ([
          ["Celkom s DPH:", money(price.withVatCents), false],
          ["Zaokrúhlenie:", money(data.roundingCents), false],
        ] as [string, string, boolean][])
      : []),
    [data.roundingCents !== 0 ? "Celkom:" : "Celkom s DPH:", money(data.paidCents), true],
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
  doc
    .font("bold")
    .fontSize(10)
    .text(due > 0 ? `K úhrade: ${money(due)} do ${formatDate(data.issueDate)}` : "Uhradené – neuhrádzajte.", labelX, y + 2, { width: 300, align: "right" });
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

  // footer: register entry and who issued it
  const footer = [data.supplier.registration, `${data.supplier.name}, IČO ${data.supplier.ico}, IČ DPH ${data.supplier.icDph}`].filter(Boolean).join("\n");
  doc.font("regular").fontSize(7.5).fillColor(GREY).text(footer, left, 755, { width: CONTENT, align: "center" });

  doc.end();
  return done;
}

/** A thin grey line across the content width at `y`. */
export function rule(doc: PDFKit.PDFDocument, y: number) {
  doc
    .save()
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke()
    .restore();
}
