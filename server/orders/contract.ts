// Request and response shapes of the orders area (spec: Resources > Order and Payment;
// Endpoints > Orders (student)). Required billingAddress members: docs/decisions/README.md.
import { z } from "zod";
import { Id, IDEMPOTENCY_ERRORS } from "../kernel/contract";
import type { ApiArea } from "../http/openapi";

const required = (max = 200) => z.string().trim().min(1).max(max);
const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === "" ? undefined : v));
const mustBeTrue = z.literal(true, { error: "Musíte súhlasiť." });

/** personal variant: firstName, lastName, email, street, city, postalCode, country required; phone optional */
export const PersonalBillingAddress = z.strictObject({
  firstName: required(100),
  lastName: required(100),
  email: z.email().max(254),
  phone: optional(40),
  street: required(),
  city: required(100),
  postalCode: required(20),
  country: required(60),
});

/** company variant: companyName, ico, street, city, postalCode, country, contactEmail required */
export const CompanyBillingAddress = z.strictObject({
  companyName: required(),
  ico: required(20),
  dic: optional(20),
  icDph: optional(20),
  street: required(),
  city: required(100),
  postalCode: required(20),
  country: required(60),
  contactEmail: z.email().max(254),
  contactPerson: optional(200),
});

export const BillingType = z.enum(["personal", "company"]);

/** Seats a club order buys (docs/decisions/clubs/club-seats.md > Club seats): an extension of the spec's body. */
export const MAX_ORDER_SEATS = 200;

const commonOrderFields = {
  courseId: Id,
  sponsorOrgId: z.string().trim().min(1).max(100).optional(),
  seats: z
    .int("Počet miest je celé číslo.")
    .min(1, "Kúpte aspoň 1 miesto.")
    .max(MAX_ORDER_SEATS, `Naraz sa dá kúpiť najviac ${MAX_ORDER_SEATS} miest.`)
    .optional()
    .describe("extension: seats of a club order (1-200, default 1); only with sponsorOrgId"),
  agreedTos: mustBeTrue,
  agreedRefundPolicy: mustBeTrue,
  /**
   * Extension (docs/api.md > Pay by bank transfer): "card" (default) opens a gateway
   * session; "transfer" issues a payment request instead, for a company or club buyer only
   */
  paymentMethod: z.enum(["card", "transfer"]).optional(),
};

/** POST /api/orders body: billingType chooses the billingAddress variant. */
export const CreateOrderBody = z.discriminatedUnion("billingType", [
  z.strictObject({ ...commonOrderFields, billingType: z.literal("personal"), billingAddress: PersonalBillingAddress }),
  z.strictObject({ ...commonOrderFields, billingType: z.literal("company"), billingAddress: CompanyBillingAddress }),
]);
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/** Extension: the payment request of an order paid by bank transfer (not a tax invoice). */
export const PaymentRequestView = z
  .strictObject({
    variableSymbol: z.string().regex(/^\d{1,10}$/),
    iban: z.string(),
    bic: z.string().nullable(),
    beneficiary: z.string(),
    amountCents: z.int().min(0),
    currency: z.string().length(3),
    dueDate: z.string().describe("YYYY-MM-DD (Europe/Bratislava); unpaid, the order expires after it"),
    payBySquare: z.string().describe("the PAY by square string (content of the QR code)"),
    pdfUrl: z.string().describe("GET: the payment request as PDF (Výzva na úhradu)"),
  })
  .describe("payment request (Výzva na úhradu) of an order paid by bank transfer; not a tax invoice");
export type PaymentRequestView = z.infer<typeof PaymentRequestView>;

