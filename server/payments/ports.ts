// The refund side of the gateway contract as the payments area uses it (implemented in
// gateway.ts); a module of types alone, so the refund job and the adapter share it
// without importing each other.

/** What the gateway needs to refund (part of) a completed payment. */
export type GatewayRefundRequest = {
  orderId: string;
  /** our refund id: the gateway's idempotency reference, echoed as payment.merchantRefundId in payment.refunded */
  refundId: string;
  /** the gateway's transaction id of the payment being refunded */
  transactionId: string;
  amountCents: number;
  currency: string;
  reason: string;
  /** where the gateway posts payment.refunded: /api/webhooks/payment */
  notifyUrl: string;
};

/** The refund side of the gateway contract (docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes). */
export type PaymentRefunds = {
  /** asks the gateway to refund; it settles later with a signed payment.refunded event */
  requestRefund(request: GatewayRefundRequest): Promise<{ gatewayRefundId: string; state: string }>;
};
