// Credit notes (opravný daňový doklad, "Dobropis"): an extension the spec does not name
// (docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes). A completed refund of an invoiced order
// gets one, numbered DOB-YYYY-NNNN without gaps per calendar year in a series of its own,
// assigned in the transaction that completes the refund (the payment webhook), exactly as
// invoice numbers are (numbering.ts: a locked per-year counter row, so concurrent refunds
// queue and a rolled-back refund gives its number back). The PDF is rendered once by the
// `invoices.render-credit-note` job (or on first download) and stored, never replaced.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { InvoiceSupplier } from "../config";
import { schema, type Database, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import type { Logger } from "../log";
import type { QueuePayloads } from "../queue";
import { archiveEInvoice } from "../einvoices";
import { eInvoiceOfCreditNote, issuingSupplier, wantsEInvoice } from "./einvoice";
import { customerFromBilling } from "./billing";
import { bratislavaDay } from "./numbering";
import { renderCreditNoteDocument, type CreditNoteDocument } from "./credit-note-pdf";
import { paymentOfOrder, taxAmounts } from "./render";
import { isId } from "../../shared/ids";

const { creditNotes, creditNoteCounters, invoices, orders, refunds } = schema;

/** "DOB-2026-0001": at least four digits of sequence, like invoice numbers. */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `DOB-${year}-${String(sequence).padStart(4, "0")}`;
}

export type IssuedCreditNote = { creditNoteId: string; number: string };

/**
 * The credit note of a completed refund, issued now when the order has an invoice (null
 * when it has none: nothing to correct). Call it inside the transaction that completes
 * the refund; idempotent per refund. The day (and year) is `issuedAt` in Bratislava.
 *
 * Like the invoice's, the credit note's record is taken in this transaction
 * (credit_notes.document) and a company buyer's e-invoice (UBL CreditNote referencing the
 * invoice) is made from it and archived; `supplier` defaults to the configured one.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  input: { refundId: string; orderId: string; amountCents: number; reason: string; issuedAt: Date; supplier?: InvoiceSupplier },
): Promise<IssuedCreditNote | null> {
  const existing = await findCreditNote(tx, input.refundId);
  if (existing) return existing;
  const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, input.orderId));
  if (!invoice) return null;

  const day = bratislavaDay(input.issuedAt);
  const year = Number(day.slice(0, 4));
  await tx.insert(creditNoteCounters).values({ year, lastSequence: 0 }).onConflictDoNothing();
  await tx.select({ year: creditNoteCounters.year }).from(creditNoteCounters).where(eq(creditNoteCounters.year, year)).for("update");
  const meanwhile = await findCreditNote(tx, input.refundId);
  if (meanwhile) return meanwhile;

  const [counter] = await tx
    .update(creditNoteCounters)
    .set({ lastSequence: sql`${creditNoteCounters.lastSequence} + 1` })
    .where(eq(creditNoteCounters.year, year))
    .returning({ sequence: creditNoteCounters.lastSequence });
  const number = formatCreditNoteNumber(year, counter.sequence);
  const [row] = await tx
    .insert(creditNotes)
    .values({
      refundId: input.refundId,
      orderId: input.orderId,
      invoiceId: invoice.id,
      number,
      year,
      sequence: counter.sequence,
      issueDate: day,
      amountCents: input.amountCents,
      reason: input.reason,
    })
    .returning({ creditNoteId: creditNotes.id, number: creditNotes.number });
  const document = await creditNoteDocumentData(tx, row.creditNoteId, input.supplier ?? issuingSupplier());
  const { createdAt: _createdAt, ...record } = document;
  await tx.update(creditNotes).set({ document: record }).where(eq(creditNotes.id, row.creditNoteId));
  if (wantsEInvoice(document.customer)) {
    await archiveEInvoice(tx, { orderId: input.orderId, invoiceId: invoice.id, creditNoteId: row.creditNoteId, document: eInvoiceOfCreditNote(document) });
  }
  return row;
}

async function findCreditNote(db: DbOrTx, refundId: string): Promise<IssuedCreditNote | undefined> {
  const [row] = await db.select({ creditNoteId: creditNotes.id, number: creditNotes.number }).from(creditNotes).where(eq(creditNotes.refundId, refundId));
  return row;
}

export type CreditNoteSummary = {
  creditNoteId: string;
  orderId: string;
  refundId: string;
  number: string;
  invoiceNumber: string;
  issueDate: string;
  amountCents: number;
  currency: string;
  pdfReady: boolean;
  createdAt: Date;
};

/** The credit notes of some orders, oldest first (no PDF bytes). */
export async function creditNotesForOrders(db: DbOrTx, orderIds: string[]): Promise<CreditNoteSummary[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      creditNoteId: creditNotes.id,
      orderId: creditNotes.orderId,
      refundId: creditNotes.refundId,
      number: creditNotes.number,
      invoiceNumber: invoices.number,
      issueDate: creditNotes.issueDate,
      amountCents: creditNotes.amountCents,
      currency: orders.currency,
      renderedAt: creditNotes.pdfRenderedAt,
      createdAt: creditNotes.createdAt,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
  return rows.map(({ renderedAt, ...rest }) => ({ ...rest, pdfReady: renderedAt !== null }));
}