export const CreateOrderResponse = z.strictObject({
  orderId: Id,
  amount: z.int().min(0).describe("integer cents"),
  currency: z.string().length(3),
  redirectUrl: z.string().describe("the gateway's page; for paymentMethod transfer the order's status page with the payment request"),
  paymentRequest: PaymentRequestView.optional(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

/** 'refunded' and 'disputed' extend the spec's enum (docs/decisions/payments/orders-and-payments.md > Orders and payments). */
export const OrderState = z
  .enum(["pending", "paid", "failed", "expired", "refunded", "disputed"])
  .describe("pending, paid, failed, expired (spec) plus refunded and disputed (docs/decisions/payments/orders-and-payments.md > Orders and payments)");

export const OrderListItem = z.strictObject({
  _id: Id,
  courseId: Id,
  courseTitle: z.string(),
  amountCents: z.int().min(0),
  currency: z.string().length(3),
  state: OrderState,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

export const OrderListResponse = z.strictObject({ data: z.array(OrderListItem) });

export const OrderPayment = z.strictObject({
  orderId: Id,
  gateway: z.string(),
  transactionId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  state: z.string(),
  method: z.string().nullable(),
  settledAt: z.string().nullable(),
});

export const OrderDetail = z.strictObject({
  _id: Id,
  courseId: Id,
  courseVersionId: Id,
  courseTitle: z.string(),
  courseSlug: z.string(),
  studentId: z.string(),
  studentDisplayName: z.string(),
  studentEmail: z.string().nullable(),
  sponsorOrgId: z.string().nullable(),
  billingType: BillingType,
  billingDetails: z.record(z.string(), z.unknown()),
  amountCents: z.int().min(0),
  seats: z.int().min(1).describe("extension: seats bought (1 unless a club order)"),
  currency: z.string().length(3),
  state: OrderState,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  payment: OrderPayment.nullable().describe("the latest Payment record"),
  paymentRequest: PaymentRequestView.nullable().describe("extension: the bank transfer payment request, null for a card order"),
  creditNotes: z
    .array(z.strictObject({ number: z.string(), issueDate: z.string(), amountCents: z.int().min(1), url: z.string() }))
    .describe("credit notes (DOB-YYYY-NNNN) of completed refunds of the invoiced order, oldest first"),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const RetryPaymentResponse = z.strictObject({ redirectUrl: z.string() });
export type RetryPaymentResponse = z.infer<typeof RetryPaymentResponse>;

const orderId = Id;
const idempotencyHeader = "Idempotency-Key";

export const ordersApi: ApiArea = {
  schemas: {
    PersonalBillingAddress,
    CompanyBillingAddress,
    CreateOrderBody,
    CreateOrderResponse,
    OrderState,
    OrderListItem,
    OrderListResponse,
    OrderPayment,
    OrderDetail,
    RetryPaymentResponse,
    PaymentRequestView,
  },
  operations: [
    {
      method: "post",
      path: "/api/orders",
      operationId: "createOrder",
      summary: `Order a course (pending) and open a payment session, or (extension paymentMethod "transfer", company or club buyers) issue a bank transfer payment request; header ${idempotencyHeader} (UUID) recommended`,
      tags: ["orders"],
      auth: { kind: "session" },
      body: { contentType: "application/json", schema: CreateOrderBody },
      responses: { 201: { description: "the order and where to pay it", schema: CreateOrderResponse } },
      errors: [
        "unauthorized",
        "forbidden",
        "not_found",
        "validation",
        "already_enrolled",
        "course_not_available",
        "enrollment_deadline_passed",
        "enrollment_limit_reached",
        ...IDEMPOTENCY_ERRORS,
        "rate_limited",
        "payment_gateway_unavailable",
      ],
    },
    {
      method: "get",
      path: "/api/orders/me",
      operationId: "listMyOrders",
      summary: "The caller's orders, newest first",
      tags: ["orders"],
      auth: { kind: "session" },
      responses: { 200: { description: "the caller's orders", schema: OrderListResponse } },
      errors: ["unauthorized"],
    },
    {
      method: "get",
      path: "/api/orders/{orderId}",
      operationId: "getMyOrder",
      summary: "One of the caller's orders with its latest payment and invoice URL",
      tags: ["orders"],
      auth: { kind: "session" },
      pathParams: { orderId },
      responses: { 200: { description: "the order", schema: OrderDetail } },
      errors: ["unauthorized", "not_found"],
    },
    {
      method: "get",
      path: "/api/orders/{orderId}/invoice",
      operationId: "getMyOrderInvoice",
      summary: "The invoice PDF of a paid order (404 before payment)",
      tags: ["orders"],
      auth: { kind: "session" },
      pathParams: { orderId },
      responses: { 200: { description: "the invoice", contentType: "application/pdf" } },
      errors: ["unauthorized", "not_found"],
    },
    {
      method: "get",
      path: "/api/orders/{orderId}/payment-request",
      operationId: "getMyOrderPaymentRequest",
      summary: "Extension: the payment request PDF (Výzva na úhradu, not a tax invoice) of an order paid by bank transfer (404 for a card order)",
      tags: ["orders"],
      auth: { kind: "session" },
      pathParams: { orderId },
      responses: { 200: { description: "the payment request", contentType: "application/pdf" } },
      errors: ["unauthorized", "not_found"],
    },
    {
      method: "post",
      path: "/api/orders/{orderId}/retry-payment",
      operationId: "retryOrderPayment",
      summary: `A new payment session for a failed or expired order; header ${idempotencyHeader} (UUID) recommended, as for POST /api/orders`,
      tags: ["orders"],
      auth: { kind: "session" },
      pathParams: { orderId },
      responses: { 200: { description: "where to pay", schema: RetryPaymentResponse } },
      // what retryOrderPayment (every check of a new order) and the idempotency machinery answer
      errors: [
        "unauthorized",
        "not_found",
        "validation",
        "order_not_retryable",
        "already_enrolled",
        "course_not_available",
        "enrollment_deadline_passed",
        "enrollment_limit_reached",
        "order_pending",
        ...IDEMPOTENCY_ERRORS,
        "payment_gateway_unavailable",
      ],
    },
  ],
};
