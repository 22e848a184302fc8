// The payment gateway adapter: opens payment sessions over the gateway's HTTP contract
// (docs/decisions.md > Payment gateway contract). One implementation; the built-in
// sandbox (server/stand-ins/payment-gateway) and a real gateway speak the same contract,
// so switching is configuration (PAYMENT_GATEWAY_URL, PAYMENT_WEBHOOK_SECRET).
import type { PaymentSessionRequest, PaymentSessions } from "../orders";
import type { Database } from "../db";
import type { Queue } from "../queue";
import { signPayload } from "./signature";
import { receivePaymentWebhook, type PaymentWebhookRequest, type WebhookAck } from "./webhook";

export type GatewaySettings = {
  /** base URL, e.g. https://gateway.example/merchant or ${PUBLIC_URL}/sandbox-gateway */
  url: string;
  /** shared secret: signs our requests and the gateway's webhooks */
  secret: string;
  /** the value stored as Payment.gateway */
  name: string;
  /** how long to wait for the gateway (ms) */
  timeoutMs?: number;
};

export class GatewayError extends Error {
  override name = "GatewayError";
}

export function createPaymentGateway(settings: GatewaySettings): PaymentSessions {
  const base = settings.url.replace(/\/$/, "");
  return {
    gateway: settings.name,
    async createSession(request: PaymentSessionRequest) {
      const body = JSON.stringify({
        merchantOrderId: request.orderId,
        amount: request.amountCents,
        currency: request.currency,
        description: request.description,
        returnUrl: request.returnUrl,
        notifyUrl: request.notifyUrl,
        payerEmail: request.payerEmail,
      });
      let res: Response;
      try {
        res = await fetch(`${base}/api/sessions`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "x-payment-timestamp": String(Math.floor(Date.now() / 1000)),
            "x-payment-signature": signPayload(settings.secret, body),
          },
          body,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 5000),
        });
      } catch (e) {
        throw new GatewayError(`payment gateway unreachable: ${(e as Error).message}`);
      }
      if (res.status !== 201 && res.status !== 200) throw new GatewayError(`payment gateway answered ${res.status}`);
      const answer = (await res.json()) as { sessionId?: unknown; redirectUrl?: unknown };
      if (typeof answer.sessionId !== "string" || typeof answer.redirectUrl !== "string") {
        throw new GatewayError("payment gateway answered without sessionId/redirectUrl");
      }
      return { sessionId: answer.sessionId, redirectUrl: answer.redirectUrl };
    },
  };
}

/**
 * The payments service as AppServices carry it: the session adapter plus the webhook
 * receiver, with the shared secret closed over (never handed to routes).
 */
export type Payments = {
  sessions: PaymentSessions;
  receiveWebhook(deps: { db: Database; queue: Queue; now: Date }, request: PaymentWebhookRequest): Promise<WebhookAck>;
};

export function createPayments(settings: GatewaySettings): Payments {
  const sessions = createPaymentGateway(settings);
  return {
    sessions,
    receiveWebhook: (deps, request) => receivePaymentWebhook({ ...deps, secret: settings.secret, gateway: settings.name }, request),
  };
}