/** Everything printed on the credit note. */
async function creditNoteDocumentData(db: DbOrTx, creditNoteId: string, supplier: InvoiceSupplier): Promise<CreditNoteDocument> {
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices, order: orders })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(eq(creditNotes.id, creditNoteId));
  if (!row) throw new DomainError("not_found", "Dobropis neexistuje.", { creditNoteId });
  const { note, invoice, order } = row;
  if (note.document) return { ...(note.document as Omit<CreditNoteDocument, "createdAt">), createdAt: note.createdAt };
  const paid = await paymentOfOrder(db, order.id);
  const [refund] = await db.select({ settledAt: refunds.settledAt, seats: refunds.seats }).from(refunds).where(eq(refunds.id, note.refundId));
  // the refunded amount includes VAT at the order's rate
  const amounts = taxAmounts(note.amountCents, order.vatRateBp, order.currency);
  return {
    number: note.number,
    issueDate: note.issueDate,
    refundDate: refund?.settledAt ? bratislavaDay(refund.settledAt) : note.issueDate,
    invoiceNumber: invoice.number,
    invoiceIssueDate: invoice.issueDate,
    invoiceSupplyDate: invoice.supplyDate,
    variableSymbol: invoice.variableSymbol,
    orderId: order.id,
    ...paid,
    supplier,
    customer: customerFromBilling(order.billingDetails, order.studentDisplayName),
    // a refund of a club order's unassigned seats credits those seats (docs/decisions/clubs/club-seats.md > Club seats)
    line: refund?.seats
      ? { description: `Online kurz „${order.courseTitle}“ – vrátenie ${refund.seats} nepriradených miest`, quantity: refund.seats }
      : { description: `Online kurz „${order.courseTitle}“ – vrátenie platby` },
    reason: note.reason,
    refund: amounts.breakdown,
    roundingCents: amounts.roundingCents,
    paidCents: amounts.paidCents,
    createdAt: note.createdAt,
  };
}

/** Renders and stores the credit note's PDF unless it has one. Never replaces stored bytes. */
export async function renderCreditNotePdf(db: Database, creditNoteId: string, supplier: InvoiceSupplier) {
  const [note] = await db
    .select({ id: creditNotes.id, number: creditNotes.number, rendered: creditNotes.pdfRenderedAt })
    .from(creditNotes)
    .where(eq(creditNotes.id, creditNoteId));
  if (!note) throw new DomainError("not_found", "Dobropis neexistuje.", { creditNoteId });
  if (note.rendered) return { creditNoteId, number: note.number, rendered: false };
  const pdf = await renderCreditNoteDocument(await creditNoteDocumentData(db, creditNoteId, supplier));
  const stored = await db
    .update(creditNotes)
    .set({ pdf, pdfRenderedAt: new Date() })
    .where(and(eq(creditNotes.id, creditNoteId), isNull(creditNotes.pdf)))
    .returning({ id: creditNotes.id });
  return { creditNoteId, number: note.number, rendered: stored.length === 1 };
}

/** The handler of the `invoices.render-credit-note` job (jobs/ registers it). */
export function renderCreditNotePdfJob(deps: { db: Database; log: Logger; supplier: InvoiceSupplier }) {
  return async (data: QueuePayloads["invoices.render-credit-note"]) => {
    const result = await renderCreditNotePdf(deps.db, data.creditNoteId, deps.supplier);
    if (result.rendered) deps.log.info("credit note PDF rendered", { creditNoteId: result.creditNoteId, number: result.number });
    return result;
  };
}

/**
 * One credit note of an order with its stored PDF (null until the render job has stored
 * it, a few seconds after the refund completes); null when the order has no such note.
 */
export async function creditNotePdf(db: DbOrTx, orderId: string, creditNoteId: string): Promise<{ number: string; pdf: Uint8Array | null } | null> {
  if (!isId(creditNoteId) || !isId(orderId)) return null;
  const [row] = await db
    .select({ number: creditNotes.number, pdf: creditNotes.pdf })
    .from(creditNotes)
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.orderId, orderId)));
  return row ?? null;
}

/** The file name a download offers: "dobropis-DOB-2026-0001.pdf". */
export function creditNoteFileName(number: string): string {
  return `dobropis-${number}.pdf`;
}
