// The invoice PDF: rendered once (the invoices.render-pdf job, or inline for the
// purchase confirmation e-mail), stored in invoices.pdf, served unchanged forever
// (spec: Limits: retention 10 years). A rerun finds the PDF and stops; two concurrent
// renders race on `pdf is null` and the first one's bytes stay.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { InvoiceSupplier } from "../config";
import { schema, type Database, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, refused, type Outcome } from "../kernel/outcome";
import type { Logger } from "../log";
import type { QueuePayloads } from "../queue";
import type { PriceBreakdown } from "../money";
import { amountsFromGross, archiveEInvoice } from "../einvoices";
import { customerFromBilling } from "./billing";
import { eInvoiceOfInvoice, wantsEInvoice } from "./einvoice";
import { renderInvoiceDocument, type InvoiceDocument } from "./pdf";

const { invoices, orders, payments } = schema;

const PAYMENT_METHODS: Record<string, string> = {
  card: "platobná karta",
  bank_transfer: "bankový prevod",
  transfer: "bankový prevod",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
  sandbox: "online platba (testovacia brána)",
};

/** The payment method as the invoice says it ("platobná karta"); unknown methods say "online platba". */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return "online platba cez platobnú bránu";
  return PAYMENT_METHODS[method.toLowerCase()] ?? `online platba (${method})`;
}

/** How an order was paid, as a document prints it (paymentMethodLabel) and as its e-invoice names it: its latest completed payment's method. */
export async function paymentOfOrder(db: DbOrTx, orderId: string): Promise<{ paymentMethod: string; paymentMeans: string | null }> {
  const [payment] = await db
    .select({ method: payments.method })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, "completed")))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return { paymentMethod: paymentMethodLabel(payment?.method), paymentMeans: payment?.method ?? null };
}

/**
 * An amount with VAT at `vatRateBp` as a tax document prints it, split as EN 16931 accepts
 * (amountsFromGross): net, VAT and their sum, the cent that makes them meet the amount, and the amount.
 */
export function taxAmounts(grossCents: number, vatRateBp: number, currency: string): { breakdown: PriceBreakdown; roundingCents: number; paidCents: number } {
  const amounts = amountsFromGross(grossCents, vatRateBp);
  return {
    breakdown: { withoutVatCents: amounts.netCents, vatCents: amounts.vatCents, withVatCents: amounts.withVatCents, vatRateBp, currency },
    roundingCents: amounts.roundingCents,
    paidCents: amounts.paidCents,
  };
}

/**
 * Everything printed on the invoice: the record taken when it was numbered
 * (invoices.document), or for an invoice numbered before records were kept, read now from
 * the invoice, its order and the order's payment with `supplier`.
 */
export async function invoiceDocumentData(db: DbOrTx, invoiceId: string, supplier: InvoiceSupplier): Promise<InvoiceDocument> {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, invoiceId));
  if (!row) throw new DomainError("not_found", "Faktúra neexistuje.", { invoiceId });
  const { invoice, order } = row;
  if (invoice.document) return { ...(invoice.document as Omit<InvoiceDocument, "createdAt">), createdAt: invoice.createdAt };
  const paid = await paymentOfOrder(db, order.id);
  // amountCents is what the buyer paid: the price with VAT
  const amounts = taxAmounts(order.amountCents, order.vatRateBp, order.currency);
  return {
    number: invoice.number,
    issueDate: invoice.issueDate,
    supplyDate: invoice.supplyDate,
    variableSymbol: invoice.variableSymbol,
    orderId: order.id,
    ...paid,
    supplier,
    customer: customerFromBilling(order.billingDetails, order.studentDisplayName),
    // a club order: one line of `seats` places (docs/decisions/clubs/club-seats.md > Club seats)
    line: {
      description: order.seats > 1 ? `Online kurz „${order.courseTitle}“ – miesto pre člena klubu` : `Online kurz „${order.courseTitle}“`,
      quantity: order.seats,
    },
    price: amounts.breakdown,
    roundingCents: amounts.roundingCents,
    paidCents: amounts.paidCents,
    createdAt: invoice.createdAt,
  };
}

/**
 * Takes the invoice's record (what its PDF will print) in the numbering transaction and,
 * for a company buyer, archives its e-invoice made from that same record.
 */
