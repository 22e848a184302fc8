// The payment webhook receiver in the OpenAPI document (spec: Webhook receivers), and the
// admins' bank transfer operations (extension; docs/api.md > Pay by bank transfer).
import { z } from "zod";
import { Id } from "../kernel/contract";
import type { ApiArea } from "../http/openapi";
import { PaymentEvent, WebhookAck } from "./webhook";

/** POST /api/admin/orders/<id>/transfers: a credit seen on the academy's account for the order. */
export const RecordTransferBody = z.strictObject({
  amountCents: z.int().min(1).max(100_000_000).describe("the credited amount in cents"),
  bookingDate: z.iso.date().describe("YYYY-MM-DD: the bank's booking date (the invoice's supply date); not in the future"),
  bankReference: z.string().trim().min(1).max(100).describe("the bank's reference of the credit; the same reference twice is recorded once"),
});
export type RecordTransferBody = z.infer<typeof RecordTransferBody>;

const TransferResult = z
  .enum(["paid", "amount_mismatch", "order_not_payable", "unmatched", "duplicate"])
  .describe(
    "paid: the order is paid; amount_mismatch / order_not_payable: flagged for the admins, the order unchanged; unmatched: no order has the variable symbol; duplicate: the reference was recorded before, nothing done",
  );

export const CreditOutcomeSchema = z.strictObject({
  bankReference: z.string(),
  result: TransferResult,
  transferId: Id,
  orderId: Id.nullable(),
  amountCents: z.int(),
  variableSymbol: z.string().nullable(),
});

export const StatementImportResponse = z.strictObject({
  statements: z.array(z.strictObject({ statementId: z.string(), iban: z.string().nullable() })),
  credits: z.array(CreditOutcomeSchema).describe("every booked credit of the statement, in order"),
  counts: z.strictObject({ paid: z.int(), amount_mismatch: z.int(), order_not_payable: z.int(), unmatched: z.int(), duplicate: z.int() }),
});

const admin = { kind: "session" as const, roles: ["admin"] };

export const paymentsApi: ApiArea = {
  schemas: { PaymentEvent, WebhookAck, RecordTransferBody, CreditOutcome: CreditOutcomeSchema, StatementImportResponse },
  operations: [
    {
      method: "post",
      path: "/api/webhooks/payment",
      operationId: "receivePaymentEvent",
      summary:
        "Payment gateway events (payment.completed, payment.failed, payment.refunded, payment.disputed); headers " +
        "x-payment-signature (hex HMAC-SHA256 of the raw body), x-payment-event-id, x-payment-timestamp (Unix s, ±300 s). " +
        "payment.completed also pays a failed or expired order; orders may end refunded or disputed (states beyond the spec)",
      tags: ["webhooks"],
      auth: { kind: "signed", how: "x-payment-signature: hex HMAC-SHA256 of the raw body with PAYMENT_WEBHOOK_SECRET" },
      body: { contentType: "application/json", schema: PaymentEvent },
      responses: { 200: { description: "acknowledged (also for duplicates and unknown orders)", schema: WebhookAck } },
      errors: ["invalid_signature", "bad_request"],
    },
    {
      method: "post",
      path: "/api/admin/orders/{orderId}/transfers",
      operationId: "recordOrderTransfer",
      summary:
        "Extension: record a bank transfer received for an order with a payment request. A match (amount) pays the order through the " +
        "gateway's path (invoice with the booking date as supply date, enrollment, e-mails); a wrong amount is flagged, never accepted",
      tags: ["admin", "orders"],
      auth: admin,
      pathParams: { orderId: Id },
      body: { contentType: "application/json", schema: RecordTransferBody },
      responses: {
        201: { description: "recorded (result paid, amount_mismatch or order_not_payable)", schema: CreditOutcomeSchema },
        200: { description: "the bank reference was recorded before: nothing done (result duplicate)", schema: CreditOutcomeSchema },
      },
      errors: ["unauthorized", "forbidden", "not_found", "validation", "unsupported_media_type"],
    },
    {
      method: "post",
      path: "/api/admin/bank-statements",
      operationId: "importBankStatement",
      summary:
        "Extension: upload the bank's ISO 20022 CAMT.053 statement (XML) of the academy's account; booked credits are matched by variable " +
        "symbol and amount; a statement uploaded again changes nothing (bank references are recorded once)",
      tags: ["admin", "orders"],
      auth: admin,
      body: { contentType: "application/xml", schema: z.string().describe("camt.053 Document") },
      responses: { 200: { description: "what each credit did", schema: StatementImportResponse } },
      errors: ["unauthorized", "forbidden", "validation", "unsupported_media_type", "payload_too_large"],
    },
  ],
};
