// A worker killed mid-job (SIGKILL while the purchase confirmation is being sent over
// SMTP): the job runs again on the next instance within about a minute (heartbeat, then a
// retry that takes over the dead attempt's e-mail claim), and the effect is once: one
// e-mail received, one invoice with one PDF. docs/decisions/platform/jobs-keep-up.md > Jobs keep up.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, schema } from "#server/db";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { orderBody, signInStudent, WEBHOOK_SECRET } from "../support/commerce";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

// on PostgreSQL: the test reads the database while the second instance runs
describe.skipIf(!serverUrl())("a worker killed mid-job", () => {
  let smtp: TestSmtp;
  let database: TestDatabase;
  const apps: RunningApp[] = [];

  afterAll(async () => {
    for (const app of apps) await app.stop().catch(() => {});
    await database?.drop();
    await smtp?.stop();
  });

  it("its job runs again on the next instance and sends one e-mail; the invoice has one PDF", async () => {
    smtp = await startTestSmtp({ holdFirst: true });
    database = await createTestDatabase();
    const env = { SMTP_URL: smtp.url, PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RATE_LIMIT_ORDERS_PER_HOUR: "1000" };
    const first = await startApp({ database, env });
    apps.push(first);
    const student = await signInStudent(first.url);
    const list = (await (await fetch(`${first.url}/api/courses`)).json()) as { data: { _id: string }[] };
    const res = await student.post("/api/orders", orderBody(list.data[0]._id));
    expect(res.status).toBe(201);
    const { orderId, redirectUrl } = (await res.json()) as { orderId: string; redirectUrl: string };
    const html = await (await fetch(redirectUrl)).text();
    const action = new URL(/action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, "&"), first.url).href;
    expect((await fetch(action, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" })).status).toBe(303);

    // the confirmation's worker is mid-send: the SMTP server holds its MAIL FROM
    await smtp.firstHeld;
    first.kill("SIGKILL");
    await first.exited;
    const killedAt = Date.now();

    const second = await startApp({ database, env });
    apps.push(second);
    const deadline = Date.now() + 120_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(smtp.received.length, second.output()).toBe(1);
    // "within about a minute" (pg-boss heartbeat 10 s, supervisor every 10 s, then the retry)
    expect(Date.now() - killedAt).toBeLessThan(90_000);
    // nothing more arrives
    await new Promise((r) => setTimeout(r, 3000));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].raw).toContain(`purchase_confirmation.${orderId}`);

    const handle = await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 1 });
    try {
      const deliveries = await handle.db
        .select()
        .from(schema.mailDeliveries)
        .where(eq(schema.mailDeliveries.key, `purchase_confirmation:${orderId}`));
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0].state).toBe("sent");
      const invoices = await handle.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId));
      expect(invoices).toHaveLength(1);
      expect(invoices[0].pdf?.length ?? 0).toBeGreaterThan(1000);
    } finally {
      await handle.close();
    }
  }, 180_000);
});
