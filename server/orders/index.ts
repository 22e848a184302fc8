// Orders area: a student's orders of a course, from creation (price snapshot, payment
// session) to the states payment events move them to. spec: Resources > Order and
// Payment; Endpoints > Orders (student). DESIGN.md > Orders and payments.
export {
  ORDER_PENDING_TTL_MS,
  EXPIRE_PENDING_CRON,
  purchasableCourse,
  purchaseBlocker,
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
} from "./orders";
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
} from "./contract";
