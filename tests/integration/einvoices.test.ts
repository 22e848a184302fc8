// E-invoices through HTTP (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices): a company order paid through the
// webhook gets its e-invoice in the paying transaction; the buyer and the admin download
// the archived UBL from the invoice URL with `Accept: application/xml` (or ?format=xml);
// a personal order has none; the account, order and admin pages link it; the invoice book
// shows its state.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { createAccessPointClient, deliverDueEInvoices, validateUbl, type AccessPoint } from "#server/einvoices";
import { startAccessPointStandIn, type AccessPointStandIn } from "#server/stand-ins";
import { bratislavaDay } from "#server/invoices";
import { companyAddress, deliver, orderBody, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

let app: CommerceApp;
let jana: Student;
let peter: Student;
let admin: Student;
const ids: Record<string, string> = {};
// the access point: the stand-in on a port of its own, named by EINVOICE_AP_URL
const AP_TOKEN = "integration-access-point-token-0123";
let standIn: AccessPointStandIn;
let apServer: http.Server;
let accessPoint: AccessPoint;

beforeAll(async () => {
  standIn = startAccessPointStandIn({ token: AP_TOKEN, production: false });
  apServer = http.createServer(standIn.handler);
  await new Promise<void>((resolve) => apServer.listen(0, "127.0.0.1", resolve));
  const apUrl = `http://127.0.0.1:${(apServer.address() as AddressInfo).port}`;
  accessPoint = createAccessPointClient({ url: apUrl, token: AP_TOKEN, timeoutMs: 2000 });
  app = await startCommerceApp({ EINVOICE_AP_URL: apUrl, EINVOICE_AP_TOKEN: AP_TOKEN });
  const list = (await (await fetch(`${app.url}/api/courses`)).json()) as { data: { _id: string; slug: string }[] };
  for (const c of list.data) ids[c.slug] = c._id;
  [jana, peter, admin] = await Promise.all([
    signInStudent(app.url),
    signInStudent(app.url, "peter.horvath@demo.sk"),
    signInStudent(app.url, "zuzana.bielikova@demo.sk"),
  ]);
});
afterAll(async () => {
  if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output());
  await app?.stop();
  standIn?.close();
  await new Promise((resolve) => apServer?.close(resolve));
});

async function paidOrder(student: Student, slug: string, extra: Record<string, unknown>) {
  const res = await student.post("/api/orders", orderBody(ids[slug], extra));
  const created = (await res.json()) as { orderId: string; amount: number };
  expect(res.status, JSON.stringify(created)).toBe(201);
  expect((await deliver(app.url, paymentEvent(created.orderId, created.amount))).status).toBe(200);
  return created.orderId;
}

const xmlGet = (student: Student, path: string) => student.jar.fetch(`${app.url}${path}`, { headers: { Accept: "application/xml" } });

