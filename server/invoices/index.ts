// Invoices (spec: Order and Payment > Invoice rules; docs/decisions/payments/orders-and-payments.md > Orders and payments):
// gapless numbers INV-YYYY-NNNN assigned in the paying transaction, a Slovak tax invoice
// PDF rendered once by a job and stored in the database, served unchanged forever.
//
// For the orders/payments areas:
// - `assignInvoice(tx, { orderId, paidAt })` inside the transaction that marks the order
//   paid (idempotent per order); then enqueue `invoices.render-pdf { invoiceId }` in the
//   same transaction.
// - `storedInvoicePdf(db, orderId, noneMessage)` for GET /api/orders/<id>/invoice (a refusal → 404),
//   `invoiceForOrder` for the invoice URL in order views.
// The order's billingDetails is read as billing.ts describes; amountCents is the price
// the buyer paid (with VAT) and vatRateBp its rate.
export { assignInvoice, formatInvoiceNumber, variableSymbolOf, bratislavaDay, type AssignedInvoice } from "./numbering";
export {
  renderInvoicePdf,
  renderInvoicePdfJob,
  invoicePdfForOrder,
  storedInvoicePdf,
  invoiceForOrder,
  ensureInvoicePdfForOrder,
  invoiceFileName,
  paymentMethodLabel,
  type InvoiceSummary,
  type RenderResult,
} from "./render";
export { customerFromBilling, type InvoiceCustomer } from "./billing";
// Credit notes (opravný daňový doklad, DOB-YYYY-NNNN; docs/decisions/payments/refunds-and-credit-notes.md > Refunds and
// credit notes): `issueCreditNote(tx, …)` in the transaction that completes a refund,
// then enqueue `invoices.render-credit-note { creditNoteId }` in the same transaction.
export {
  issueCreditNote,
  formatCreditNoteNumber,
  creditNotesForOrders,
  renderCreditNotePdf,
  renderCreditNotePdfJob,
  creditNotePdf,
  creditNoteFileName,
  type IssuedCreditNote,
  type CreditNoteSummary,
} from "./credit-notes";
// E-invoices (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices): assignInvoice and issueCreditNote take each
// document's record and archive a company buyer's UBL in their transaction; start-up sets
// the supplier they issue as (`useInvoiceSupplier(config.invoiceSupplier)`).
export { useInvoiceSupplier, issuingSupplier, eInvoiceOfInvoice, eInvoiceOfCreditNote, splitAddress } from "./einvoice";
export { invoiceDocumentData } from "./render";
export { payBySquare, readPayBySquare, payBySquareSvg, type BankPaymentRequest } from "./pay-by-square";
export { invoicePayBySquare, amountDue } from "./pdf";
// The payment request ("Výzva na úhradu", not a tax invoice) of an order paid by bank
// transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
export { paymentRequestOf, renderPaymentRequestPdf, paymentRequestFileName, type PaymentRequest, type PaymentRequestOrder } from "./payment-request";
