// The admin orders /api contract (spec: Endpoints > Admin: orders; "Response shapes of the
// admin list and detail endpoints: not shown": the shapes here are documented in
// docs/api.md > Admin: orders). Lists answer {data, pagination} (default 20, max 50); a
// filter that does not parse is 422 `validation`. Response schemas are strict, so a
// serializer cannot leak a field silently.
import { z } from "zod";
import { startOfDayInBratislava } from "../../shared/calendar";
import { Id, blankAsUnset, positiveInt, EnrollmentState, operationWithIdParams, IDEMPOTENCY_ERRORS } from "../kernel/contract";
import type { ApiArea, ApiOperation } from "../http/openapi";
import type { ErrorCode } from "../kernel/errors";
import { BillingType, OrderState } from "./contract";
import { isStorableInstant, STORABLE_INSTANT_MESSAGE } from "../kernel/instants";

export const ADMIN_DEFAULT_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 50;

// an empty value (`?state=`) means "not given", as a plain GET form sends it

export const pagingQuery = {
  page: z.preprocess(blankAsUnset, positiveInt(1_000_000).default(1)),
  pageSize: z.preprocess(blankAsUnset, positiveInt(ADMIN_MAX_PAGE_SIZE).default(ADMIN_DEFAULT_PAGE_SIZE)),
};

export { startOfDayInBratislava };

/**
 * An ISO date (YYYY-MM-DD: the start of that day in Bratislava) or an ISO date-time with
 * offset ("2026-03-01T10:00:00Z"), as a Date.
 */
export const IsoInstant = z
  .string()
  .trim()
  .refine(
    (v) =>
      (z.iso.date().safeParse(v).success && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)) || z.iso.datetime({ offset: true }).safeParse(v).success,
    "Zadajte dátum (RRRR-MM-DD) alebo dátum a čas podľa ISO 8601.",
  )
  .transform((v) => (v.length === 10 ? startOfDayInBratislava(v) : new Date(v)))
  .refine(isStorableInstant, STORABLE_INSTANT_MESSAGE);

/** GET /api/admin/orders query (the admin orders page reads the same names). */
export const AdminOrderListQuery = z
  .object({
    state: z.preprocess(blankAsUnset, OrderState.optional()),
    studentId: z.preprocess(blankAsUnset, z.string().trim().min(1).max(100).optional()),
    courseId: z.preprocess(blankAsUnset, Id.optional()),
    createdAfter: z.preprocess(blankAsUnset, IsoInstant.optional()),
    createdBefore: z.preprocess(blankAsUnset, IsoInstant.optional()),
    ...pagingQuery,
  })
  .refine((q) => !q.createdAfter || !q.createdBefore || q.createdAfter < q.createdBefore, {
    message: "Dátum „od“ musí byť skôr ako dátum „do“.",
    path: ["createdBefore"],
  });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

/** GET /api/admin/orders/<id>/audit query. */
export const AdminPagingQuery = z.object(pagingQuery);
export type AdminPagingQuery = z.infer<typeof AdminPagingQuery>;

export const AdminPagination = z.strictObject({
  page: z.int().min(1),
  pageSize: z.int().min(1),
  totalItems: z.int().min(0),
  totalPages: z.int().min(0),
});
export type AdminPagination = z.infer<typeof AdminPagination>;

const IsoString = z.string().describe("ISO 8601 date-time");
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD (Europe/Bratislava)");

export const AdminOrderListItem = z.strictObject({
  _id: Id,
  courseId: Id,
  courseVersionId: Id,
  courseTitle: z.string(),
  studentId: z.string(),
  studentDisplayName: z.string(),
  studentEmail: z.string().nullable(),
  sponsorOrgId: z.string().nullable(),
  amountCents: z.int().min(0),
  seats: z.int().min(1).describe("extension: seats bought (1 unless a club order)"),
  seatsAssigned: z.int().min(0).describe("extension: seats given to members (pending or enrolled)"),
  refundedCents: z.int().min(0).describe("sum of completed refunds"),
  currency: z.string().length(3),
  state: OrderState,
  createdAt: IsoString,
  paidAt: IsoString.nullable(),
  invoiceNumber: z.string().nullable(),
});
export type AdminOrderListItem = z.infer<typeof AdminOrderListItem>;

