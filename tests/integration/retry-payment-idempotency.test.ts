// Retry-payment with an Idempotency-Key (POST /api/orders/<id>/retry-payment and the return
// page's retry form), over HTTP against the built app on PostgreSQL (PGlite without a
// server). The gateway is a stand-in that counts the sessions it opens per order and takes
// a moment to answer, so parallel requests really overlap; and the contract's error list.
// docs/decisions/payments/retry-payment-takes-an-idempotency-key.md > Retry-payment takes an Idempotency-Key.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { expectMatchesContract } from "../support/contract";
import { deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

/** A payment gateway that counts the sessions it opens per merchantOrderId and answers after `delayMs`. */
function countingGateway(delayMs: number) {
  const sessions = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const { merchantOrderId = "" } = JSON.parse(body || "{}") as { merchantOrderId?: string };
      sessions.set(merchantOrderId, (sessions.get(merchantOrderId) ?? 0) + 1);
      const sessionId = `s-${randomUUID()}`;
      setTimeout(() => {
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ sessionId, redirectUrl: `http://gateway.invalid/pay/${sessionId}` }));
      }, delayMs);
    });
  });
  return {
    sessionsOf: (orderId: string) => sessions.get(orderId) ?? 0,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const gateway = countingGateway(400);
let app: CommerceApp;
const ids: Record<string, string> = {};
const RIADENIE = "riadenie-sportoveho-klubu";
const SEKRETAR = "sekretar-klubu-v-praxi";

beforeAll(async () => {
  app = await startCommerceApp({ PAYMENT_GATEWAY_URL: await gateway.listen() });
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await gateway.close();
});

type Created = { orderId: string; amount: number; redirectUrl: string };

async function order(student: Student, slug: string, extra: Record<string, unknown> = {}): Promise<Created> {
  const res = await student.post("/api/orders", orderBody(ids[slug], extra), { "Idempotency-Key": randomUUID() });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body as Created;
}

async function failedOrder(student: Student, slug: string, extra: Record<string, unknown> = {}): Promise<Created> {
  const created = await order(student, slug, extra);
  const res = await deliver(app.url, paymentEvent(created.orderId, created.amount, { eventType: "payment.failed" }));
  expect(await res.json()).toMatchObject({ result: "failed" });
  return created;
}

const orderRow = async (id: string) => (await app.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0];

/** The error codes /api/openapi.json documents for retry-payment. */
async function documentedRetryErrors(): Promise<string[]> {
  const doc = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { responses: Record<string, { "x-error-codes"?: string[] }> }>>;
  };
  return Object.values(doc.paths["/api/orders/{orderId}/retry-payment"].post.responses).flatMap((r) => r["x-error-codes"] ?? []);
}

/** An error answer of retry-payment: status, the spec's body, and a code the contract lists. */
async function expectRetryRefusal(res: Response, status: number, code: string, orderId: string) {
  const body = (await res.json()) as { error: string; message: string; details: unknown };
  expect([res.status, body.error]).toEqual([status, code]);
  expect(body).toMatchObject({ message: expect.any(String), details: expect.anything() });
  await expectMatchesContract("POST", `/api/orders/${orderId}/retry-payment`, res, body);
  expect(await documentedRetryErrors()).toContain(code);
}

