// Orders area: a student's orders of a course, from creation (price snapshot, payment
// session) to the states payment events move them to. spec: Resources > Order and
// Payment; Endpoints > Orders (student). docs/decisions/payments/orders-and-payments.md > Orders and payments.
export {
  ORDER_PENDING_TTL_MS,
  EXPIRE_PENDING_CRON,
  purchasableCourse,
  purchaseBlocker,
  visitorPurchaseBlocker,
  createOrder,
  retryOrderPayment,
  listStudentOrders,
  getStudentOrder,
  assertOrderOwner,
  lockOrder,
  markOrderPaid,
  markOrderFailed,
  markOrderRefunded,
  markOrderDisputed,
  expirePendingOrders,
  returnUrlOf,
  heldEnrollment,
  lockPurchaseOfOrder,
} from "./orders";
export { markOrderDisputeWon, markOrderDisputeLost } from "./disputes";
export { orderBalance, refundOfPayingPayment, type OrderBalance, type BalanceOrder, type BalanceRefund } from "./balance";
export { sponsorOfOrder } from "./sponsor";
// pay by bank transfer (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
export {
  TRANSFER_DUE_DAYS,
  EXPIRE_TRANSFER_REQUESTS_CRON,
  expireTransferRequests,
  paymentRequestView,
  orderIdByVariableSymbol,
  orderPaymentRequest,
  mayPayByTransfer,
} from "./transfer";
export type { OrderRow, PaymentSessions, PaymentSessionRequest, Buyer, SponsorOrganization, OrderDeps } from "./orders";
export {
  ordersApi,
  CreateOrderBody,
  CreateOrderResponse,
  OrderListItem,
  OrderListResponse,
  OrderDetail,
  OrderState,
  RetryPaymentResponse,
  PersonalBillingAddress,
  CompanyBillingAddress,
  BillingType,
  PaymentRequestView,
} from "./contract";
// admin views (spec: Endpoints > Admin: orders; docs/api.md > Admin: orders)
export {
  listAdminOrders,
  getAdminOrder,
  ordersNeedingAttention,
  getAdminOrderAudit,
  orderedCourses,
  existingOrderIds,
  auditEntry,
  webhookEventView,
  pagination,
  DETAIL_AUDIT_LIMIT,
} from "./admin";
export {
  adminOrdersApi,
  AdminOrderListQuery,
  AdminPagingQuery,
  AdminOrderListItem,
  AdminOrderListResponse,
  AdminOrderDetail,
  AdminRefund,
  AdminWebhookEvent,
  AuditEntry,
  AuditListResponse,
  RefundRequestBody,
  RefundAcceptedResponse,
  DisputeResolutionBody,
  DisputeResolutionResponse,
  DISPUTE_OUTCOMES,
  type DisputeOutcome,
  IsoInstant,
  startOfDayInBratislava,
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_MAX_PAGE_SIZE,
} from "./admin-contract";
// the order's human number and billing name (docs/decisions/payments/order-numbers.md > Order numbers)
export { orderLabels, orderNumber, formatOrderNumber, type OrderLabel } from "./number";
// club seats (docs/decisions/clubs/club-seats.md > Club seats)
export { seatUsage, seatUsageOf, seatPriceCents, paidClubOrders, type SeatUsage } from "./seats";
export { seatsOfOrder } from "./orders";
export { MAX_ORDER_SEATS } from "./contract";
