// Sandbox payment gateway (the embedded default; refused with APP_ENV=production). It
// plays the gateway's side of the contract the payments adapter speaks
// (docs/decisions/payments/payment-gateway-contract-and-the-sandbox.md > Payment gateway contract):
// - POST <base>/api/sessions, signed like a webhook (hex HMAC-SHA256 of the raw body in
//   x-payment-signature, x-payment-timestamp): {merchantOrderId, amount, currency,
//   description, returnUrl, notifyUrl, payerEmail} → 201 {sessionId, redirectUrl};
// - GET <base>/pay/<sessionId>: a Slovak payment page where the payer chooses success or
//   failure (a plain form, no scripts);
// - POST <base>/pay/<sessionId> outcome=success|failure: sends the signed
//   payment.completed / payment.failed event to notifyUrl over HTTP, then redirects the
//   browser (303) to returnUrl.
// - POST <base>/api/refunds, signed the same way: {merchantOrderId, merchantRefundId,
//   transactionId, amount, currency, reason, notifyUrl} → 202 {refundId, state: "pending"};
//   after `refundDelayMs` (SANDBOX_REFUND_DELAY_MS) the sandbox settles it by sending the
//   signed payment.refunded event (payment.merchantRefundId = the merchant's refund id) to
//   notifyUrl over HTTP. With `refundDelayMs: null` it never settles on its own (tests
//   deliver the event themselves).
// Sessions are stateless: the session id is the sealed request (HMAC with the secret), so
// restarts and several instances need no storage. Event and transaction ids derive from
// the session and outcome, so a double click sends the same event (the receiver dedupes);
// refund events derive from the merchant's refund id likewise. A pending refund lives in a
// timer only: a restart before it fires loses the settlement (it is a sandbox).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseInProduction } from "../guard";

export type SandboxGatewayOptions = {
  /** the public base URL where the handler is mounted, e.g. ${PUBLIC_URL}/sandbox-gateway */
  baseUrl: string;
  secret: string;
  production: boolean;
  /** how long after a refund request the sandbox sends payment.refunded; null: never by itself */
  refundDelayMs?: number | null;
  log?: { warn(msg: string, meta?: Record<string, unknown>): void; info(msg: string, meta?: Record<string, unknown>): void };
};

export type SandboxGateway = {
  baseUrl: string;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
};

type Session = {
  merchantOrderId: string;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  payerEmail: string | null;
  /** random, so two sessions of one order differ */
  nonce: string;
  createdAt: number;
};

const MAX_BODY = 64 * 1024;

function hmacHex(secret: string, text: string) {
  return createHmac("sha256", secret).update(text, "utf8").digest("hex");
}