export async function recordInvoiceDocument(tx: DbOrTx, invoiceId: string, supplier: InvoiceSupplier): Promise<void> {
  const document = await invoiceDocumentData(tx, invoiceId, supplier);
  const { createdAt: _createdAt, ...record } = document;
  await tx
    .update(invoices)
    .set({ document: record })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.document)));
  if (wantsEInvoice(document.customer)) {
    await archiveEInvoice(tx, { orderId: document.orderId, invoiceId, document: eInvoiceOfInvoice(document) });
  }
}

export type RenderResult = { invoiceId: string; number: string; rendered: boolean };

/**
 * Renders and stores the invoice's PDF unless it has one (then `rendered: false`).
 * Never replaces stored bytes.
 */
export async function renderInvoicePdf(db: Database, invoiceId: string, supplier: InvoiceSupplier): Promise<RenderResult> {
  const [invoice] = await db
    .select({ id: invoices.id, number: invoices.number, rendered: invoices.pdfRenderedAt })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) throw new DomainError("not_found", "Faktúra neexistuje.", { invoiceId });
  if (invoice.rendered) return { invoiceId, number: invoice.number, rendered: false };
  const pdf = await renderInvoiceDocument(await invoiceDocumentData(db, invoiceId, supplier));
  const stored = await db
    .update(invoices)
    .set({ pdf, pdfRenderedAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.pdf)))
    .returning({ id: invoices.id });
  return { invoiceId, number: invoice.number, rendered: stored.length === 1 };
}

/** The handler of the `invoices.render-pdf` job (jobs/ registers it). */
export function renderInvoicePdfJob(deps: { db: Database; log: Logger; supplier: InvoiceSupplier }) {
  return async (data: QueuePayloads["invoices.render-pdf"]) => {
    const result = await renderInvoicePdf(deps.db, data.invoiceId, deps.supplier);
    if (result.rendered) deps.log.info("invoice PDF rendered", { invoiceId: result.invoiceId, number: result.number });
    else deps.log.debug("invoice PDF already stored", { invoiceId: result.invoiceId });
    return result;
  };
}

export type InvoiceSummary = { invoiceId: string; number: string; issueDate: string; supplyDate: string; pdfReady: boolean };

/** The order's invoice (without the PDF bytes), or null before payment. */
export async function invoiceForOrder(db: DbOrTx, orderId: string): Promise<InvoiceSummary | null> {
  const [row] = await db
    .select({
      invoiceId: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      supplyDate: invoices.supplyDate,
      renderedAt: invoices.pdfRenderedAt,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (!row) return null;
  const { renderedAt, ...rest } = row;
  return { ...rest, pdfReady: renderedAt !== null };
}

/** The stored PDF of the order's invoice; null before payment or before rendering (→ 404). */
export async function invoicePdfForOrder(db: DbOrTx, orderId: string): Promise<{ number: string; pdf: Uint8Array } | null> {
  const [row] = await db.select({ number: invoices.number, pdf: invoices.pdf }).from(invoices).where(eq(invoices.orderId, orderId));
  if (!row?.pdf) return null;
  return { number: row.number, pdf: row.pdf };
}

/**
 * The stored invoice PDF of an order, or the 404 refusal: while the render job has not stored
 * it yet (a few seconds after payment) "being prepared" with the number and Retry-After 5;
 * without an invoice, `noneMessage`.
 */
export async function storedInvoicePdf(db: DbOrTx, orderId: string, noneMessage: string): Promise<Outcome<{ number: string; pdf: Uint8Array }>> {
  const invoice = await invoicePdfForOrder(db, orderId);
  if (invoice) return ok(invoice);
  const pending = await invoiceForOrder(db, orderId);
  if (pending)
    return refused("not_found", "Faktúra sa ešte pripravuje. Skúste to o chvíľu.", { invoiceNumber: pending.number }, { headers: { "Retry-After": "5" } });
  return refused("not_found", noneMessage);
}

/**
 * The order's invoice PDF, rendering it now when the job has not yet (the purchase
 * confirmation e-mail attaches it). Null when the order has no invoice.
 */
export async function ensureInvoicePdfForOrder(db: Database, orderId: string, supplier: InvoiceSupplier): Promise<{ number: string; pdf: Uint8Array } | null> {
  const ready = await invoicePdfForOrder(db, orderId);
  if (ready) return ready;
  const invoice = await invoiceForOrder(db, orderId);
  if (!invoice) return null;
  await renderInvoicePdf(db, invoice.invoiceId, supplier);
  return invoicePdfForOrder(db, orderId);
}

/** The file name a download offers: "faktura-INV-2026-0001.pdf". */
export function invoiceFileName(number: string): string {
  return `faktura-${number}.pdf`;
}
