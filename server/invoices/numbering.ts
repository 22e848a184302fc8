// Invoice numbers: INV-YYYY-NNNN, gapless per calendar year (docs/decisions/payments/orders-and-payments.md > Orders and
// payments), assigned inside the transaction that marks the order paid.
//
// Concurrency: one `invoice_counters` row per year. The assignment locks that row
// (SELECT … FOR UPDATE, after making sure it exists) and increments it in the caller's
// transaction, so concurrent payments queue on the row lock until the holder commits or
// rolls back. A committed payment keeps its number, a rolled-back one returns it with
// the rest of its transaction: no duplicates (also the unique (year, sequence) and
// number constraints) and no gaps. The same holds on PGlite, where transactions run one
// at a time anyway.
import { eq, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { DomainError } from "../kernel/errors";
import { bratislavaDay } from "../../shared/calendar";
import type { InvoiceSupplier } from "../config";
import { issuingSupplier } from "./einvoice";
import { recordInvoiceDocument } from "./render";

const { invoices, invoiceCounters, orders } = schema;

export type AssignedInvoice = { invoiceId: string; number: string };

/** The calendar day of an instant in Bratislava (shared/calendar.ts), as YYYY-MM-DD. */
export { bratislavaDay };

/** "INV-2026-0001": at least four digits of sequence (a 10 000th invoice reads INV-2026-10000). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, "0")}`;
}

/**
 * The variable symbol (digits only, at most 10, as Slovak payment orders accept): the
 * invoice number's year and sequence, "INV-2026-0042" → "20260042". The spec asks for the
 * order id, a 24-character hex id no payment order accepts; the order id is printed on
 * the invoice beside it (docs/decisions/invoices/invoices.md > Invoices).
 */
export function variableSymbolOf(year: number, sequence: number): string {
  return `${year}${String(sequence).padStart(4, "0")}`;
}

/**
 * Gives the order its invoice, or returns the one it has. Call it inside the paying
 * transaction (`tx`): the counter lock lasts until that transaction ends, and a rollback
 * takes the number back. Year, issue date and supply date are the payment day in
 * Europe/Bratislava.
 */
/**
 * `paidAt` is the gateway's time of the payment: the supply date and the number's year come
 * from it (a payment at 23:59 on 31 December belongs to that year's series even when its
 * event arrives after midnight); `issuedAt` (default `paidAt`) is the day the number is
 * given, the issue date (docs/decisions/invoices/supply-date-from-the-payment.md > Supply date from the payment).
 *
 * In the same transaction the invoice's record is taken (invoices.document: what its PDF
 * prints) and, for a company buyer, its e-invoice (UBL) is made from that record and
 * archived (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices). `supplier` defaults to the process's
 * configured supplier (useInvoiceSupplier).
 */
export async function assignInvoice(
  tx: DbOrTx,
  input: { orderId: string; paidAt: Date; issuedAt?: Date; supplier?: InvoiceSupplier },
): Promise<AssignedInvoice> {
  const existing = await findInvoice(tx, input.orderId);
  if (existing) return existing;

  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new DomainError("order_not_found", undefined, { orderId: input.orderId });

  const day = bratislavaDay(input.paidAt);
  const year = Number(day.slice(0, 4));

  // the year's counter exists (a concurrent first insert waits for the other to commit) …
  await tx.insert(invoiceCounters).values({ year, lastSequence: 0 }).onConflictDoNothing();
  // … and is ours until this transaction ends
  await tx.select({ year: invoiceCounters.year }).from(invoiceCounters).where(eq(invoiceCounters.year, year)).for("update");

  // a concurrent assignment for the same order that committed while we waited
  const assignedMeanwhile = await findInvoice(tx, input.orderId);
  if (assignedMeanwhile) return assignedMeanwhile;

  const [counter] = await tx
    .update(invoiceCounters)
    .set({ lastSequence: sql`${invoiceCounters.lastSequence} + 1` })
    .where(eq(invoiceCounters.year, year))
    .returning({ sequence: invoiceCounters.lastSequence });
  const sequence = counter.sequence;
  const number = formatInvoiceNumber(year, sequence);
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: input.orderId,
      number,
      year,
      sequence,
      issueDate: input.issuedAt ? bratislavaDay(input.issuedAt) : day,
      supplyDate: day,
      variableSymbol: variableSymbolOf(year, sequence),
    })
    .returning({ invoiceId: invoices.id, number: invoices.number });
  await recordInvoiceDocument(tx, row.invoiceId, input.supplier ?? issuingSupplier());
  return row;
}

async function findInvoice(db: DbOrTx, orderId: string): Promise<AssignedInvoice | undefined> {
  const [row] = await db.select({ invoiceId: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}
