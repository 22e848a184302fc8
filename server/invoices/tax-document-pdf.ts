// The layout the tax documents share (the invoice, pdf.ts; the credit note,
// credit-note-pdf.ts): the heading and number, a two-column grid of facts, supplier and
// customer, one line in a table, the VAT summary and the footer, drawn with pdfkit in
// DejaVu Sans (server/pdf). Each document passes only what it prints differently. The
// payment request (payment-request.ts) uses the page sizes, the rule and the parties block.
import type { InvoiceSupplier } from "../config";
import { startPdf } from "../pdf";
import type { InvoiceCustomer } from "./billing";

export const PAGE = { width: 595.28, margin: 50 };
export const CONTENT = PAGE.width - 2 * PAGE.margin;
export const GREY = "#555555";
const RULE = "#bbbbbb";
/** Where the summary's labels start: its labels and values take the right 300 points. */
export const SUMMARY_LEFT = PAGE.margin + CONTENT - 300;

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

/** Supplier (left) and customer (right) from `top`, each a grey caption, the name in bold and its lines; returns the y below both with a gap. */
export function drawParties(doc: PDFKit.PDFDocument, top: number, supplier: InvoiceSupplier, customer: InvoiceCustomer): number {
  const left = PAGE.margin;
  const colWidth = CONTENT / 2 - 10;
  doc.font("bold").fontSize(10).fillColor(GREY).text("Dodávateľ", left, top, { width: colWidth });
  doc
    .font("bold")
    .fontSize(10)
    .fillColor(GREY)
    .text("Odberateľ", left + CONTENT / 2, top, { width: colWidth });
  doc
    .font("bold")
    .fontSize(11)
    .fillColor("black")
    .text(supplier.name, left, top + 16, { width: colWidth });
  doc.font("regular").fontSize(10).text(supplierLines(supplier).join("\n"), { width: colWidth, lineGap: 2 });
  const supplierBottom = doc.y;
  doc
    .font("bold")
    .fontSize(11)
    .text(customer.name, left + CONTENT / 2, top + 16, { width: colWidth });
  doc.font("regular").fontSize(10).text(customerLines(customer).join("\n"), { width: colWidth, lineGap: 2 });
  return Math.max(supplierBottom, doc.y) + 18;
}

export type TableColumn = { label: string; width: number; align: "left" | "right" };

/** What a tax document prints; the rest of the layout is the same for every one. */
export type TaxDocumentLayout = {
  /** the PDF's metadata title and subject; its author is the supplier */
  title: string;
  subject: string;
  createdAt: Date;
  /** "Faktúra – daňový doklad" */
  heading: string;
  /** "Číslo faktúry: ", followed by the number in bold */
  numberLabel: string;
  number: string;
  /** label/value pairs, two to a row */
  facts: [string, string][];
  /** the facts' label width and value width; `lineBreak: false` keeps each value on one line */
  factWidths: { label: number; value: number; lineBreak?: false };
  supplier: InvoiceSupplier;
  customer: InvoiceCustomer;
  /** drawn between the parties and the table from `y` (the credit note's reason); returns the table's y */
  beforeTable?: (doc: PDFKit.PDFDocument, y: number) => number;
  /** the table's columns and its one row */
  columns: TableColumn[];
  row: string[];
  /** label, value, strong (the total) */
  summary: [string, string, boolean][];
  /** drawn below the summary from `y`: what is due or returned and how */
  closing: (doc: PDFKit.PDFDocument, y: number) => void;
};

/** Renders a tax document in the shared layout; resolves with the PDF bytes. */
export function renderTaxDocument(layout: TaxDocumentLayout): Promise<Uint8Array> {
  const { supplier } = layout;
  const { doc, done } = startPdf({ margin: PAGE.margin, title: layout.title, author: supplier.name, subject: layout.subject, createdAt: layout.createdAt });
  const left = PAGE.margin;

  // title and number
  doc.font("bold").fontSize(18).fillColor("black").text(layout.heading, left, 50, { width: CONTENT });
  doc.font("regular").fontSize(11).text(layout.numberLabel, left, 78, { continued: true }).font("bold").text(layout.number);
  rule(doc, 100);

  // dates and identifiers, two columns of label/value pairs
  const { facts, factWidths } = layout;
  let y = 112;
  for (let i = 0; i < facts.length; i += 2) {
    for (const [col, fact] of [facts[i], facts[i + 1]].entries()) {
      if (!fact) continue;
      const x = left + col * (CONTENT / 2);
      doc.font("regular").fontSize(9).fillColor(GREY).text(fact[0], x, y, { width: factWidths.label });
      doc
        .font("regular")
        .fontSize(9)
        .fillColor("black")
        .text(fact[1], x + factWidths.label, y, { width: factWidths.value, ...(factWidths.lineBreak === false ? { lineBreak: false } : {}) });
    }
    y += 16;
  }
  rule(doc, y + 4);

  // supplier and customer, then what the document puts before its table
  y = drawParties(doc, y + 16, supplier, layout.customer);
  if (layout.beforeTable) y = layout.beforeTable(doc, y);

  // the line: a grey header row, then the values
  doc.rect(left, y, CONTENT, 20).fill("#eeeeee");
  let x = left;
  for (const c of layout.columns) {
    doc
      .font("bold")
      .fontSize(8.5)
      .fillColor("black")
      .text(c.label, x + 4, y + 6, { width: c.width - 8, align: c.align });
    x += c.width;
  }
  y += 26;
  x = left;
  let rowBottom = y;
  for (const [i, c] of layout.columns.entries()) {
    doc
      .font("regular")
      .fontSize(9)
      .text(layout.row[i], x + 4, y, { width: c.width - 8, align: c.align });
    rowBottom = Math.max(rowBottom, doc.y);
    x += c.width;
  }
  y = rowBottom + 8;
  rule(doc, y);

  // VAT summary and total
  y += 12;
  for (const [label, value, strong] of layout.summary) {
    doc
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 12 : 10)
      .fillColor("black");
    doc.text(label, SUMMARY_LEFT, y, { width: 180, align: "right" });
    doc.text(value, SUMMARY_LEFT + 185, y, { width: 115, align: "right" });
    y += strong ? 20 : 16;
  }
  layout.closing(doc, y);

  // footer: register entry and who issued it
  const footer = [supplier.registration, `${supplier.name}, IČO ${supplier.ico}, IČ DPH ${supplier.icDph}`].filter(Boolean).join("\n");
  doc.font("regular").fontSize(7.5).fillColor(GREY).text(footer, left, 755, { width: CONTENT, align: "center" });

  doc.end();
  return done;
}
