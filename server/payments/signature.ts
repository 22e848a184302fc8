// The gateway contract's signature: hex HMAC-SHA256 of the raw body with the shared
// secret (PAYMENT_WEBHOOK_SECRET), compared in constant time. spec: Webhook receivers;
// General receiver rules 1; docs/decisions/payments/orders-and-payments.md > Orders and payments.
import { createHmac, timingSafeEqual } from "node:crypto";

export function signPayload(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

/** True when `signature` is the hex HMAC of `rawBody`; constant time for well-formed input. */
export function verifySignature(secret: string, rawBody: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const given = signature
    .trim()
    .toLowerCase()
    .replace(/^sha256=/, "");
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signPayload(secret, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

/** Replay window of x-payment-timestamp, both ways (docs/decisions/payments/orders-and-payments.md > Orders and payments: 300 s). */
export const TIMESTAMP_TOLERANCE_SEC = 300;

/** x-payment-timestamp is Unix seconds; missing, malformed or outside the window → false. */
export function timestampFresh(raw: string | null | undefined, now: Date): boolean {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return false;
  const seconds = Number(raw.trim());
  return Math.abs(now.getTime() / 1000 - seconds) <= TIMESTAMP_TOLERANCE_SEC;
}
