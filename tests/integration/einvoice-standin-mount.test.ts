// The default wiring of e-invoice delivery (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: the stand-in):
// without EINVOICE_AP_URL the app mounts the access-point stand-in at
// /stand-ins/access-point and its delivery job speaks to it over HTTP through the front
// door, like a real provider. Here the test drives one delivery run against that mount
// (EINVOICE_AP_TOKEN alone names the stand-in's credential) and the order's e-invoice ends
// delivered; a wrong credential is refused.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { createAccessPointClient, deliverDueEInvoices } from "#server/einvoices";
import { eventually } from "../support/certificate-fixtures";
import { companyAddress, deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp } from "../support/commerce";

const TOKEN = "stand-in-mount-token-0123456789abcdef";
let app: CommerceApp;

beforeAll(async () => {
  app = await startCommerceApp({ EINVOICE_AP_TOKEN: TOKEN });
});
afterAll(async () => {
  if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output());
  await app?.stop();
});

describe("the mounted access-point stand-in", () => {
  it("receives a company order's e-invoice from a delivery run and answers delivered", async () => {
    const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
    const jana = await signInStudent(app.url);
    const res = await jana.post("/api/orders", orderBody(list.data[0]._id, { billingType: "company", billingAddress: companyAddress }));
    const created = (await res.json()) as { orderId: string; amount: number };
    expect(res.status).toBe(201);
    expect((await deliver(app.url, paymentEvent(created.orderId, created.amount))).status).toBe(200);

    const accessPoint = createAccessPointClient({ url: `${app.url}/stand-ins/access-point`, token: TOKEN, timeoutMs: 5000 });
    await deliverDueEInvoices(app.db, accessPoint);
    // the app's own job (every minute) may have taken it first: either way it ends delivered
    const row = await eventually(
      async () => {
        const [e] = await app.db.select().from(schema.eInvoices).where(eq(schema.eInvoices.orderId, created.orderId));
        return e?.state === "delivered" ? e : null;
      },
      "the e-invoice delivered",
      10_000,
    );
    expect(row.providerMessageId).toMatch(/^ap-[0-9a-f]{24}$/);
    expect(row.findings).toEqual([]);

    const wrong = createAccessPointClient({ url: `${app.url}/stand-ins/access-point`, token: "not-the-token-0123456789" });
    await expect(wrong.status(row.providerMessageId!)).rejects.toThrow(/refused our credentials/);
  });
});
