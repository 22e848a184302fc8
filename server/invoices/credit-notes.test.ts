// Credit notes against a real database (PostgreSQL with TEST_DATABASE_URL, else PGlite):
// DOB-YYYY-NNNN numbers gapless per year in their own series under concurrency, one per
// refund, none without an invoice, a rolled-back refund giving its number back, and the
// PDF (pdftotext) rendered once. docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newId, schema, type Database } from "../db";
import { loadConfig } from "../config";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { normalizeSpaces, pdfText } from "../../tests/support/pdf-text";
import { assignInvoice, creditNotePdf, creditNotesForOrders, formatCreditNoteNumber, issueCreditNote, renderCreditNotePdf } from "./index";

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

/** A paid order (invoiced unless told otherwise) with a pending refund of `amount`. */
async function refundOf(amount: number, options: { invoiced?: boolean; paidAt?: Date } = {}) {
  const [order] = await db
    .insert(schema.orders)
    .values({
      courseId: newId(),
      courseVersionId: newId(),
      courseTitle: "Financie a granty v športe",
      studentId: "person-2",
      studentDisplayName: "Ľubomír Šťastný",
      studentEmail: "lubo@example.sk",
      billingType: "personal",
      billingDetails: { firstName: "Ľubomír", lastName: "Šťastný", street: "Hlavná 7", city: "Žilina", postalCode: "010 01", country: "SK" },
      amountCents: 12_000,
      vatRateBp: 2000,
      state: "paid",
      paidAt: options.paidAt ?? new Date(),
    })
    .returning({ id: schema.orders.id });
  if (options.invoiced !== false) await db.transaction((tx) => assignInvoice(tx, { orderId: order.id, paidAt: options.paidAt ?? new Date() }));
  const [refund] = await db
    .insert(schema.refunds)
    .values({ orderId: order.id, amountCents: amount, reason: "Kurz sa nekonal", state: "completed", requestedBy: "p-4001", settledAt: new Date() })
    .returning({ id: schema.refunds.id });
  return { orderId: order.id, refundId: refund.id };
}

const issue = (r: { orderId: string; refundId: string }, amountCents: number, issuedAt: Date) =>
  db.transaction((tx) => issueCreditNote(tx, { ...r, amountCents, reason: "Kurz sa nekonal", issuedAt }));

async function sequencesOf(year: number) {
  const rows = await db.select({ sequence: schema.creditNotes.sequence }).from(schema.creditNotes).where(eq(schema.creditNotes.year, year));
  return rows.map((r) => r.sequence).sort((a, b) => a - b);
}

describe("credit note numbers", () => {
  it("formats DOB-YYYY-NNNN, one per refund, starting each year at 0001 apart from invoice numbers", async () => {
    expect(formatCreditNoteNumber(2041, 3)).toBe("DOB-2041-0003");
    const at = new Date("2041-05-05T10:00:00Z");
    const a = await refundOf(2000, { paidAt: at });
    const b = await refundOf(12_000, { paidAt: at });
    const first = await issue(a, 2000, at);
    const second = await issue(b, 12_000, at);
    expect(first?.number).toBe("DOB-2041-0001");
    expect(second?.number).toBe("DOB-2041-0002");
    // the invoices of the same year count on their own
    const invoices = await db.select({ number: schema.invoices.number }).from(schema.invoices).where(eq(schema.invoices.year, 2041));
    expect(invoices.map((i) => i.number).sort()).toEqual(["INV-2041-0001", "INV-2041-0002"]);
    // a second call for the same refund returns its credit note
    expect(await issue(a, 2000, new Date("2041-07-07T10:00:00Z"))).toEqual(first);
    // a refund completing on New Year's night in Bratislava belongs to the new year
    expect((await issue(await refundOf(100), 100, new Date("2041-12-31T23:30:00Z")))?.number).toBe("DOB-2042-0001");
  });

  it("issues none for an order without an invoice", async () => {
    const r = await refundOf(500, { invoiced: false });
    expect(await issue(r, 500, new Date())).toBeNull();
    expect(await creditNotesForOrders(db, [r.orderId])).toEqual([]);
  });

  it("gives 12 refunds completing at once 12 unique numbers without gaps", async () => {
    const at = new Date("2043-03-01T09:00:00Z");
    const refunds = await Promise.all(Array.from({ length: 12 }, () => refundOf(1000, { paidAt: at })));
    const issued = await Promise.all(refunds.map((r) => issue(r, 1000, at)));
    expect(new Set(issued.map((n) => n?.number)).size).toBe(12);
    expect(await sequencesOf(2043)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("gives a rolled-back refund's number to the next one", async () => {
    const at = new Date("2044-02-02T09:00:00Z");
    await issue(await refundOf(100, { paidAt: at }), 100, at);
    const failing = await refundOf(100, { paidAt: at });
    await expect(
      db.transaction(async (tx) => {
        await issueCreditNote(tx, { ...failing, amountCents: 100, reason: "x", issuedAt: at });
        throw new Error("the refund's transaction failed");
      }),
    ).rejects.toThrow(/failed/);
    expect(await creditNotesForOrders(db, [failing.orderId])).toEqual([]);
    expect((await issue(await refundOf(100, { paidAt: at }), 100, at))?.number).toBe("DOB-2044-0002");
  });
});

describe("the credit note PDF", () => {
  it("is a Slovak corrective tax document naming the invoice, the reason and the negative amounts; rendered once", async () => {
    const at = new Date("2045-04-04T09:00:00Z");
    const r = await refundOf(3000, { paidAt: at });
    const note = (await issue(r, 3000, at))!;
    expect(await creditNotePdf(db, r.orderId, note.creditNoteId)).toEqual({ number: note.number, pdf: null });
    expect(await renderCreditNotePdf(db, note.creditNoteId, supplier)).toMatchObject({ rendered: true });
    const stored = (await creditNotePdf(db, r.orderId, note.creditNoteId))!;
    const text = normalizeSpaces(await pdfText(stored.pdf!));
    expect(text).toContain("Dobropis – opravný daňový doklad");
    expect(text).toContain("Číslo dobropisu: DOB-2045-0001");
    expect(text).toContain("K faktúre číslo: INV-2045-0001");
    expect(text).toContain("Dôvod opravy: vrátenie platby (refundácia) – Kurz sa nekonal");
    expect(text).toContain("Ľubomír Šťastný");
    expect(text).toContain(supplier.name);
    // 30,00 € with VAT 20 %: base 25,00 €, VAT 5,00 €
    expect(text).toContain("Oprava základu dane (20 %): −25,00 €");
    expect(text).toContain("Oprava DPH 20 %: −5,00 €");
    expect(text).toContain("Celkom na vrátenie: 30,00 €");
    // a rerun leaves the stored bytes alone; another order's id finds nothing
    expect(await renderCreditNotePdf(db, note.creditNoteId, supplier)).toMatchObject({ rendered: false });
    expect(Buffer.from((await creditNotePdf(db, r.orderId, note.creditNoteId))!.pdf!).equals(Buffer.from(stored.pdf!))).toBe(true);
    expect(await creditNotePdf(db, newId(), note.creditNoteId)).toBeNull();
  });
});
