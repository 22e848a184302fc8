// Invoices against a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite):
// gapless unique numbers under concurrency, idempotency per order, the PDF's text
// (pdftotext) and a rerun that leaves the stored PDF alone.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newId, schema, type Database } from "../db";
import { loadConfig } from "../config";
import { createLogger } from "../log";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { normalizeSpaces, pdfText } from "../../tests/support/pdf-text";
import {
  assignInvoice,
  bratislavaDay,
  customerFromBilling,
  ensureInvoicePdfForOrder,
  formatInvoiceNumber,
  invoiceForOrder,
  invoicePdfForOrder,
  renderInvoicePdf,
  renderInvoicePdfJob,
} from "./index";

let t: OpenTestDatabase;
let db: Database;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
});
afterAll(async () => {
  await t?.close();
});

const supplier = loadConfig({}).invoiceSupplier;

const personal = {
  firstName: "Ľubomír",
  lastName: "Šťastný",
  email: "lubomir.stastny@example.sk",
  street: "Hlavná 7",
  city: "Žilina",
  postalCode: "010 01",
  country: "SK",
};
const company = {
  companyName: "Športový klub Ďumbier, o. z.",
  ico: "42424242",
  dic: "2024242424",
  icDph: "SK2024242424",
  street: "Štadiónová 3",
  city: "Banská Bystrica",
  postalCode: "974 01",
  country: "SK",
  contactEmail: "klub@dumbier.sk",
  contactPerson: "Mária Čierna",
};

async function createOrder(options: { billing?: Record<string, unknown>; billingType?: "personal" | "company"; amountCents?: number } = {}) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      courseId: newId(),
      courseVersionId: newId(),
      courseTitle: "Riadenie športového klubu",
      studentId: "person-1",
      studentDisplayName: "Jana Nováková",
      studentEmail: "jana.novakova@demo.sk",
      billingType: options.billingType ?? "personal",
      billingDetails: options.billing ?? personal,
      amountCents: options.amountCents ?? 24_900,
      vatRateBp: 2000,
      state: "paid",
      paidAt: new Date(),
    })
    .returning({ id: schema.orders.id });
  return order.id;
}

/** Assigns inside its own transaction, as the paying transaction does. */
function assignInTx(orderId: string, paidAt: Date) {
  return db.transaction((tx) => assignInvoice(tx, { orderId, paidAt }));
}

async function numbersOfYear(year: number) {
  const rows = await db.select({ sequence: schema.invoices.sequence }).from(schema.invoices).where(eq(schema.invoices.year, year));
  return rows.map((r) => r.sequence).sort((a, b) => a - b);
}