describe("retry-payment takes an Idempotency-Key", () => {
  it("parallel retries with one key open one gateway session; a repeat replays it; another body is 422; a new key retries anew", async () => {
    const jana = await signInStudent(app.url);
    const o = await failedOrder(jana, RIADENIE);
    expect(gateway.sessionsOf(o.orderId)).toBe(1);
    const path = `/api/orders/${o.orderId}/retry-payment`;

    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => jana.post(path, {}, { "Idempotency-Key": key })));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { redirectUrl?: string; error?: string } })));
    // the first opens the session; a copy arriving meanwhile is told it is in progress (or,
    // arriving after the commit, gets the stored answer)
    for (const b of bodies) expect([200, 409], JSON.stringify(b)).toContain(b.status);
    for (const b of bodies.filter((x) => x.status === 409)) expect(b.body.error).toBe("idempotency_in_progress");
    const ok = bodies.filter((b) => b.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((b) => b.body.redirectUrl)).size).toBe(1);
    expect(gateway.sessionsOf(o.orderId)).toBe(2);
    const redirectUrl = ok[0].body.redirectUrl!;
    expect((await orderRow(o.orderId)).paymentRedirectUrl).toBe(redirectUrl);
    const inProgress = answers.find((r) => r.status === 409);
    if (inProgress) expect(inProgress.headers.get("retry-after")).toBe("1");

    // the same key again: the first answer, replayed, no new session
    const again = await jana.post(path, {}, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const replayed = await again.json();
    expect(replayed).toEqual({ redirectUrl });
    await expectMatchesContract("POST", path, again, replayed);
    // an empty body is the same request as {}
    const empty = await jana.post(path, "", { "Idempotency-Key": key });
    expect([empty.status, empty.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(gateway.sessionsOf(o.orderId)).toBe(2);

    // the same key with another body; a key that is not a UUID; a body that is not JSON
    await expectRetryRefusal(await jana.post(path, { other: true }, { "Idempotency-Key": key }), 422, "idempotency_key_reused", o.orderId);
    await expectRetryRefusal(await jana.post(path, {}, { "Idempotency-Key": "not-a-uuid" }), 400, "idempotency_key_invalid", o.orderId);
    await expectRetryRefusal(await jana.post(path, "{", { "Idempotency-Key": randomUUID() }), 422, "validation", o.orderId);
    expect(gateway.sessionsOf(o.orderId)).toBe(2);

    // a new key is a new retry (a new session), as is a request without a key
    const fresh = await jana.post(path, {}, { "Idempotency-Key": randomUUID() });
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).redirectUrl).not.toBe(redirectUrl);
    expect(gateway.sessionsOf(o.orderId)).toBe(3);
    expect((await jana.post(path, {})).status).toBe(200);
    expect(gateway.sessionsOf(o.orderId)).toBe(4);
  }, 60_000);

  it("the return page's retry form carries a key: a double submit opens one session and both land on it", async () => {
    const peter = await signInStudent(app.url, "peter.horvath@demo.sk");
    const o = await failedOrder(peter, RIADENIE);
    const page = await (await peter.get(`/objednavky/${o.orderId}/return`)).text();
    expect(page).toContain("Zaplatiť znova");
    const key = /name="idempotencyKey" value="([^"]*)"/.exec(page)?.[1];
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const submit = () =>
      peter.jar.fetch(`${app.url}/objednavky/${o.orderId}/return`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body: new URLSearchParams({ idempotencyKey: key! }).toString(),
        redirect: "manual",
      });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const location = first.headers.get("location")!;
    expect(location.startsWith("http://gateway.invalid/pay/")).toBe(true);
    expect(second.headers.get("location")).toBe(location);
    expect(gateway.sessionsOf(o.orderId)).toBe(2);

    // the next page view has a key of its own: pressing the button again retries anew
    const next = await (await peter.get(`/objednavky/${o.orderId}/return`)).text();
    expect(/name="idempotencyKey" value="([^"]*)"/.exec(next)?.[1]).not.toBe(key);
  }, 60_000);

  it("the contract lists every refusal retry-payment answers", async () => {
    expect(new Set(await documentedRetryErrors())).toEqual(
      new Set([
        "unauthorized",
        "not_found",
        "validation",
        "order_not_retryable",
        "already_enrolled",
        "course_not_available",
        "enrollment_deadline_passed",
        "enrollment_limit_reached",
        "order_pending",
        "idempotency_key_invalid",
        "idempotency_key_reused",
        "idempotency_in_progress",
        "payment_gateway_unavailable",
      ]),
    );
    const eva = await signInStudent(app.url, "eva.kovacova@demo.sk");
    const failed = await failedOrder(eva, SEKRETAR);
    // another order of the course waits for payment
    const pending = await order(eva, SEKRETAR);
    await expectRetryRefusal(await eva.post(`/api/orders/${pending.orderId}/retry-payment`, {}), 409, "order_not_retryable", pending.orderId);
    await expectRetryRefusal(await eva.post(`/api/orders/${failed.orderId}/retry-payment`, {}), 409, "order_pending", failed.orderId);
    // the pending one is paid: the course is held
    await deliver(app.url, paymentEvent(pending.orderId, pending.amount));
    await expectRetryRefusal(await eva.post(`/api/orders/${failed.orderId}/retry-payment`, {}), 409, "already_enrolled", failed.orderId);
    const unknown = "0123456789abcdef01234567";
    await expectRetryRefusal(await eva.post(`/api/orders/${unknown}/retry-payment`, {}), 404, "not_found", unknown);
  }, 60_000);
});
