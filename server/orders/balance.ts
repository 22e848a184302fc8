// One refundable amount, everywhere (docs/decisions/payments/one-refundable-amount.md > One refundable amount): what the
// paying payment brought in, less what went back of it: completed refunds, refunds on their
// way, and what the bank returned through a lost dispute. The admin's refund endpoint and
// page, the order detail and the admin list all read it from here.
//
// Only the paying payment counts (orders.paying_payment_id, set under the purchase lock):
// a second payment of the order, or one of a wrong amount, is refunded whole on its own
// and never moves this balance.

export type BalanceOrder = {
  state: string;
  amountCents: number;
  payingPaymentId: string | null;
  disputeLostAt: Date | null;
};

export type BalanceRefund = { paymentId: string | null; state: string; amountCents: number };

export type OrderBalance = {
  /** the paying payment's amount (0 before the order is paid) */
  paidCents: number;
  /** completed refunds of the paying payment */
  refundedCents: number;
  /** refunds of the paying payment still on their way */
  pendingCents: number;
  /** what a lost dispute returned through the bank: everything not refunded by us */
  chargedBackCents: number;
  /** what an admin may still refund (0 while a dispute is open or after it was lost) */
  refundableCents: number;
  /** a chargeback is open: refunds wait for its end (409 order_disputed) */
  disputeOpen: boolean;
};

/** A refund returns the paying payment's money unless it names another payment. */
export function refundOfPayingPayment(refund: Pick<BalanceRefund, "paymentId">, payingPaymentId: string | null): boolean {
  return refund.paymentId === null || refund.paymentId === payingPaymentId;
}

export function orderBalance(order: BalanceOrder, payingPaymentCents: number | null, refunds: BalanceRefund[]): OrderBalance {
  const ofPaying = refunds.filter((r) => refundOfPayingPayment(r, order.payingPaymentId));
  const sum = (state: string) => ofPaying.filter((r) => r.state === state).reduce((total, r) => total + r.amountCents, 0);
  const paidCents = order.payingPaymentId ? (payingPaymentCents ?? 0) : 0;
  const refundedCents = sum("completed");
  const pendingCents = sum("pending");
  const left = Math.max(0, paidCents - refundedCents - pendingCents);
  const chargedBackCents = order.disputeLostAt ? left : 0;
  const disputeOpen = order.state === "disputed" && !order.disputeLostAt;
  const refundable = order.state === "paid" || order.state === "disputed" || order.state === "refunded";
  return {
    paidCents,
    refundedCents,
    pendingCents,
    chargedBackCents,
    refundableCents: refundable && !disputeOpen ? left - chargedBackCents : 0,
    disputeOpen,
  };
}
