import { describe, expect, it } from "vitest";
import { parseEventBody, signPayload, timestampFresh, verifySignature } from "./index";

const SECRET = "unit-test-secret-0123456789";

describe("webhook signature (hex HMAC-SHA256 of the raw body)", () => {
  it("accepts the right signature, any case, with or without sha256=", () => {
    const body = '{"eventId":"e1"}';
    const sig = signPayload(SECRET, body);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, body, sig)).toBe(true);
    expect(verifySignature(SECRET, body, sig.toUpperCase())).toBe(true);
    expect(verifySignature(SECRET, body, `sha256=${sig}`)).toBe(true);
  });

  it("refuses another body, another secret, malformed and missing signatures", () => {
    const body = '{"eventId":"e1"}';
    const sig = signPayload(SECRET, body);
    expect(verifySignature(SECRET, `${body} `, sig)).toBe(false);
    expect(verifySignature("another-secret-0123456789", body, sig)).toBe(false);
    expect(verifySignature(SECRET, body, sig.slice(0, 63))).toBe(false);
    expect(verifySignature(SECRET, body, "zz".repeat(32))).toBe(false);
    expect(verifySignature(SECRET, body, null)).toBe(false);
    expect(verifySignature(SECRET, body, "")).toBe(false);
  });
});

describe("x-payment-timestamp window (±300 s)", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const s = now.getTime() / 1000;
  it("accepts up to 300 s either way", () => {
    expect(timestampFresh(String(s), now)).toBe(true);
    expect(timestampFresh(String(s - 300), now)).toBe(true);
    expect(timestampFresh(String(s + 300), now)).toBe(true);
  });
  it("refuses 301 s, missing and malformed values", () => {
    expect(timestampFresh(String(s - 301), now)).toBe(false);
    expect(timestampFresh(String(s + 301), now)).toBe(false);
    expect(timestampFresh(null, now)).toBe(false);
    expect(timestampFresh("", now)).toBe(false);
    expect(timestampFresh("1.5e9", now)).toBe(false);
    expect(timestampFresh(now.toISOString(), now)).toBe(false);
  });
});

describe("form-encoded events", () => {
  it("reads payment[member] and payment.member fields into payment", () => {
    const form = "eventId=e1&eventType=payment.completed&payment%5BmerchantOrderId%5D=abc&payment.amount=100&payment%5Bcurrency%5D=EUR";
    expect(parseEventBody(form, "application/x-www-form-urlencoded; charset=utf-8")).toEqual({
      eventId: "e1",
      eventType: "payment.completed",
      payment: { merchantOrderId: "abc", amount: "100", currency: "EUR" },
    });
  });
});
