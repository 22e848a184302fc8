// Helpers of the commerce tests: the app with a known webhook secret and a database
// handle (PostgreSQL: a second client; PGlite: the in-process app's own), a signed-in
// student, order bodies and signed payment events.
import { createHmac, randomUUID } from "node:crypto";
import { openDatabase, type Database } from "#server/db";
import { startApp } from "./app";
import { createTestDatabase, serverUrl } from "./db";
import { startInProcessApp } from "./in-process-app";
import { signIn } from "./app-login";
import type { CookieJar } from "./idp-login";

export const WEBHOOK_SECRET = "commerce-test-webhook-secret-0123456789";

export type CommerceApp = { url: string; db: Database; output: () => string; stop(): Promise<void> };

/** On the PostgreSQL server when the tests have one (a child process), else (or `embedded`) PGlite in-process. */
export async function startCommerceApp(env: Record<string, string> = {}, options: { embedded?: boolean } = {}): Promise<CommerceApp> {
  const all = { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_ORDERS_PER_HOUR: "1000", ...env };
  if (options.embedded) {
    const database = await createTestDatabase({ embedded: true });
    const app = await startInProcessApp({ env: all, database });
    return {
      url: app.url,
      db: app.db,
      output: () => "",
      async stop() {
        await app.stop();
        await database.drop();
      },
    };
  }
  if (serverUrl()) {
    const running = await startApp({ env: all });
    const handle = await openDatabase({ databaseUrl: running.database.url, poolSize: 4 });
    return {
      url: running.url,
      db: handle.db,
      output: running.output,
      async stop() {
        await handle.close();
        await running.stop();
      },
    };
  }
  const app = await startInProcessApp({ env: all });
  return { url: app.url, db: app.db, output: () => "", stop: () => app.stop() };
}

export type Student = {
  jar: CookieJar;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string): Promise<Response>;
};

export async function signInStudent(appUrl: string, email = "jana.novakova@demo.sk"): Promise<Student> {
  const { jar } = await signIn(appUrl, email);
  return {
    jar,
    post: (path, body, headers = {}) =>
      jar.fetch(`${appUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: appUrl, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    get: (path) => jar.fetch(`${appUrl}${path}`),
  };
}

export const personalAddress = {
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana.novakova@demo.sk",
  street: "Hlavná 1",
  city: "Bratislava",
  postalCode: "811 01",
  country: "SK",
};

export const companyAddress = {
  companyName: "ŠK Tatran Demo",
  ico: "12345678",
  dic: "2020123456",
  street: "Športová 5",
  city: "Prešov",
  postalCode: "080 01",
  country: "SK",
  contactEmail: "klub@tatran-demo.sk",
};

export function orderBody(courseId: string, extra: Record<string, unknown> = {}) {
  return { courseId, billingType: "personal", billingAddress: personalAddress, agreedTos: true, agreedRefundPolicy: true, ...extra };
}

export function paymentEvent(
  orderId: string,
  amount: number,
  options: { eventType?: string; eventId?: string; currency?: string; transactionId?: string } = {},
) {
  const eventId = options.eventId ?? `evt_${randomUUID()}`;
  return {
    eventId,
    eventType: options.eventType ?? "payment.completed",
    occurredAt: new Date().toISOString(),
    payment: {
      id: `pay_${eventId}`,
      merchantOrderId: orderId,
      amount,
      currency: options.currency ?? "EUR",
      method: "card",
      cardBrand: "visa",
      cardLast4: "4242",
      transactionId: options.transactionId ?? `tx_${eventId}`,
      settledAt: new Date().toISOString(),
    },
  };
}

export function sign(rawBody: string, secret = WEBHOOK_SECRET): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** POSTs an event to the webhook, signed unless told otherwise. */
export async function deliver(
  appUrl: string,
  event: { eventId: string } & Record<string, unknown>,
  options: { signature?: string | null; timestamp?: string | null; eventIdHeader?: string | null; raw?: string; contentType?: string } = {},
): Promise<Response> {
  const raw = options.raw ?? JSON.stringify(event);
  const headers: Record<string, string> = { "Content-Type": options.contentType ?? "application/json" };
  const signature = options.signature === undefined ? sign(raw) : options.signature;
  if (signature !== null) headers["x-payment-signature"] = signature;
  const eventIdHeader = options.eventIdHeader === undefined ? event.eventId : options.eventIdHeader;
  if (eventIdHeader !== null) headers["x-payment-event-id"] = eventIdHeader;
  const timestamp = options.timestamp === undefined ? String(Math.floor(Date.now() / 1000)) : options.timestamp;
  if (timestamp !== null) headers["x-payment-timestamp"] = timestamp;
  return fetch(`${appUrl}/api/webhooks/payment`, { method: "POST", headers, body: raw });
}

export const idempotencyKey = () => randomUUID();
