// Delivery through the Peppol access point (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: delivery), the
// domain functions (no app),
// against a real database and the access-point stand-in over HTTP: every state (čaká →
// odoslaná → doručená / odmietnutá; invalid, not sent; retries with backoff after a
// timeout or a 503), the metric of refused rules, and the dashboard's list.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newId, schema, type Database } from "#server/db";
import { metricsRegistry } from "#server/log/metrics";
import { openTestDatabase, type OpenTestDatabase } from "../support/db";
import { assignInvoice } from "#server/invoices";
import { startAccessPointStandIn, StandInRefusedError, type AccessPointStandIn } from "#server/stand-ins";
import { backoffMs, createAccessPointClient, deliverDueEInvoices, undeliveredEInvoices, type AccessPoint } from "#server/einvoices";

const TOKEN = "access-point-test-token-0123456789";
let t: OpenTestDatabase;
let db: Database;
let standIn: AccessPointStandIn;
let server: http.Server;
let accessPoint: AccessPoint;

beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
  standIn = startAccessPointStandIn({ token: TOKEN, production: false });
  server = http.createServer(standIn.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  accessPoint = createAccessPointClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: TOKEN, timeoutMs: 400 });
});
afterAll(async () => {
  standIn?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});
beforeEach(() => standIn.setMode("deliver"));

const club = {
  companyName: "Športový klub Ďumbier, o. z.",
  ico: "42424242",
  dic: "2024242424",
  icDph: "SK2024242424",
  street: "Štadiónová 3",
  city: "Banská Bystrica",
  postalCode: "974 01",
  country: "SK",
  contactEmail: "klub@dumbier.sk",
};

/** A paid company order with its invoice and e-invoice (due now); returns the e-invoice id. */
async function eInvoice(billing: Record<string, unknown> = club): Promise<string> {
  const [order] = await db
    .insert(schema.orders)
    .values({
      courseId: newId(),
      courseVersionId: newId(),
      courseTitle: "Riadenie klubu",
      studentId: "p-1",
      studentDisplayName: "Mária",
      billingType: "company",
      billingDetails: billing,
      amountCents: 24_900,
      state: "paid",
    })
    .returning({ id: schema.orders.id });
  await db.transaction((tx) => assignInvoice(tx, { orderId: order.id, paidAt: new Date() }));
  const [row] = await db.select({ id: schema.eInvoices.id }).from(schema.eInvoices).where(eq(schema.eInvoices.orderId, order.id));
  // only this one is due: the others of earlier tests wait far ahead
  await db.update(schema.eInvoices).set({ nextAttemptAt: new Date("2100-01-01T00:00:00Z") });
  await db
    .update(schema.eInvoices)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(schema.eInvoices.id, row.id));
  return row.id;
}
const rowOf = async (id: string) => (await db.select().from(schema.eInvoices).where(eq(schema.eInvoices.id, id)))[0];

