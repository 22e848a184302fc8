// After a payment, in the running app: the invoice number is assigned in the paying
// transaction, the jobs render the invoice PDF and send the purchase confirmation with it
// attached, over a real SMTP server (smtp-server) when SMTP_URL is set, else into the
// local outbox that /admin/posta shows. A replayed event sends nothing new.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { CreateOrderResponse } from "#server/orders";
import { signIn } from "../support/app-login";
import { deliver, idempotencyKey, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp } from "../support/commerce";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { normalizeSpaces, pdfText } from "../support/pdf-text";

const RIADENIE = "riadenie-sportoveho-klubu";

async function courseIds(url: string) {
  const list = (await (await fetch(`${url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  return Object.fromEntries(list.data.map((c) => [c.slug, c._id]));
}

/** Creates an order as Jana and pays it through the signed webhook. */
async function buyAndPay(app: CommerceApp, slug = RIADENIE) {
  const jana = await signInStudent(app.url);
  const ids = await courseIds(app.url);
  const res = await jana.post("/api/orders", orderBody(ids[slug]), { "Idempotency-Key": idempotencyKey() });
  const created = CreateOrderResponse.parse(await res.json());
  const event = paymentEvent(created.orderId, created.amount);
  expect((await deliver(app.url, event)).status).toBe(200);
  return { jana, orderId: created.orderId, event };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const delivery = (app: CommerceApp, orderId: string) =>
  app.db
    .select()
    .from(schema.mailDeliveries)
    .where(eq(schema.mailDeliveries.key, `purchase_confirmation:${orderId}`));

describe("purchase confirmation through the local outbox", () => {
  let app: CommerceApp;
  beforeAll(async () => {
    app = await startCommerceApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("lands in the outbox with the invoice PDF, which the order's invoice URL serves unchanged", async () => {
    const { jana, orderId, event } = await buyAndPay(app);
    const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId));
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);

    const [sent] = await waitFor("the confirmation e-mail", async () => {
      const rows = await delivery(app, orderId);
      return rows[0]?.state === "sent" ? rows : null;
    });
    expect(sent).toMatchObject({ transport: "outbox", recipient: "jana.novakova@demo.sk" });
    const [message] = await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, sent.messageId!));
    expect(message.subject).toMatch(/^Potvrdenie nákupu kurzu „.+“$/);
    expect(message.textBody).toContain(`faktúru ${invoice.number}`);
    const attachments = await app.db.select().from(schema.mailOutboxAttachments).where(eq(schema.mailOutboxAttachments.outboxId, message.id));
    expect(attachments.map((a) => a.filename)).toEqual([`faktura-${invoice.number}.pdf`]);

    // the invoice URL serves the stored PDF: the same bytes as the attachment
    const pdfRes = await waitFor("the invoice PDF", async () => {
      const res = await jana.get(`/api/orders/${orderId}/invoice`);
      return res.status === 200 ? res : null;
    });
    expect(pdfRes.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await pdfRes.arrayBuffer());
    expect(Buffer.from(pdf).equals(Buffer.from(attachments[0].content))).toBe(true);
    const text = normalizeSpaces(await pdfText(pdf));
    for (const expected of [invoice.number, "Faktúra – daňový doklad", "DPH 20 %", "Celkom s DPH", "Jana Nováková", "Forma úhrady: platobná karta"]) {
      expect(text).toContain(expected);
    }

    // the event replayed: nothing new
    expect((await deliver(app.url, event)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await app.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.messageId, sent.messageId!))).toHaveLength(1);

    // the admin reads it at /admin/posta (the outbox is the admin's)
    const { jar } = await signIn(app.url, "zuzana.bielikova@demo.sk", "/");
    const list = await (await jar.fetch(`${app.url}/admin/posta`)).text();
    expect(list).toContain(`href="/admin/posta/${message.id}"`);
  }, 90_000);
});

describe("purchase confirmation over SMTP", () => {
  let app: CommerceApp;
  let smtp: TestSmtp;
  let received: TestSmtp["received"];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    received = smtp.received;
    app = await startCommerceApp({ SMTP_URL: smtp.url, MAIL_FROM: "Akadémia <noreply@kurzy.test>" });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it("delivers one message with the invoice PDF attached, and nothing to the outbox", async () => {
    const { orderId, event } = await buyAndPay(app);
    const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId));
    await waitFor("the SMTP delivery", async () => received.find((m) => m.raw.includes(`purchase_confirmation.${orderId}@`)));
    const mails = received.filter((m) => m.raw.includes(`purchase_confirmation.${orderId}@`));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(["jana.novakova@demo.sk"]);
    expect(mails[0].raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mails[0].raw).toContain(`faktura-${invoice.number}.pdf`);
    expect(await app.db.select().from(schema.mailOutbox)).toEqual([]);
    // the worker records "sent" just after the SMTP server has the message
    const sent = await waitFor("the delivery recorded as sent", async () => (await delivery(app, orderId)).find((d) => d.state !== "sending"));
    expect(sent).toMatchObject({ state: "sent", transport: "smtp" });

    expect((await deliver(app.url, event)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.filter((m) => m.raw.includes(`purchase_confirmation.${orderId}@`))).toHaveLength(1);
  }, 90_000);
});
