// The payment webhook receiver in the OpenAPI document (spec: Webhook receivers).
import type { ApiArea } from "../http/openapi";
import { PaymentEvent, WebhookAck } from "./webhook";

export const paymentsApi: ApiArea = {
  schemas: { PaymentEvent, WebhookAck },
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
  ],
};
