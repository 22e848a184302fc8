// The archive: each e-invoice's UBL bytes and their SHA-256, written once in the
// transaction that numbers its invoice or credit note and never changed (a database
// trigger refuses it; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: retention 10 years).
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, notInArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import type { EInvoiceFinding } from "../db/schema/einvoices";
import type { EInvoice } from "./model";
import { toUbl } from "./ubl";

const { eInvoices } = schema;

export type EInvoiceState = (typeof schema.eInvoiceState.enumValues)[number];

/** The states as the admin and the buyer read them. */
export const E_INVOICE_STATE_LABELS: Record<EInvoiceState, string> = {
  pending: "čaká",
  invalid: "neplatná – neodoslaná",
  sent: "odoslaná",
  delivered: "doručená",
  rejected: "odmietnutá",
};

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Writes the e-invoice of an invoice (or a credit note) in the caller's transaction; a
 * second call for the same document finds the first one and changes nothing.
 */
export async function archiveEInvoice(
  tx: DbOrTx,
  input: { orderId: string; invoiceId: string; creditNoteId?: string; document: EInvoice },
): Promise<{ eInvoiceId: string; sha256: string }> {
  const existing = await tx.select({ eInvoiceId: eInvoices.id, sha256: eInvoices.sha256 }).from(eInvoices).where(eq(eInvoices.number, input.document.number));
  if (existing[0]) return existing[0];
  const xml = new TextEncoder().encode(toUbl(input.document));
  const sha256 = sha256Hex(xml);
  const [row] = await tx
    .insert(eInvoices)
    .values({
      kind: input.document.kind,
      orderId: input.orderId,
      invoiceId: input.invoiceId,
      creditNoteId: input.creditNoteId ?? null,
      number: input.document.number,
      xml,
      sha256,
    })
    .returning({ eInvoiceId: eInvoices.id, sha256: eInvoices.sha256 });
  return row;
}

export type EInvoiceSummary = {
  eInvoiceId: string;
  kind: "invoice" | "credit_note";
  number: string;
  creditNoteId: string | null;
  sha256: string;
  state: EInvoiceState;
  stateLabel: string;
  findings: EInvoiceFinding[];
  attempts: number;
  lastError: string | null;
  rejectionReason: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  rejectedAt: Date | null;
  createdAt: Date;
};

const summaryColumns = {
  eInvoiceId: eInvoices.id,
  kind: eInvoices.kind,
  number: eInvoices.number,
  creditNoteId: eInvoices.creditNoteId,
  sha256: eInvoices.sha256,
  state: eInvoices.state,
  findings: eInvoices.findings,
  attempts: eInvoices.attempts,
  lastError: eInvoices.lastError,
  rejectionReason: eInvoices.rejectionReason,
  sentAt: eInvoices.sentAt,
  deliveredAt: eInvoices.deliveredAt,
  rejectedAt: eInvoices.rejectedAt,
  createdAt: eInvoices.createdAt,
};

type SummaryRow = Omit<EInvoiceSummary, "kind" | "stateLabel" | "findings"> & { kind: string; findings: EInvoiceFinding[] | null };
const toSummary = (row: SummaryRow): EInvoiceSummary => ({
  ...row,
  kind: row.kind === "credit_note" ? "credit_note" : "invoice",
  stateLabel: E_INVOICE_STATE_LABELS[row.state],
  findings: row.findings ?? [],
});

/** The e-invoices of some orders (no XML), oldest first. */
export async function eInvoicesForOrders(db: DbOrTx, orderIds: string[]): Promise<(EInvoiceSummary & { orderId: string })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ ...summaryColumns, orderId: eInvoices.orderId })
    .from(eInvoices)
    .where(inArray(eInvoices.orderId, orderIds))
    .orderBy(asc(eInvoices.createdAt), asc(eInvoices.number));
  return rows.map((r) => ({ ...toSummary(r), orderId: r.orderId }));
}

/** The stored UBL of an order's invoice (kind invoice) or of one of its credit notes; null when there is none. */
export async function eInvoiceXml(db: DbOrTx, orderId: string, creditNoteId?: string): Promise<{ number: string; xml: Uint8Array; sha256: string } | null> {
  const [row] = await db
    .select({ number: eInvoices.number, xml: eInvoices.xml, sha256: eInvoices.sha256 })
    .from(eInvoices)
    .where(and(eq(eInvoices.orderId, orderId), creditNoteId ? eq(eInvoices.creditNoteId, creditNoteId) : eq(eInvoices.kind, "invoice")));
  return row ?? null;
}

/** E-invoices not delivered (nor refused by the validator or the access point's final word) and older than `before`: the dashboard's list. */
export async function undeliveredEInvoices(db: DbOrTx, before: Date, limit = 50) {
  const rows = await db
    .select({ ...summaryColumns, orderId: eInvoices.orderId })
    .from(eInvoices)
    .where(and(notInArray(eInvoices.state, ["delivered"]), lt(eInvoices.createdAt, before)))
    .orderBy(desc(eInvoices.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...toSummary(r), orderId: r.orderId }));
}

/** "efaktura-INV-2027-0001.xml" */
export function eInvoiceFileName(number: string): string {
  return `efaktura-${number}.xml`;
}