describe("delivery through the access point", () => {
  it("čaká → doručená: validated, handed over with the Peppol ids of both parties, the receipt recorded", async () => {
    const id = await eInvoice();
    const now = new Date();
    expect(await deliverDueEInvoices(db, accessPoint, { now })).toEqual({ processed: 1, outcomes: { delivered: 1 } });
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: "delivered", attempts: 1, lastError: null, findings: [] });
    expect(row.validatedAt).not.toBeNull();
    expect(row.deliveredAt?.getTime()).toBe(now.getTime());
    const sent = standIn.received.find((r) => r.messageId === row.providerMessageId)!;
    expect(sent).toMatchObject({ number: row.number, sender: "0245:2021234567", receiver: "0245:2024242424", sha256: row.sha256, status: "delivered" });
    // nothing left to do
    expect((await deliverDueEInvoices(db, accessPoint, { now: new Date(now.getTime() + 86_400_000) })).processed).toBe(0);
  });

  it("čaká → odoslaná → doručená: an accepted document is asked about after the backoff", async () => {
    const id = await eInvoice();
    standIn.setMode("accept");
    const now = new Date();
    expect((await deliverDueEInvoices(db, accessPoint, { now })).outcomes).toEqual({ sent: 1 });
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ state: "sent", attempts: 1 });
    expect(sent.nextAttemptAt.getTime()).toBe(now.getTime() + backoffMs(1));
    expect((await deliverDueEInvoices(db, accessPoint, { now: new Date(now.getTime() + 1000) })).processed).toBe(0);
    expect((await deliverDueEInvoices(db, accessPoint, { now: new Date(now.getTime() + backoffMs(1)) })).outcomes).toEqual({ delivered: 1 });
    expect(await rowOf(id)).toMatchObject({ state: "delivered", providerMessageId: sent.providerMessageId });
  });

  it("čaká → odmietnutá: the access point's reason is kept", async () => {
    const id = await eInvoice();
    standIn.setMode("reject");
    expect((await deliverDueEInvoices(db, accessPoint)).outcomes).toEqual({ rejected: 1 });
    const row = await rowOf(id);
    expect(row.state).toBe("rejected");
    expect(row.rejectionReason).toMatch(/nie je registrovaný v sieti Peppol/);
    expect(row.rejectedAt).not.toBeNull();
  });

  it("a timeout and a 503 leave it čaká and retry with a doubling backoff; then it is delivered", async () => {
    const id = await eInvoice();
    standIn.setMode("timeout");
    const start = new Date();
    expect((await deliverDueEInvoices(db, accessPoint, { now: start })).outcomes).toEqual({ retry: 1 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/no answer within 400 ms/);
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + 60_000);
    standIn.setMode("unavailable");
    const second = new Date(start.getTime() + 60_000);
    expect((await deliverDueEInvoices(db, accessPoint, { now: second })).outcomes).toEqual({ retry: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ state: "pending", attempts: 2 });
    expect(row.lastError).toMatch(/HTTP 503/);
    expect(row.nextAttemptAt.getTime()).toBe(second.getTime() + 120_000);
    standIn.setMode("deliver");
    expect((await deliverDueEInvoices(db, accessPoint, { now: new Date(second.getTime() + 120_000) })).outcomes).toEqual({ delivered: 1 });
    expect(await rowOf(id)).toMatchObject({ state: "delivered", attempts: 3, lastError: null });
    expect(backoffMs(30)).toBe(6 * 60 * 60_000);
  });

  it("a document with a fatal rule is not sent: invalid, the rules kept, the metric counts them", async () => {
    // a company without DIČ has no Peppol address
    const id = await eInvoice({ ...club, dic: undefined, companyName: "Klub bez DIČ" });
    const before = standIn.received.length;
    expect((await deliverDueEInvoices(db, accessPoint)).outcomes).toEqual({ invalid: 1 });
    const row = await rowOf(id);
    expect(row.state).toBe("invalid");
    expect(row.findings?.map((f) => f.ruleId)).toContain("PEPPOL-EN16931-R010");
    expect(standIn.received.length).toBe(before);
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toMatch(/einvoice_rule_failures_total\{rule="PEPPOL-EN16931-R010"\} [1-9]/);
    // and it stays invalid: nothing due any more
    expect((await deliverDueEInvoices(db, accessPoint, { now: new Date(Date.now() + 86_400_000) })).processed).toBe(0);
  });

  it("lists e-invoices not delivered after a day for the dashboard", async () => {
    const id = await eInvoice();
    standIn.setMode("unavailable");
    await deliverDueEInvoices(db, accessPoint);
    const later = new Date(Date.now() + 25 * 60 * 60_000);
    const listed = await undeliveredEInvoices(db, new Date(later.getTime() - 24 * 60 * 60_000));
    expect(listed.map((e) => e.eInvoiceId)).toContain(id);
    expect(listed.find((e) => e.eInvoiceId === id)).toMatchObject({ state: "pending", stateLabel: "čaká" });
    // a delivered one is not listed
    expect(listed.every((e) => e.state !== "delivered")).toBe(true);
    // …and nothing is listed before it is a day old
    expect((await undeliveredEInvoices(db, new Date(Date.now() - 24 * 60 * 60_000))).map((e) => e.eInvoiceId)).not.toContain(id);
  });
});

describe("the access-point stand-in", () => {
  it("validates what it receives the same way and rejects a broken document with the rule ids", async () => {
    const receipt = await accessPoint.send({
      number: "X-1",
      xml: new TextEncoder().encode('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      sha256: "a".repeat(64),
      sender: "0245:1",
      receiver: "0245:2",
    });
    expect(receipt.status).toBe("rejected");
    expect(receipt.reason).toMatch(/BR-02/);
  });

  it("refuses a wrong credential and is refused in production", async () => {
    const wrong = createAccessPointClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: "wrong-token-0123456789" });
    await expect(wrong.status("ap-x")).rejects.toThrow(/refused our credentials/);
    expect(() => startAccessPointStandIn({ token: TOKEN, production: true })).toThrow(StandInRefusedError);
  });
});
