// E-invoices (issue 31; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices): a UBL 2.1 Invoice or CreditNote per
// Peppol BIS Billing 3.0 for every invoice and credit note of a company order, made by
// server/invoices in the transaction that numbers the document, from the record its PDF
// is drawn from; validated by the project's own rules (validate.ts) and archived as bytes
// with their SHA-256.
export {
  SK_DIC_SCHEME,
  amountsFromGross,
  amountText,
  percentOf,
  vatOf,
  type DocumentAmounts,
  type EInvoice,
  type EInvoiceAddress,
  type EInvoiceKind,
  type EInvoiceLine,
  type EInvoiceParty,
  type VatCategory,
} from "./model";
export { toUbl, CUSTOMIZATION_ID, PROFILE_ID } from "./ubl";
export { validateUbl, ibanValid, RULE_IDS, type Finding, type ValidationResult } from "./validate";
export {
  archiveEInvoice,
  eInvoicesForOrders,
  eInvoiceXml,
  eInvoiceFileName,
  undeliveredEInvoices,
  sha256Hex,
  E_INVOICE_STATE_LABELS,
  type EInvoiceState,
  type EInvoiceSummary,
} from "./archive";
// Delivery through the Peppol access point (the einvoices.deliver job; the one adapter file)
export { createAccessPointClient, AccessPointUnavailable, type AccessPoint, type ApReceipt, type ApDocument, type ApStatus } from "./access-point";
export { deliverDueEInvoices, deliverEInvoicesJob, backoffMs, DELIVER_CRON, LEASE_MS, type DeliveryRun } from "./delivery";
