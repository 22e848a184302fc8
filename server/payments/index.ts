// Payments area: the gateway adapter (payment sessions), the payment webhook receiver and
// the Payment and Refund records. spec: Order and Payment; Webhook receivers; Payment
// events. docs/decisions/payments/orders-and-payments.md > Orders and payments.
export {
  createPaymentGateway,
  createGatewayRefunds,
  createPayments,
  GatewayError,
  type GatewaySettings,
  type Payments,
  type PaymentRefunds,
  type GatewayRefundRequest,
} from "./gateway";
export {
  requestRefund,
  refundBalance,
  addBusinessDays,
  REFUND_SETTLEMENT_BUSINESS_DAYS,
  type RefundActor,
  type RefundInput,
  type RefundAccepted,
  type RefundDeps,
} from "./refunds";
export {
  DUPLICATE_PAYMENT_ACTOR,
  DUPLICATE_PAYMENT_REASON,
  AMOUNT_MISMATCH_ACTOR,
  REFUND_JOB_ACTOR,
  duplicatePaymentOf,
  requestRefundJob,
  retryFailedRefund,
} from "./duplicates";
export { resolveDispute, DISPUTE_CANCEL_REASON, type DisputeResolutionInput, type DisputeDeps } from "./disputes";
export { signPayload, verifySignature, timestampFresh, TIMESTAMP_TOLERANCE_SEC } from "./signature";
export {
  receivePaymentWebhook,
  payOrder,
  paymentTimeOf,
  parseEventBody,
  PaymentEvent,
  WebhookAck,
  PAYMENT_EVENT_TYPES,
  PAYMENT_GATEWAY_ACTOR,
  type PaymentWebhookDeps,
  type PaymentWebhookRequest,
} from "./webhook";
export { paymentsApi, RecordTransferBody, StatementImportResponse, CreditOutcomeSchema } from "./contract";
// pay by bank transfer: a recorded credit or a CAMT.053 statement pays the order through
// payOrder (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
export {
  BANK_TRANSFER_GATEWAY,
  recordBankTransfer,
  importBankStatement,
  bankTransfersOfOrder,
  bankTransfersForAdmin,
  type BankCredit,
  type BankTransferState,
  type BankTransferView,
  type CreditOutcome,
  type RecordTransferInput,
  type StatementImport,
  type TransferDeps,
} from "./transfers";
export { parseCamt053, decimalToCents, variableSymbolIn, MAX_STATEMENT_BYTES, type Statement, type StatementCredit } from "./camt053";
