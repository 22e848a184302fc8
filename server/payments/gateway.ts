// The payment gateway adapter: opens payment sessions over the gateway's HTTP contract
// (docs/decisions/payments/payment-gateway-contract-and-the-sandbox.md > Payment gateway contract). One implementation; the built-in
// sandbox (server/stand-ins/payment-gateway) and a real gateway speak the same contract,
// so switching is configuration (PAYMENT_GATEWAY_URL, PAYMENT_WEBHOOK_SECRET).
import type { PaymentSessionRequest, PaymentSessions } from "../orders";
import type { Database } from "../db";
import type { Queue } from "../queue";
import { signPayload } from "./signature";
import { networkCodeOf, type OutboundErrorFields } from "../http/outbound";
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

export class GatewayError extends Error implements OutboundErrorFields {
  override name = "GatewayError";
  readonly outboundTarget = "payment_gateway" as const;
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type { GatewayRefundRequest, PaymentRefunds } from "./ports";
import type { PaymentRefunds } from "./ports";

/** A signed POST of JSON to the gateway (the contract signs our requests like its webhooks). */
async function postSigned(settings: GatewaySettings, path: string, payload: Record<string, unknown>): Promise<Response> {
  const base = settings.url.replace(/\/$/, "");
  const body = JSON.stringify(payload);
  try {
    return await fetch(`${base}${path}`, {
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
    throw new GatewayError(`payment gateway unreachable (POST ${path}): ${(e as Error).message}`, undefined, networkCodeOf(e), { cause: e });
  }
}

export function createGatewayRefunds(settings: GatewaySettings): PaymentRefunds {
  return {
    async requestRefund(request) {
      const res = await postSigned(settings, "/api/refunds", {
        merchantOrderId: request.orderId,
        merchantRefundId: request.refundId,
        transactionId: request.transactionId,
        amount: request.amountCents,
        currency: request.currency,
        reason: request.reason,
        notifyUrl: request.notifyUrl,
      });
      if (res.status !== 200 && res.status !== 201 && res.status !== 202)
        throw new GatewayError(`payment gateway answered ${res.status} to POST /api/refunds`, res.status);
      const answer = (await res.json().catch(() => ({}))) as { refundId?: unknown; state?: unknown };
      if (typeof answer.refundId !== "string") throw new GatewayError("payment gateway answered a refund without refundId", res.status);
      return { gatewayRefundId: answer.refundId, state: typeof answer.state === "string" ? answer.state : "pending" };
    },
  };
}

export function createPaymentGateway(settings: GatewaySettings): PaymentSessions {
  return {
    gateway: settings.name,
    async createSession(request: PaymentSessionRequest) {
      const res = await postSigned(settings, "/api/sessions", {
        merchantOrderId: request.orderId,
        amount: request.amountCents,
        currency: request.currency,
        description: request.description,
        returnUrl: request.returnUrl,
        notifyUrl: request.notifyUrl,
        payerEmail: request.payerEmail,
      });
      if (res.status !== 201 && res.status !== 200) throw new GatewayError(`payment gateway answered ${res.status} to POST /api/sessions`, res.status);
      const answer = (await res.json()) as { sessionId?: unknown; redirectUrl?: unknown };
      if (typeof answer.sessionId !== "string" || typeof answer.redirectUrl !== "string") {
        throw new GatewayError("payment gateway answered without sessionId/redirectUrl", res.status);
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
  refunds: PaymentRefunds;
  receiveWebhook(deps: { db: Database; queue: Queue; now: Date }, request: PaymentWebhookRequest): Promise<WebhookAck>;
};

export function createPayments(settings: GatewaySettings): Payments {
  const sessions = createPaymentGateway(settings);
  return {
    sessions,
    refunds: createGatewayRefunds(settings),
    receiveWebhook: (deps, request) => receivePaymentWebhook({ ...deps, secret: settings.secret, gateway: settings.name }, request),
  };
}