export const AdminOrderListResponse = z.strictObject({ data: z.array(AdminOrderListItem), pagination: AdminPagination });
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

/** A Payment record (spec: Order and Payment > Payment) with the card details the gateway sent. */
export const AdminPayment = z.strictObject({
  _id: Id,
  orderId: Id,
  gateway: z.string(),
  transactionId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  state: z.string(),
  method: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  settledAt: IsoString.nullable(),
  createdAt: IsoString,
  paying: z.boolean().describe("the payment that paid the order (its refunds and credit notes count against the invoice); any other is refunded whole"),
  amountMatches: z.boolean().describe("amount and currency equal the order's; a payment of another amount never pays the order and goes back"),
});

export const RefundState = z.enum(["pending", "completed", "failed"]);

export const AdminRefund = z.strictObject({
  _id: Id,
  refundId: Id.describe("the same id: the name the refund response uses"),
  orderId: Id,
  paymentId: Id.nullable(),
  amountCents: z.int().min(1),
  reason: z.string(),
  alsoCancelEnrollment: z.boolean(),
  seats: z.int().min(1).nullable().describe("extension: seats of a club order the refund returned"),
  state: RefundState,
  gatewayRefundId: z.string().nullable(),
  requestedBy: z.string().describe("person id of the admin, or system:payment-gateway for a refund the gateway reported"),
  estimatedSettlementDate: Day.nullable(),
  settledAt: IsoString.nullable(),
  createdAt: IsoString,
  creditNoteNumber: z.string().nullable(),
  failureReason: z.string().nullable().describe("a failed refund: the gateway's last answer after every retry"),
  failedAt: IsoString.nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

/** A row of the audit log (spec: Authentication 8). */
export const AuditEntry = z.strictObject({
  _id: Id,
  actorId: z.string(),
  actorRoles: z.array(z.string()).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: IsoString,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A stored WebhookEvent (spec: Resources > WebhookEvent). */
export const AdminWebhookEvent = z.strictObject({
  _id: Id,
  provider: z.enum(["payment", "video", "meetings"]),
  eventId: z.string(),
  eventType: z.string(),
  payload: z.string().describe("the raw body as received"),
  signature: z.string().nullable(),
  receivedAt: IsoString,
  processedAt: IsoString.nullable(),
  processingResult: z.enum(["success", "error"]).nullable(),
  errorMessage: z.string().nullable(),
  relatedOrderId: z.string().nullable(),
});
export type AdminWebhookEvent = z.infer<typeof AdminWebhookEvent>;

export const AdminInvoice = z.strictObject({
  number: z.string(),
  issueDate: Day,
  supplyDate: Day,
  createdAt: IsoString,
  pdfUrl: z.string().describe("/api/admin/orders/<id>/invoice"),
});

export const AdminCreditNote = z.strictObject({
  _id: Id,
  number: z.string().describe("DOB-YYYY-NNNN"),
  refundId: Id,
  invoiceNumber: z.string(),
  issueDate: Day,
  amountCents: z.int().min(1),
  currency: z.string(),
  createdAt: IsoString,
  pdfUrl: z.string().describe("/api/admin/orders/<id>/credit-notes/<creditNoteId>"),
});

export const AdminOrderEnrollment = z.strictObject({
  _id: Id,
  state: EnrollmentState,
  enrolledAt: IsoString,
  cancelledAt: IsoString.nullable(),
  cancelReason: z.string().nullable(),
  suspendedAt: IsoString.nullable(),
});

export const AdminOrderDetail = z.strictObject({
  _id: Id,
  courseId: Id,
  courseVersionId: Id,
  courseTitle: z.string(),
  studentId: z.string(),
  studentDisplayName: z.string(),
  studentEmail: z.string().nullable(),
  sponsorOrgId: z.string().nullable(),
  billingType: BillingType,
  billingDetails: z.record(z.string(), z.unknown()),
  amountCents: z.int().min(0),
  seats: z.int().min(1).describe("extension: seats bought (1 unless a club order)"),
  seatsAssigned: z.int().min(0).describe("extension: seats given to members (pending or enrolled)"),
  seatsReturned: z.int().min(0).describe("extension: seats returned by refunds (pending or completed)"),
  seatsFree: z.int().min(0).describe("extension: seats neither assigned nor returned"),
  currency: z.string().length(3),
  vatRate: z.number().min(0).max(1),
  state: OrderState,
  createdAt: IsoString,
  paidAt: IsoString.nullable(),
  expiresAt: IsoString.nullable(),
  paidCents: z.int().min(0).describe("the paying payment's amount (0 before payment)"),
  refundedCents: z.int().min(0).describe("completed refunds of the paying payment"),
  pendingRefundCents: z.int().min(0).describe("refunds of the paying payment asked for and not yet settled"),
  chargedBackCents: z.int().min(0).describe("what a lost dispute returned through the bank"),
  refundableCents: z.int().min(0).describe("what a new refund may take: paid − refunded − pending − charged back; 0 while a dispute is open"),
  disputeOpen: z.boolean().describe("a chargeback is open: refunds are refused (409 order_disputed) until an admin decides it"),
  disputeLostAt: IsoString.nullable(),
  invoice: AdminInvoice.nullable(),
  creditNotes: z.array(AdminCreditNote),
  payments: z.array(AdminPayment).describe("every Payment record, oldest first"),
  refunds: z.array(AdminRefund).describe("oldest first"),
  enrollments: z.array(AdminOrderEnrollment).describe("enrollments made by this order"),
  auditLog: z.array(AuditEntry).describe("the order's audit rows, newest first (at most 200; the audit endpoint pages them all)"),
  webhookEvents: z.array(AdminWebhookEvent).describe("payment events about this order, oldest first"),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AuditListResponse = z.strictObject({ data: z.array(AuditEntry), pagination: AdminPagination });
export type AuditListResponse = z.infer<typeof AuditListResponse>;

/** POST /api/admin/orders/<id>/refund body (spec: amount in integer cents, reason, alsoCancelEnrollment). */
export const RefundRequestBody = z.strictObject({
  amount: z.int("Suma je celé číslo v centoch.").min(1, "Suma musí byť aspoň 1 cent.").max(100_000_000),
  reason: z.string().trim().min(1, "Uveďte dôvod refundácie.").max(500),
  alsoCancelEnrollment: z.boolean().default(false),
  seats: z.int().min(1).max(200).optional().describe("extension: a club order's unassigned seats this refund returns; amount must be seats × the seat price"),
});
export type RefundRequestBody = z.infer<typeof RefundRequestBody>;

export const RefundAcceptedResponse = z.strictObject({
  ok: z.literal(true),
  refundId: Id,
  state: z.literal("pending"),
  estimatedSettlementDate: Day.describe("five business days (Mon-Fri) after the request"),
});

/** How an admin ends a dispute (docs/decisions/payments/disputes-end.md > Disputes end). */
export const DISPUTE_OUTCOMES = ["restore", "cancel"] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/** POST /api/admin/orders/<id>/dispute/resolve body. */
export const DisputeResolutionBody = z.strictObject({
  outcome: z
    .enum(DISPUTE_OUTCOMES, "Výsledok je restore (obnoviť prístup) alebo cancel (ukončiť prístup).")
    .describe("restore: the dispute was decided for us, access comes back and the order is paid again; cancel: access ends, the order stays disputed"),
  reason: z.string().trim().min(1, "Uveďte dôvod rozhodnutia.").max(500).describe("kept in the audit log and told to the student"),
});
export type DisputeResolutionBody = z.infer<typeof DisputeResolutionBody>;

export const DisputeResolutionResponse = z.strictObject({
  ok: z.literal(true),
  orderId: Id,
  outcome: z.enum(DISPUTE_OUTCOMES),
  orderState: OrderState.describe("paid after restore, disputed after cancel"),
  enrollments: z
    .array(z.strictObject({ _id: Id, state: z.enum(["active", "completed", "cancelled"]) }))
    .describe("the enrollments the decision changed (a completed one stays completed when access comes back)"),
  resolvedAt: IsoString,
  auditId: Id.describe("the audit row of the decision"),
});
export type DisputeResolutionResponse = z.infer<typeof DisputeResolutionResponse>;

const admin = { kind: "session" as const, roles: ["admin"] };
const readErrors: ErrorCode[] = ["unauthorized", "forbidden", "not_found"];

function op(
  method: ApiOperation["method"],
  path: string,
  operationId: string,
  summary: string,
  rest: Partial<ApiOperation> & Pick<ApiOperation, "responses">,
): ApiOperation {
  return operationWithIdParams({ method, path, operationId, summary, tags: ["admin", "orders"], auth: admin }, rest);
}

export const adminOrdersApi: ApiArea = {
  schemas: {
    AdminOrderListItem,
    AdminOrderListResponse,
    AdminPayment,
    AdminRefund,
    AuditEntry,
    AdminWebhookEvent,
    AdminInvoice,
    AdminCreditNote,
    AdminOrderEnrollment,
    AdminOrderDetail,
    AuditListResponse,
    RefundRequestBody,
    RefundAcceptedResponse,
    DisputeResolutionBody,
    DisputeResolutionResponse,
  },
  operations: [
    op(
      "get",
      "/api/admin/orders",
      "adminListOrders",
      "Orders, newest first; filters state, studentId, courseId (any version's id), createdAfter (inclusive), createdBefore (exclusive)",
      {
        query: AdminOrderListQuery,
        responses: { 200: { description: "a page of orders", schema: AdminOrderListResponse } },
        errors: ["unauthorized", "forbidden", "validation"],
      },
    ),
    op(
      "get",
      "/api/admin/orders/{orderId}",
      "adminGetOrder",
      "One order with all payments, refunds, invoice, credit notes, enrollments, audit log and related webhook events",
      {
        responses: { 200: { description: "the order", schema: AdminOrderDetail } },
        errors: readErrors,
      },
    ),
    op("get", "/api/admin/orders/{orderId}/audit", "adminGetOrderAudit", "The order's audit log, newest first", {
      query: AdminPagingQuery,
      responses: { 200: { description: "a page of audit rows", schema: AuditListResponse } },
      errors: [...readErrors, "validation"],
    }),
    op(
      "post",
      "/api/admin/orders/{orderId}/refund",
      "adminRefundOrder",
      "Starts a refund (header Idempotency-Key, UUID, required); the payment.refunded webhook completes it",
      {
        body: { contentType: "application/json", schema: RefundRequestBody },
        responses: { 202: { description: "refund accepted, pending", schema: RefundAcceptedResponse } },
        errors: [
          ...readErrors,
          "reauthentication_required",
          "validation",
          "order_not_paid",
          "order_disputed",
          "refund_exceeds_remaining",
          "seats_exhausted",
          "idempotency_key_required",
          ...IDEMPOTENCY_ERRORS,
          "payment_gateway_unavailable",
        ],
      },
    ),
    op(
      "post",
      "/api/admin/orders/{orderId}/dispute/resolve",
      "adminResolveOrderDispute",
      "Ends a dispute (chargeback): restore lifts the suspension of the order's enrollments and makes the order paid again; cancel cancels them and the order stays disputed. Header Idempotency-Key (UUID) optional: a repeat answers the first answer",
      {
        body: { contentType: "application/json", schema: DisputeResolutionBody },
        responses: { 200: { description: "the decision was applied", schema: DisputeResolutionResponse } },
        errors: [...readErrors, "reauthentication_required", "validation", "order_not_disputed", "no_suspended_enrollment", ...IDEMPOTENCY_ERRORS],
      },
    ),
    op("get", "/api/admin/orders/{orderId}/invoice", "adminGetOrderInvoice", "The order's invoice PDF (404 before payment)", {
      responses: { 200: { description: "the invoice", contentType: "application/pdf" } },
      errors: readErrors,
    }),
    op("get", "/api/admin/orders/{orderId}/credit-notes/{creditNoteId}", "adminGetOrderCreditNote", "A credit note PDF of the order", {
      responses: { 200: { description: "the credit note", contentType: "application/pdf" } },
      errors: readErrors,
    }),
    {
      method: "get",
      path: "/api/orders/{orderId}/credit-notes/{creditNoteId}",
      operationId: "getMyOrderCreditNote",
      summary: "A credit note PDF of one of the caller's orders (a refund of an invoiced order)",
      tags: ["orders"],
      auth: { kind: "session" },
      pathParams: { orderId: Id, creditNoteId: Id },
      responses: { 200: { description: "the credit note", contentType: "application/pdf" } },
      errors: ["unauthorized", "not_found"],
    },
  ],
};
