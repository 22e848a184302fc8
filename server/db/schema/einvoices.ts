// E-invoices (server/einvoices; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices): the UBL 2.1 document of a
// company order's invoice or credit note, written in the transaction that numbers it,
// archived as bytes with their SHA-256 and never changed (a trigger refuses updates of
// the document and every delete: 10 years of retention), then validated and delivered
// through the Peppol access point by the einvoices.deliver job.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, idPk, idRef, ts, updatedAt } from "./columns";
import { creditNotes, invoices, orders } from "./commerce";

/**
 * pending (čaká): written, not yet accepted by the access point; invalid: the project's
 * validator found a fatal rule, not sent; sent (odoslaná): the access point took it;
 * delivered (doručená) / rejected (odmietnutá): the access point's final word.
 */
export const eInvoiceState = pgEnum("e_invoice_state", ["pending", "invalid", "sent", "delivered", "rejected"]);

export type EInvoiceFinding = { ruleId: string; flag: "fatal" | "warning"; message: string; location?: string };

export const eInvoices = pgTable(
  "e_invoices",
  {
    id: idPk(),
    /** invoice (UBL Invoice) or credit_note (UBL CreditNote) */
    kind: text("kind").notNull(),
    orderId: idRef("order_id")
      .notNull()
      .references(() => orders.id),
    invoiceId: idRef("invoice_id")
      .notNull()
      .references(() => invoices.id),
    creditNoteId: idRef("credit_note_id").references(() => creditNotes.id),
    /** the document's number (INV-… or DOB-…) */
    number: text("number").notNull().unique("e_invoices_number_uq"),
    /** the UBL document as issued (UTF-8), never replaced */
    xml: bytea("xml").notNull(),
    /** hex SHA-256 of `xml` */
    sha256: text("sha256").notNull(),
    state: eInvoiceState("state").notNull().default("pending"),
    /** the validator's findings when the job checked it (fatal ones keep it from being sent) */
    findings: jsonb("findings").$type<EInvoiceFinding[]>(),
    validatedAt: ts("validated_at"),
    /** delivery attempts so far, and when the next one may run (backoff) */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    /** the access point's id of the transmission */
    providerMessageId: text("provider_message_id"),
    sentAt: ts("sent_at"),
    deliveredAt: ts("delivered_at"),
    rejectedAt: ts("rejected_at"),
    rejectionReason: text("rejection_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("e_invoices_order_idx").on(t.orderId),
    index("e_invoices_state_idx").on(t.state, t.nextAttemptAt),
    uniqueIndex("e_invoices_invoice_uq")
      .on(t.invoiceId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("e_invoices_credit_note_uq")
      .on(t.creditNoteId)
      .where(sql`${t.creditNoteId} is not null`),
    check("e_invoices_kind", sql`(${t.kind} = 'invoice' and ${t.creditNoteId} is null) or (${t.kind} = 'credit_note' and ${t.creditNoteId} is not null)`),
  ],
);