describe("invoice numbers", () => {
  it("formats INV-YYYY-NNNN and counts days in Bratislava", () => {
    expect(formatInvoiceNumber(2026, 7)).toBe("INV-2026-0007");
    expect(formatInvoiceNumber(2026, 12345)).toBe("INV-2026-12345");
    // 23:30 UTC on New Year's Eve is already the new year in Bratislava
    expect(bratislavaDay(new Date("2030-12-31T23:30:00Z"))).toBe("2031-01-01");
    expect(bratislavaDay(new Date("2030-06-30T21:59:00Z"))).toBe("2030-06-30");
  });

  it("assigns numbers in order, once per order, and starts each year at 0001", async () => {
    const paidAt = new Date("2031-03-02T10:00:00Z");
    const first = await createOrder();
    const second = await createOrder();
    const a = await assignInTx(first, paidAt);
    const b = await assignInTx(second, paidAt);
    expect(a.number).toBe("INV-2031-0001");
    expect(b.number).toBe("INV-2031-0002");
    // a second call for the same order returns its invoice
    expect(await assignInTx(first, new Date("2031-05-05T10:00:00Z"))).toEqual(a);
    const [row] = await db.select().from(schema.invoices).where(eq(schema.invoices.id, a.invoiceId));
    expect(row).toMatchObject({ year: 2031, sequence: 1, issueDate: "2031-03-02", supplyDate: "2031-03-02", variableSymbol: "20310001", pdf: null });
    // the next year has its own sequence
    const nextYear = await assignInTx(await createOrder(), new Date("2031-12-31T23:30:00Z"));
    expect(nextYear.number).toBe("INV-2032-0001");
  });

  it("refuses an unknown order", async () => {
    await expect(assignInTx(newId(), new Date())).rejects.toMatchObject({ code: "order_not_found" });
  });

  it("gives 20 orders paid at once 20 unique numbers without gaps", async () => {
    const paidAt = new Date("2033-04-01T08:00:00Z");
    const orderIds = await Promise.all(Array.from({ length: 20 }, () => createOrder()));
    const assigned = await Promise.all(orderIds.map((id) => assignInTx(id, paidAt)));
    expect(new Set(assigned.map((a) => a.number)).size).toBe(20);
    expect(await numbersOfYear(2033)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // each order got exactly one
    for (const [i, id] of orderIds.entries()) expect((await invoiceForOrder(db, id))?.number).toBe(assigned[i].number);
  });

  it("gives a rolled-back payment's number to the next one (no gap)", async () => {
    const paidAt = new Date("2034-02-01T08:00:00Z");
    await assignInTx(await createOrder(), paidAt);
    const failing = await createOrder();
    await expect(
      db.transaction(async (tx) => {
        await assignInvoice(tx, { orderId: failing, paidAt });
        throw new Error("payment transaction failed after the invoice");
      }),
    ).rejects.toThrow(/payment transaction failed/);
    expect(await invoiceForOrder(db, failing)).toBeNull();
    const next = await assignInTx(await createOrder(), paidAt);
    expect(next.number).toBe("INV-2034-0002");
    // parallel payments with failures among them still leave no gap
    const ids = await Promise.all(Array.from({ length: 10 }, () => createOrder()));
    const results = await Promise.allSettled(
      ids.map((orderId, i) =>
        db.transaction(async (tx) => {
          const a = await assignInvoice(tx, { orderId, paidAt });
          if (i % 3 === 0) throw new Error("rolled back");
          return a;
        }),
      ),
    );
    const committed = results.filter((r) => r.status === "fulfilled").length;
    expect(committed).toBe(6);
    expect(await numbersOfYear(2034)).toEqual(Array.from({ length: 2 + committed }, (_, i) => i + 1));
  });

  it("assigns one invoice when the same order is paid by concurrent transactions", async () => {
    const orderId = await createOrder();
    const results = await Promise.all(Array.from({ length: 8 }, () => assignInTx(orderId, new Date("2035-01-10T08:00:00Z"))));
    expect(new Set(results.map((r) => r.invoiceId)).size).toBe(1);
    expect(await numbersOfYear(2035)).toEqual([1]);
  });
});

describe("the supplier", () => {
  it("comes from INVOICE_SUPPLIER_* with demo defaults, and the demo BIC and register entry only with the demo supplier", () => {
    expect(supplier).toMatchObject({ ico: "12345678", icDph: "SK2021234567", bic: "SUBASKBX" });
    const real = loadConfig({
      INVOICE_SUPPLIER_NAME: "Real, s. r. o.",
      INVOICE_SUPPLIER_ADDRESS: "Ulica 1, 900 01 Pezinok",
      INVOICE_SUPPLIER_ICO: "87654321",
      INVOICE_SUPPLIER_DIC: "2087654321",
      INVOICE_SUPPLIER_IC_DPH: "SK2087654321",
      INVOICE_SUPPLIER_IBAN: "SK89 7500 0000 0000 1234 5671",
    }).invoiceSupplier;
    expect(real).toEqual({
      name: "Real, s. r. o.",
      address: "Ulica 1, 900 01 Pezinok",
      ico: "87654321",
      dic: "2087654321",
      icDph: "SK2087654321",
      iban: "SK89 7500 0000 0000 1234 5671",
      bic: undefined,
      registration: undefined,
    });
    expect(() => loadConfig({ INVOICE_SUPPLIER_ICO: "12a" })).toThrow(/INVOICE_SUPPLIER_ICO/);
  });
});

describe("billing details → customer", () => {
  it("reads a natural person, a company and a club (organization)", () => {
    expect(customerFromBilling(personal, "x")).toEqual({
      kind: "person",
      name: "Ľubomír Šťastný",
      addressLines: ["Hlavná 7", "010 01 Žilina", "Slovensko"],
      address: { street: "Hlavná 7", city: "Žilina", postalCode: "010 01", countryCode: "SK" },
      email: "lubomir.stastny@example.sk",
    });
    expect(customerFromBilling({ billingType: "company", billingAddress: company }, "x")).toMatchObject({
      kind: "company",
      name: "Športový klub Ďumbier, o. z.",
      ico: "42424242",
      dic: "2024242424",
      icDph: "SK2024242424",
      contactPerson: "Mária Čierna",
    });
    expect(customerFromBilling({ type: "organization", orgName: "ŠK Tatran Demo", ico: "11223344", address: "Tatranská 1, 058 01 Poprad" }, "x")).toMatchObject(
      { kind: "company", name: "ŠK Tatran Demo", ico: "11223344", addressLines: ["Tatranská 1", "058 01 Poprad"] },
    );
    // the orders area's club snapshot: the organization's name wins over the form's
    expect(
      customerFromBilling(
        {
          type: "organization",
          orgName: "Športový klub Tatran Demo, o. z.",
          ico: "11223344",
          dic: null,
          address: { street: "Tatranská 1", city: "Poprad", postalCode: "058 01", country: "SK" },
          billingAddress: { ...company, companyName: "ŠK Tatran" },
        },
        "x",
      ),
    ).toMatchObject({
      kind: "company",
      name: "Športový klub Tatran Demo, o. z.",
      ico: "11223344",
      dic: "2024242424",
      addressLines: ["Tatranská 1", "058 01 Poprad", "Slovensko"],
    });
    // no name in the snapshot: the student's display name
    expect(customerFromBilling({ street: "A 1" }, "Jana Nováková").name).toBe("Jana Nováková");
  });
});

describe("the invoice PDF", () => {
  it("is a Slovak tax invoice with the number, dates, VAT lines, supplier and customer", async () => {
    const orderId = await createOrder({ amountCents: 24_900 });
    await db.insert(schema.payments).values({
      orderId,
      gateway: "sandbox",
      transactionId: `tx-${orderId}`,
      amountCents: 24_900,
      state: "completed",
      method: "card",
      settledAt: new Date(),
    });
    const { invoiceId, number } = await assignInTx(orderId, new Date("2036-03-02T09:00:00Z"));
    expect(await invoicePdfForOrder(db, orderId)).toBeNull(); // not rendered yet
    expect(await renderInvoicePdf(db, invoiceId, supplier)).toEqual({ invoiceId, number, rendered: true });

    const stored = await invoicePdfForOrder(db, orderId);
    expect(stored?.number).toBe("INV-2036-0001");
    expect(Buffer.from(stored!.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = normalizeSpaces(await pdfText(stored!.pdf));
    for (const expected of [
      "Faktúra – daňový doklad",
      "INV-2036-0001",
      "Dátum vystavenia: 2. 3. 2036",
      "Dátum dodania: 2. 3. 2036",
      "Forma úhrady: platobná karta",
      "Variabilný symbol: 20360001",
      `Číslo objednávky: ${orderId}`,
      "Dodávateľ",
      "Odberateľ",
      // supplier from configuration (the demo defaults)
      "Akadémia športového manažmentu, s. r. o.",
      "IČO: 12345678",
      "DIČ: 2021234567",
      "IČ DPH: SK2021234567",
      "IBAN: SK31 1200 0000 1987 4263 7541",
      // customer: a natural person
      "Ľubomír Šťastný",
      "010 01 Žilina",
      "Fyzická osoba",
      // the line and the VAT lines (249,00 € with 20 % VAT: 207,50 + 41,50)
      "Online kurz „Riadenie športového klubu“",
      "Cena bez DPH",
      "207,50 €",
      "Základ dane (20 %): 207,50 €",
      "DPH 20 %: 41,50 €",
      "Celkom s DPH: 249,00 €",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("names a company customer with IČO, DIČ and IČ DPH", async () => {
    const orderId = await createOrder({ billingType: "company", billing: company, amountCents: 12_000 });
    const { invoiceId } = await assignInTx(orderId, new Date("2036-05-05T09:00:00Z"));
    await renderInvoicePdf(db, invoiceId, supplier);
    const text = normalizeSpaces(await pdfText((await invoicePdfForOrder(db, orderId))!.pdf));
    for (const expected of [
      "Športový klub Ďumbier, o. z.",
      "IČO: 42424242",
      "DIČ: 2024242424",
      "IČ DPH: SK2024242424",
      "974 01 Banská Bystrica",
      "Kontaktná osoba: Mária Čierna",
      "DPH 20 %: 20,00 €",
      "Celkom s DPH: 120,00 €",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Fyzická osoba");
  });

  it("is rendered once: a rerun of the job leaves the stored bytes alone", async () => {
    const orderId = await createOrder();
    const { invoiceId } = await assignInTx(orderId, new Date("2036-07-07T09:00:00Z"));
    const job = renderInvoicePdfJob({ db, log: createLogger("silent", false), supplier });
    expect(await job({ invoiceId })).toMatchObject({ rendered: true });
    const first = (await invoicePdfForOrder(db, orderId))!.pdf;
    const [{ renderedAt: firstAt }] = await db
      .select({ renderedAt: schema.invoices.pdfRenderedAt })
      .from(schema.invoices)
      .where(eq(schema.invoices.id, invoiceId));
    // the supplier changes its name: an issued invoice must not change
    expect(await job({ invoiceId })).toMatchObject({ rendered: false });
    expect(await renderInvoicePdf(db, invoiceId, { ...supplier, name: "Iná firma, s. r. o." })).toMatchObject({ rendered: false });
    const again = (await invoicePdfForOrder(db, orderId))!.pdf;
    const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
    expect(sha(again)).toBe(sha(first));
    const [{ renderedAt }] = await db.select({ renderedAt: schema.invoices.pdfRenderedAt }).from(schema.invoices).where(eq(schema.invoices.id, invoiceId));
    expect(renderedAt).toEqual(firstAt);
    // concurrent renders of a fresh invoice store one PDF
    const other = await createOrder();
    const { invoiceId: otherId } = await assignInTx(other, new Date("2036-07-08T09:00:00Z"));
    const results = await Promise.all([1, 2, 3].map(() => renderInvoicePdf(db, otherId, supplier)));
    expect(results.filter((r) => r.rendered).length).toBe(1);
  });

  it("is rendered on demand for the e-mail, and absent before payment", async () => {
    const unpaid = await createOrder();
    expect(await invoicePdfForOrder(db, unpaid)).toBeNull();
    expect(await invoiceForOrder(db, unpaid)).toBeNull();
    expect(await ensureInvoicePdfForOrder(db, unpaid, supplier)).toBeNull();
    await assignInTx(unpaid, new Date("2036-08-01T09:00:00Z"));
    expect((await invoiceForOrder(db, unpaid))?.pdfReady).toBe(false);
    const ensured = await ensureInvoicePdfForOrder(db, unpaid, supplier);
    expect(ensured?.number).toMatch(/^INV-2036-\d{4}$/);
    expect((await invoiceForOrder(db, unpaid))?.pdfReady).toBe(true);
  });
});