function sameHex(a: string, b: string) {
  if (!/^[0-9a-f]{64}$/.test(a) || !/^[0-9a-f]{64}$/.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

function esc(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function money(cents: number, currency: string) {
  const eur = (cents / 100)
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return `${eur}\u00a0${currency === "EUR" ? "€" : currency}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...headers });
  res.end(body);
}

function page(title: string, body: string) {
  return `<!DOCTYPE html>
<html lang="sk">
<head>
<meta charset="utf-8">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} | Sandbox platobná brána</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#1d2430;line-height:1.5}
main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 .5rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}dt{font-weight:600}dd{margin:0}
.badge{display:inline-block;font-size:.75rem;background:#fff4cc;color:#5c4500;padding:.1rem .4rem;border-radius:.2rem}
button{margin-top:.75rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;border:0;border-radius:.3rem;cursor:pointer}
.pay{background:#1a6b32;color:#fff}.fail{background:#e4e8ee;color:#1d2430}
.note{color:#4a5563;font-size:.9rem}
</style>
</head>
<body>
<main>
<p><span class="badge">Sandbox: žiadne skutočné peniaze</span></p>
${body}
</main>
</body>
</html>`;
}

export function startSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  refuseInProduction("sandbox payment gateway", options.production);
  const base = options.baseUrl.replace(/\/$/, "");
  const { secret } = options;

  const seal = (s: Session) => {
    const payload = Buffer.from(JSON.stringify(s)).toString("base64url");
    return `${payload}.${hmacHex(secret, `session.${payload}`).slice(0, 32)}`;
  };
  const open = (id: string): Session | null => {
    const [payload, mac] = id.split(".");
    if (!payload || !mac || mac.length !== 32) return null;
    const expected = hmacHex(secret, `session.${payload}`).slice(0, 32);
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(mac.padEnd(32).slice(0, 32)))) return null;
    try {
      return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Session;
    } catch {
      return null;
    }
  };

  async function createSession(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const signature = String(req.headers["x-payment-signature"] ?? "");
    if (!sameHex(signature.toLowerCase(), hmacHex(secret, raw))) {
      return send(res, 401, "application/json", JSON.stringify({ error: "invalid_signature" }));
    }
    let input: Partial<Session>;
    try {
      input = JSON.parse(raw) as Partial<Session>;
    } catch {
      return send(res, 400, "application/json", JSON.stringify({ error: "bad_request" }));
    }
    if (
      typeof input.merchantOrderId !== "string" ||
      !Number.isInteger(input.amount) ||
      typeof input.currency !== "string" ||
      typeof input.returnUrl !== "string" ||
      typeof input.notifyUrl !== "string"
    ) {
      return send(res, 422, "application/json", JSON.stringify({ error: "validation" }));
    }
    const session: Session = {
      merchantOrderId: input.merchantOrderId,
      amount: input.amount!,
      currency: input.currency,
      description: String(input.description ?? ""),
      returnUrl: input.returnUrl,
      notifyUrl: input.notifyUrl,
      payerEmail: typeof input.payerEmail === "string" ? input.payerEmail : null,
      nonce: randomBytes(6).toString("hex"),
      createdAt: Math.floor(Date.now() / 1000),
    };
    const sessionId = seal(session);
    send(res, 201, "application/json", JSON.stringify({ sessionId, redirectUrl: `${base}/pay/${sessionId}` }));
  }

  function showPaymentPage(res: ServerResponse, sessionId: string, session: Session) {
    const action = `${new URL(base).pathname}/pay/${encodeURIComponent(sessionId)}`.replace(/^\/\//, "/");
    send(
      res,
      200,
      "text/html; charset=utf-8",
      page(
        "Platba",
        `<h1>Zaplatiť objednávku</h1>
<dl><dt>Položka</dt><dd>${esc(session.description)}</dd><dt>Suma</dt><dd>${esc(money(session.amount, session.currency))}</dd>
<dt>Objednávka</dt><dd><code>${esc(session.merchantOrderId)}</code></dd></dl>
<p class="note">Toto je testovacia brána. Vyberte, ako má platba dopadnúť.</p>
<form method="post" action="${esc(action)}">
<button class="pay" type="submit" name="outcome" value="success">Zaplatiť (úspešná platba)</button>
<button class="fail" type="submit" name="outcome" value="failure">Zamietnuť platbu</button>
</form>`,
      ),
    );
  }

  /** Posts a signed event to notifyUrl; retried a few times, like a gateway would. */
  async function post(notifyUrl: string, eventId: string, body: string) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const answer = await fetch(notifyUrl, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "x-payment-signature": hmacHex(secret, body),
            "x-payment-event-id": eventId,
            "x-payment-timestamp": String(Math.floor(Date.now() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (answer.status === 200) return true;
        options.log?.warn("sandbox gateway: webhook not acknowledged", { status: answer.status, attempt });
      } catch (e) {
        options.log?.warn("sandbox gateway: webhook delivery failed", { error: (e as Error).message, attempt });
      }
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    return false;
  }

  /** Sends the signed payment event of the payer's choice. */
  async function deliver(session: Session, sessionId: string, outcome: "success" | "failure") {
    const tag = createHash("sha256").update(`${sessionId}|${outcome}`).digest("hex");
    const eventId = `evt_sbx_${tag.slice(0, 24)}`;
    const now = new Date();
    const body = JSON.stringify({
      eventId,
      eventType: outcome === "success" ? "payment.completed" : "payment.failed",
      occurredAt: now.toISOString(),
      payment: {
        id: `pay_sbx_${tag.slice(24, 44)}`,
        merchantOrderId: session.merchantOrderId,
        amount: session.amount,
        currency: session.currency,
        method: "card",
        cardBrand: "visa",
        cardLast4: "4242",
        transactionId: `sbx_${createHash("sha256").update(sessionId).digest("hex").slice(0, 24)}`,
        settledAt: outcome === "success" ? now.toISOString() : null,
      },
    });
    return post(session.notifyUrl, eventId, body);
  }

  type RefundRequest = {
    merchantOrderId: string;
    merchantRefundId: string;
    transactionId: string | null;
    amount: number;
    currency: string;
    notifyUrl: string;
  };

  /** The refund settles: payment.refunded with the merchant's refund id. */
  async function settleRefund(refund: RefundRequest, refundId: string) {
    const eventId = `evt_sbx_rf_${createHash("sha256").update(`refund|${refund.merchantRefundId}`).digest("hex").slice(0, 24)}`;
    const now = new Date();
    const body = JSON.stringify({
      eventId,
      eventType: "payment.refunded",
      occurredAt: now.toISOString(),
      payment: {
        id: refundId,
        merchantOrderId: refund.merchantOrderId,
        merchantRefundId: refund.merchantRefundId,
        amount: refund.amount,
        currency: refund.currency,
        method: "card",
        cardBrand: "visa",
        cardLast4: "4242",
        transactionId: refund.transactionId,
        settledAt: now.toISOString(),
      },
    });
    return post(refund.notifyUrl, eventId, body);
  }

  async function createRefund(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const signature = String(req.headers["x-payment-signature"] ?? "");
    if (!sameHex(signature.toLowerCase(), hmacHex(secret, raw))) {
      return send(res, 401, "application/json", JSON.stringify({ error: "invalid_signature" }));
    }
    let input: Partial<RefundRequest>;
    try {
      input = JSON.parse(raw) as Partial<RefundRequest>;
    } catch {
      return send(res, 400, "application/json", JSON.stringify({ error: "bad_request" }));
    }
    if (
      typeof input.merchantOrderId !== "string" ||
      typeof input.merchantRefundId !== "string" ||
      !Number.isInteger(input.amount) ||
      input.amount! <= 0 ||
      typeof input.currency !== "string" ||
      typeof input.notifyUrl !== "string"
    ) {
      return send(res, 422, "application/json", JSON.stringify({ error: "validation" }));
    }
    const refund: RefundRequest = {
      merchantOrderId: input.merchantOrderId,
      merchantRefundId: input.merchantRefundId,
      transactionId: typeof input.transactionId === "string" ? input.transactionId : null,
      amount: input.amount!,
      currency: input.currency,
      notifyUrl: input.notifyUrl,
    };
    // the same merchant refund id is the same refund (a retried request)
    const refundId = `rf_sbx_${createHash("sha256").update(`refund|${refund.merchantRefundId}`).digest("hex").slice(0, 20)}`;
    send(res, 202, "application/json", JSON.stringify({ refundId, state: "pending" }));
    const delay = options.refundDelayMs === undefined ? 2000 : options.refundDelayMs;
    if (delay === null) return;
    // answered first: the merchant's transaction that asked commits before the event lands
    const timer = setTimeout(
      () => {
        settleRefund(refund, refundId).catch((e: Error) => options.log?.warn("sandbox gateway: refund settlement failed", { error: e.message }));
      },
      Math.max(delay, 0),
    );
    timer.unref();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://sandbox");
    const path = url.pathname;
    if (path === "/api/refunds") {
      if (req.method !== "POST") return send(res, 405, "application/json", JSON.stringify({ error: "method_not_allowed" }), { Allow: "POST" });
      return createRefund(req, res);
    }
    if (path === "/api/sessions") {
      if (req.method !== "POST") return send(res, 405, "application/json", JSON.stringify({ error: "method_not_allowed" }), { Allow: "POST" });
      return createSession(req, res);
    }
    const m = /^\/pay\/([^/]+)$/.exec(path);
    if (m) {
      const sessionId = decodeURIComponent(m[1]);
      const session = open(sessionId);
      if (!session) return send(res, 404, "text/html; charset=utf-8", page("Neznáma platba", "<h1>Platba sa nenašla</h1>"));
      if (req.method === "GET" || req.method === "HEAD") return showPaymentPage(res, sessionId, session);
      if (req.method !== "POST") return send(res, 405, "text/plain", "Method Not Allowed", { Allow: "GET, POST" });
      const form = new URLSearchParams(await readBody(req));
      const outcome = form.get("outcome");
      if (outcome !== "success" && outcome !== "failure") return showPaymentPage(res, sessionId, session);
      await deliver(session, sessionId, outcome);
      res.writeHead(303, { Location: session.returnUrl, "Cache-Control": "no-store" });
      return res.end();
    }
    send(res, 404, "text/html; charset=utf-8", page("Nenájdené", "<h1>Nenájdené</h1>"));
  }

  return {
    baseUrl: base,
    handler(req, res) {
      handle(req, res).catch((e: Error) => {
        options.log?.warn("sandbox gateway error", { error: e.message });
        if (!res.headersSent) send(res, 500, "text/plain", "sandbox gateway error");
        else res.end();
      });
    },
  };
}
