// Orders, payments, refunds and invoices. spec: Resources > Order and Payment.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgSequence, pgTable, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, createdAt, idPk, idRef, ts, updatedAt } from "./columns";

// 'refunded' and 'disputed' extend the spec's enum (docs/decisions/payments/orders-and-payments.md > Orders and payments)
export const orderState = pgEnum("order_state", ["pending", "paid", "failed", "expired", "refunded", "disputed"]);
export const billingType = pgEnum("billing_type", ["personal", "company"]);
export const refundState = pgEnum("refund_state", ["pending", "completed", "failed"]);

export const orders = pgTable(
  "orders",
  {
    id: idPk(),
    courseId: idRef("course_id").notNull(),
    courseVersionId: idRef("course_version_id").notNull(),
    courseTitle: text("course_title").notNull(),
    studentId: text("student_id").notNull(),
    studentDisplayName: text("student_display_name").notNull(),
    studentEmail: text("student_email"),
    sponsorOrgId: text("sponsor_org_id"),
    billingType: billingType("billing_type").notNull(),
    billingDetails: jsonb("billing_details").$type<Record<string, unknown>>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** seats a club order buys (1 for a personal order); amountCents = seats × the price of one (docs/decisions/clubs/club-seats.md > Club seats) */
    seats: integer("seats").notNull().default(1),
    currency: text("currency").notNull().default("EUR"),
    /** VAT in basis points (2000 = 20 %), copied from the course version at ordering */
    vatRateBp: integer("vat_rate_bp").notNull().default(2000),
    state: orderState("state").notNull().default("pending"),
    paymentSessionId: text("payment_session_id"),
    /** where the gateway's session for this order is paid: a repeated order returns it (docs/decisions/payments/one-order-per-course.md > One order per course) */
    paymentRedirectUrl: text("payment_redirect_url"),
    /** when that session was opened: an older one is not handed out again (gateways end sessions) */
    paymentSessionOpenedAt: ts("payment_session_opened_at"),
    expiresAt: ts("expires_at"),
    paidAt: ts("paid_at"),
    /**
     * The Payment that paid the order, set under the purchase lock by the payment.completed
     * that moved it to paid (docs/decisions/payments/the-paying-payment-is-recorded.md > The paying payment is recorded): refunds,
     * credit notes and balances follow this link, never the payments' timestamps.
     */
    payingPaymentId: idRef("paying_payment_id"),
    /** when an admin recorded a dispute (chargeback) as lost: the bank returned the money */
    disputeLostAt: ts("dispute_lost_at"),
    invoiceUrl: text("invoice_url"),
    /**
     * Pay by bank transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer): the payment request's
     * variable symbol (10 digits from order_transfer_vs_seq, given once and kept), its due
     * date (YYYY-MM-DD, Europe/Bratislava) and when it was issued; null for card-only orders
     */
    transferVariableSymbol: text("transfer_variable_symbol").unique("orders_transfer_vs_uq"),
    transferDueDate: text("transfer_due_date"),
    transferRequestedAt: ts("transfer_requested_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_student_idx").on(t.studentId, t.createdAt),
    index("orders_state_idx").on(t.state),
    // the admin order list: newest first
    index("orders_created_idx").on(t.createdAt),
    check("orders_vat_rate_bp_range", sql`${t.vatRateBp} between 0 and 10000`),
    check("orders_seats_range", sql`${t.seats} between 1 and 200`),
    // at most one pending order per student, course and buyer (themselves or one organization)
    uniqueIndex("orders_one_pending_uq")
      .on(t.studentId, t.courseId, sql`coalesce(${t.sponsorOrgId}, '')`)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** The numbers behind transfer variable symbols (orders.transfer_variable_symbol). */
export const orderTransferVsSeq = pgSequence("order_transfer_vs_seq", { startWith: 1, minValue: 1, maxValue: 999999999 });

export const payments = pgTable(
  "payments",
  {
    id: idPk(),
    orderId: idRef("order_id")
      .notNull()
      .references(() => orders.id),
    gateway: text("gateway").notNull(),
    transactionId: text("transaction_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    state: text("state").notNull(),
    method: text("method"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    settledAt: ts("settled_at"),
    createdAt: createdAt(),
  },
  (t) => [unique("payments_gateway_tx_uq").on(t.gateway, t.transactionId), index("payments_order_idx").on(t.orderId)],
);

export const refunds = pgTable(
  "refunds",
  {
    id: idPk(),
    orderId: idRef("order_id")
      .notNull()
      .references(() => orders.id),
    paymentId: idRef("payment_id").references(() => payments.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    alsoCancelEnrollment: boolean("also_cancel_enrollment").notNull().default(false),
    /** seats of a club order this refund returns (unassigned ones; docs/decisions/clubs/club-seats.md > Club seats) */
    seats: integer("seats"),
    state: refundState("state").notNull().default("pending"),
    gatewayRefundId: text("gateway_refund_id"),
    requestedBy: text("requested_by").notNull(),
    /** YYYY-MM-DD (Europe/Bratislava): five business days after the request (spec: Limits, 1-5 business days) */
    estimatedSettlementDate: text("estimated_settlement_date"),
    settledAt: ts("settled_at"),
    /** a refund the gateway kept refusing: the last error, set when it became `failed` */
    failureReason: text("failure_reason"),
    failedAt: ts("failed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId), check("refunds_amount_positive", sql`${t.amountCents} > 0`)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: idPk(),
    orderId: idRef("order_id")
      .notNull()
      .unique("invoices_order_uq")
      .references(() => orders.id),
    // INV-YYYY-NNNN, gapless per calendar year (server/invoices: invoice_counters)
    number: text("number").notNull().unique("invoices_number_uq"),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** YYYY-MM-DD in Europe/Bratislava: the day the paying transaction assigned the number */
    issueDate: text("issue_date").notNull(),
    /** YYYY-MM-DD in Europe/Bratislava: the day of the successful payment */
    supplyDate: text("supply_date").notNull(),
    /** digits only, at most 10 (Slovak payment orders): YYYYNNNN of the number */
    variableSymbol: text("variable_symbol").notNull(),
    /**
     * What the invoice says (server/invoices InvoiceDocument), taken in the paying transaction:
     * the PDF and the e-invoice are both made from it, so they cannot disagree
     */
    document: jsonb("document").$type<Record<string, unknown>>(),
    /** the tax invoice, rendered once by the invoices.render-pdf job and never replaced */
    pdf: bytea("pdf"),
    pdfRenderedAt: ts("pdf_rendered_at"),
    createdAt: createdAt(),
  },
  (t) => [unique("invoices_year_seq_uq").on(t.year, t.sequence), check("invoices_sequence_positive", sql`${t.sequence} > 0`)],
);

/**
 * One row per calendar year: the last invoice sequence handed out. Assigning a number
 * updates this row inside the paying transaction (a row lock until commit), so
 * concurrent payments wait for each other and a rolled-back payment gives its number
 * back: numbers are unique and gapless.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    year: integer("year").primaryKey(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (t) => [check("invoice_counters_sequence_nonnegative", sql`${t.lastSequence} >= 0`)],
);

/**
 * Credit notes (opravný daňový doklad, "Dobropis"): one per completed refund of an invoiced
 * order, numbered DOB-YYYY-NNNN without gaps per calendar year in their own series
 * (credit_note_counters, same locking as invoice_counters), issued in the transaction
 * that completes the refund; the PDF is rendered once and stored like the invoice's.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: idPk(),
    refundId: idRef("refund_id")
      .notNull()
      .unique("credit_notes_refund_uq")
      .references(() => refunds.id),
    orderId: idRef("order_id")
      .notNull()
      .references(() => orders.id),
    invoiceId: idRef("invoice_id")
      .notNull()
      .references(() => invoices.id),
    number: text("number").notNull().unique("credit_notes_number_uq"),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** YYYY-MM-DD in Europe/Bratislava: the day the refund completed */
    issueDate: text("issue_date").notNull(),
    /** the refunded amount with VAT (positive; the document prints it negative) */
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    /** what the credit note says, taken in the refund's transaction (see invoices.document) */
    document: jsonb("document").$type<Record<string, unknown>>(),
    pdf: bytea("pdf"),
    pdfRenderedAt: ts("pdf_rendered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("credit_notes_year_seq_uq").on(t.year, t.sequence),
    index("credit_notes_order_idx").on(t.orderId),
    check("credit_notes_sequence_positive", sql`${t.sequence} > 0`),
    check("credit_notes_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** The last credit note sequence per calendar year (see invoiceCounters). */
export const creditNoteCounters = pgTable(
  "credit_note_counters",
  {
    year: integer("year").primaryKey(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (t) => [check("credit_note_counters_sequence_nonnegative", sql`${t.lastSequence} >= 0`)],
);

/**
 * Money received on the academy's account for a payment request (docs/decisions/payments/pay-by-bank-transfer.md > Pay
 * by bank transfer): recorded by an admin or read from a CAMT.053 statement. The bank's
 * reference is unique, so the same credit recorded twice or a statement uploaded again
 * adds nothing. `state`: paid (it paid the order; paymentId is the Payment), amount_mismatch
 * (the variable symbol names an order of another amount: flagged, not accepted),
 * order_not_payable (the order is paid already or cannot be paid: flagged), unmatched (no
 * order has the variable symbol).
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: idPk(),
    bankReference: text("bank_reference").notNull().unique("bank_transfers_reference_uq"),
    orderId: idRef("order_id").references(() => orders.id),
    variableSymbol: text("variable_symbol"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** YYYY-MM-DD: the bank's booking date, the invoice's supply date */
    bookingDate: text("booking_date").notNull(),
    counterparty: text("counterparty"),
    /** manual (an admin recorded it) or camt053 (read from a statement) */
    source: text("source").notNull(),
    /** the statement's identifier (CAMT.053 Stmt/Id) for entries read from one */
    statementId: text("statement_id"),
    state: text("state").notNull(),
    paymentId: idRef("payment_id").references(() => payments.id),
    recordedBy: text("recorded_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("bank_transfers_order_idx").on(t.orderId), index("bank_transfers_state_idx").on(t.state, t.createdAt)],
);
