// The sandbox gateway's refund side over real HTTP: the payments adapter asks it to refund
// (signed request), it answers 202 pending and, after its delay, sends the signed
// payment.refunded event with our refund id to notifyUrl; unsigned requests are refused;
// with refundDelayMs null it never settles by itself.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createGatewayRefunds, GatewayError, verifySignature } from "../../payments";
import { startSandboxGateway } from "./index";

const SECRET = "sandbox-refund-test-secret-0123456789";

type Received = { headers: http.IncomingHttpHeaders; body: string };
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function setup(refundDelayMs: number | null) {
  const received: Received[] = [];
  const notifyUrl = `${await listen((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"received":true}');
    });
  })}/api/webhooks/payment`;
  let sandboxHandler: http.RequestListener = () => {};
  const base = await listen((req, res) => sandboxHandler(req, res));
  const sandbox = startSandboxGateway({ baseUrl: base, secret: SECRET, production: false, refundDelayMs });
  sandboxHandler = sandbox.handler;
  return { base, notifyUrl, received, refunds: createGatewayRefunds({ url: base, secret: SECRET, name: "sandbox" }) };
}

const request = (notifyUrl: string) => ({
  orderId: "a".repeat(24),
  refundId: "b".repeat(24),
  transactionId: "sbx_tx_1",
  amountCents: 1500,
  currency: "EUR",
  reason: "Zľava",
  notifyUrl,
});

describe("sandbox gateway refunds", () => {
  it("accepts a signed refund (202 pending), then sends the signed payment.refunded naming our refund id", async () => {
    const { notifyUrl, received, refunds } = await setup(50);
    const answer = await refunds.requestRefund(request(notifyUrl));
    expect(answer.state).toBe("pending");
    expect(answer.gatewayRefundId).toMatch(/^rf_sbx_[0-9a-f]{20}$/);
    // the same merchant refund id is the same gateway refund
    expect((await refunds.requestRefund(request(notifyUrl))).gatewayRefundId).toBe(answer.gatewayRefundId);
    for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(verifySignature(SECRET, first.body, String(first.headers["x-payment-signature"]))).toBe(true);
    const event = JSON.parse(first.body);
    expect(event).toMatchObject({
      eventType: "payment.refunded",
      payment: {
        id: answer.gatewayRefundId,
        merchantOrderId: "a".repeat(24),
        merchantRefundId: "b".repeat(24),
        amount: 1500,
        currency: "EUR",
        transactionId: "sbx_tx_1",
      },
    });
    expect(first.headers["x-payment-event-id"]).toBe(event.eventId);
    expect(Math.abs(Number(first.headers["x-payment-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    // a repeated request settles with the same event id (the receiver dedupes it)
    expect(JSON.parse(second.body).eventId).toBe(event.eventId);
  });

  it("refuses an unsigned or malformed refund request", async () => {
    const { base, notifyUrl } = await setup(0);
    const body = JSON.stringify({ merchantOrderId: "x", merchantRefundId: "y", amount: 100, currency: "EUR", notifyUrl });
    let res = await fetch(`${base}/api/refunds`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(res.status).toBe(401);
    res = await fetch(`${base}/api/refunds`, { method: "GET" });
    expect(res.status).toBe(405);
    await expect(
      createGatewayRefunds({ url: base, secret: "another-secret-0123456789", name: "sandbox" }).requestRefund(request(notifyUrl)),
    ).rejects.toBeInstanceOf(GatewayError);
    await expect(
      createGatewayRefunds({ url: base, secret: SECRET, name: "sandbox" }).requestRefund({ ...request(notifyUrl), amountCents: 0 }),
    ).rejects.toBeInstanceOf(GatewayError);
  });

  it("with refundDelayMs null it never settles by itself", async () => {
    const { notifyUrl, received, refunds } = await setup(null);
    expect((await refunds.requestRefund(request(notifyUrl))).state).toBe("pending");
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toEqual([]);
  });

  it("an unreachable gateway is a GatewayError", async () => {
    await expect(
      createGatewayRefunds({ url: "http://127.0.0.1:9", secret: SECRET, name: "x", timeoutMs: 1000 }).requestRefund(request("http://127.0.0.1:9")),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});