describe("the e-invoice of a company order", () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = await paidOrder(jana, "riadenie-sportoveho-klubu", { billingType: "company", billingAddress: companyAddress });
  });

  it("is downloaded from the invoice URL with Accept: application/xml, the archived bytes, valid", async () => {
    const res = await xmlGet(jana, `/api/orders/${orderId}/invoice`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="efaktura-INV-\d{4}-\d{4,}\.xml"/);
    expect(res.headers.get("vary")).toMatch(/Accept/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const [row] = await app.db.select().from(schema.eInvoices).where(eq(schema.eInvoices.orderId, orderId));
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(row.sha256);
    expect(res.headers.get("repr-digest")).toBe(`sha-256=:${Buffer.from(row.sha256, "hex").toString("base64")}:`);
    const xml = new TextDecoder().decode(bytes);
    expect(validateUbl(xml).findings).toEqual([]);
    expect(xml).toContain(`<cbc:BuyerReference>${orderId}</cbc:BuyerReference>`);
    expect(xml).toContain('<cbc:EndpointID schemeID="0245">2020123456</cbc:EndpointID>');
    // ?format=xml says the same for a plain link; the PDF stays the default
    const viaQuery = await jana.get(`/api/orders/${orderId}/invoice?format=xml`);
    expect(new Uint8Array(await viaQuery.arrayBuffer())).toEqual(bytes);
    const pdf = await jana.jar.fetch(`${app.url}/api/orders/${orderId}/invoice`, { headers: { Accept: "application/pdf, application/xml;q=0.5" } });
    expect([200, 404]).toContain(pdf.status);
    if (pdf.status === 200) expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // a browser following the "Faktúra (PDF)" link names application/xml after text/html: it gets the PDF
    const browser = await jana.jar.fetch(`${app.url}/api/orders/${orderId}/invoice`, {
      headers: { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(browser.headers.get("content-type")).not.toMatch(/xml/);
  });

  it("is nobody else's: another student gets 404; the admin downloads it", async () => {
    expect((await xmlGet(peter, `/api/orders/${orderId}/invoice`)).status).toBe(404);
    const res = await xmlGet(admin, `/api/admin/orders/${orderId}/invoice`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<Invoice xmlns=");
  });

  it("is linked on the account, order and admin order pages; the invoice book shows its state", async () => {
    expect(await (await jana.get("/ucet")).text()).toContain(`href="/api/orders/${orderId}/invoice?format=xml"`);
    const orderPage = await (await jana.get(`/objednavky/${orderId}/return`)).text();
    expect(orderPage).toContain("E-faktúra (XML)");
    const adminPage = await (await admin.get(`/admin/objednavky/${orderId}`)).text();
    expect(adminPage).toContain(`href="/api/admin/orders/${orderId}/invoice?format=xml"`);
    expect(adminPage).toMatch(/data-e-invoice-state="(pending|sent|delivered)"/);
    const today = bratislavaDay(new Date());
    const book = await (await admin.get(`/admin/export/faktury.csv?obdobie=vlastne&od=${today}&do=${today}`)).text();
    const [invoice] = await app.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, orderId));
    const line = book.split(/\r?\n/).find((l) => l.startsWith(invoice.number))!;
    expect(line).toMatch(/;(čaká|odoslaná|doručená)$/);
  });
});

describe("a personal order", () => {
  it("has no e-invoice: 404 for XML, no link", async () => {
    const orderId = await paidOrder(jana, "financie-a-granty-v-sporte", {});
    const res = await xmlGet(jana, `/api/orders/${orderId}/invoice`);
    expect(res.status).toBe(404);
    expect(await app.db.select().from(schema.eInvoices).where(eq(schema.eInvoices.orderId, orderId))).toEqual([]);
    expect(await (await jana.get("/ucet")).text()).not.toContain(`/api/orders/${orderId}/invoice?format=xml`);
  });
});

describe("delivery states on the admin pages", () => {
  it("doručená, odmietnutá with the reason, and a refused document naming its rule; the dashboard lists the undelivered", async () => {
    const delivered = await paidOrder(jana, "sekretar-klubu-v-praxi", { billingType: "company", billingAddress: companyAddress });
    standIn.setMode("deliver");
    await deliverDueEInvoices(app.db, accessPoint);
    const rejected = await paidOrder(peter, "riadenie-sportoveho-klubu", {
      billingType: "company",
      billingAddress: { ...companyAddress, companyName: "TJ Odmietnutá" },
    });
    standIn.setMode("reject");
    await deliverDueEInvoices(app.db, accessPoint);
    const { dic: _dic, ...withoutDic } = companyAddress;
    const invalid = await paidOrder(peter, "financie-a-granty-v-sporte", {
      billingType: "company",
      billingAddress: { ...withoutDic, companyName: "Klub bez DIČ" },
    });
    await deliverDueEInvoices(app.db, accessPoint);

    // React separates adjacent text with <!-- -->
    const page = async (orderId: string) => (await (await admin.get(`/admin/objednavky/${orderId}`)).text()).replace(/<!-- -->/g, "");
    expect(await page(delivered)).toMatch(/data-e-invoice-state="delivered"[\s\S]*?doručená/);
    const rejectedPage = await page(rejected);
    expect(rejectedPage).toMatch(/data-e-invoice-state="rejected"[\s\S]*?odmietnutá/);
    expect(rejectedPage).toContain("Dôvod odmietnutia: Príjemca nie je registrovaný v sieti Peppol");
    const invalidPage = await page(invalid);
    expect(invalidPage).toMatch(/data-e-invoice-state="invalid"/);
    expect(invalidPage).toContain("<code>PEPPOL-EN16931-R010</code> Buyer electronic address MUST be provided.");

    // a day later the undelivered ones (rejected, refused) are on the dashboard; the delivered one is not
    await app.db.update(schema.eInvoices).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const dashboard = (await (await admin.get("/admin")).text()).replace(/<!-- -->/g, "");
    expect(dashboard).toContain("Nedoručené e-faktúry (staršie ako deň)");
    const numberOf = async (orderId: string) => (await app.db.select().from(schema.eInvoices).where(eq(schema.eInvoices.orderId, orderId)))[0].number;
    expect(dashboard).toContain(`>${await numberOf(rejected)}</a>`);
    expect(dashboard).toContain(`>${await numberOf(invalid)}</a>`);
    expect(dashboard).not.toContain(`>${await numberOf(delivered)}</a>`);
  });
});
