// A refund that keeps failing reaches a person (docs/decisions/payments/a-refund-that-keeps-failing-reaches-a.md > A refund that keeps
// failing reaches a person), over HTTP against the built app with its job workers. The
// gateway is a stand-in that speaks the contract's session and refund endpoints and can be
// told to refuse refunds (503). A payment of a wrong amount makes the job-driven refund; the
// test shortens that job's retries in pg-boss's own row (12 retries over hours otherwise),
// so its last retry fails here: the refund is `failed` with the gateway's answer, the admins
// get an e-mail, the order page says "Vrátenie … zlyhalo — vyžaduje zásah" and the dashboard
// counts it; "Skúsiť vrátenie znova" asks the gateway again and it is taken.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { until } from "../support/wait";
import { deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

function gatewayStandIn() {
  let refuse = true;
  const refundRequests: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const input = JSON.parse(body || "{}") as { merchantRefundId?: string };
      if (req.url?.endsWith("/api/refunds")) {
        refundRequests.push(input.merchantRefundId ?? "");
        // answered a moment later, so the test can shorten the job's retries first
        setTimeout(() => {
          if (refuse) {
            res.writeHead(503, { "Content-Type": "application/json" });
            res.end(JSON.stringify({ error: "refunds_unavailable" }));
          } else {
            res.writeHead(202, { "Content-Type": "application/json" });
            res.end(JSON.stringify({ refundId: `rf_${randomUUID()}`, state: "pending" }));
          }
        }, 500);
        return;
      }
      const sessionId = `s-${randomUUID()}`;
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ sessionId, redirectUrl: `http://gateway.invalid/pay/${sessionId}` }));
    });
  });
  return {
    refundRequests,
    accept() {
      refuse = false;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const gateway = gatewayStandIn();
let app: CommerceApp;
let admin: Student;
let jana: Student;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startCommerceApp({ PAYMENT_GATEWAY_URL: await gateway.listen(), ADMIN_NOTIFY_EMAIL: "spravca@akademia.test" });
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  admin = await signInStudent(app.url, "zuzana.bielikova@demo.sk");
  jana = await signInStudent(app.url);
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await gateway.close();
});

describe("a refund the gateway keeps refusing", () => {
  it("is failed after the last retry, alerts the admins, shows on the order page and the dashboard, and can be tried again", async () => {
    const created = await jana.post("/api/orders", orderBody(ids["riadenie-sportoveho-klubu"]), { "Idempotency-Key": randomUUID() });
    expect(created.status).toBe(201);
    const o = (await created.json()) as { orderId: string; amount: number };
    expect(await (await deliver(app.url, paymentEvent(o.orderId, o.amount + 100))).json()).toMatchObject({ result: "amount_mismatch_refunded" });
    const [pending] = await app.db.select().from(schema.refunds).where(eq(schema.refunds.orderId, o.orderId));
    expect(pending.state).toBe("pending");

    // one retry, at once, instead of twelve over hours
    await app.db.execute(
      sql`update pgboss.job set retry_limit = 1, retry_delay = 0, retry_backoff = false where name = 'payments.request-refund' and data->>'refundId' = ${pending.id}`,
    );
    const [failed] = await until(
      "the refund to fail",
      () => app.db.select().from(schema.refunds).where(eq(schema.refunds.id, pending.id)),
      (r) => r[0]?.state === "failed",
    );
    expect(gateway.refundRequests.filter((id) => id === pending.id).length).toBeGreaterThanOrEqual(2);
    expect(failed.failureReason).toMatch(/503/);
    expect(failed.failedAt).toBeInstanceOf(Date);
    await until(
      "the admins' e-mail",
      () =>
        app.db
          .select()
          .from(schema.mailDeliveries)
          .where(eq(schema.mailDeliveries.key, `admin_order_alert:refund_failed:${pending.id}`)),
      (r) => r.length === 1 && r[0].state === "sent",
    );

    const page = await (await admin.get(`/admin/objednavky/${o.orderId}`)).text();
    expect(page).toContain("zlyhalo — vyžaduje zásah");
    expect(page).toContain("Skúsiť vrátenie znova");
    const dashboard = await (await admin.get("/admin")).text();
    expect(dashboard).toContain("Vyžaduje pozornosť");
    expect(dashboard.replace(/<!-- -->/g, "")).toMatch(/Vrátenie peňazí zlyhalo<\/strong> \(1\) — vyžaduje zásah/);
    expect(dashboard).toContain(`/admin/objednavky/${o.orderId}`);

    // tried again from the page (no JavaScript): pending, and this time the gateway takes it
    gateway.accept();
    const retried = await admin.post(`/admin/objednavky/${o.orderId}`, new URLSearchParams({ intent: "retry-refund", refundId: pending.id }).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect([302, 303]).toContain(retried.status);
    const [taken] = await until(
      "the gateway to take the refund",
      () => app.db.select().from(schema.refunds).where(eq(schema.refunds.id, pending.id)),
      (r) => r[0]?.state === "pending" && r[0].gatewayRefundId !== null,
    );
    expect(taken).toMatchObject({ failureReason: null, failedAt: null });
    const audit = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.targetId, o.orderId));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["order.refund.failed", "order.refund.retry"]));
    // a second try of a refund that is not failed is refused and changes nothing
    const again = await admin.post(`/admin/objednavky/${o.orderId}`, new URLSearchParams({ intent: "retry-refund", refundId: pending.id }).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(again.status).toBe(409);
  }, 120_000);
});
