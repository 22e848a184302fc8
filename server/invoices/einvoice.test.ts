// E-invoices made in the numbering transaction (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices), against a
// real database: a company order's invoice and credit notes get a UBL document archived
// with its SHA-256 that passes every rule; a personal one stays PDF-only; the PDF and the
// UBL say the same (every amount and identifier compared); a rolled-back numbering leaves
// no e-invoice; the archived document can be neither changed nor deleted.
import { createHash } from "node:crypto";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { newId, schema, type Database } from "../db";
import { loadConfig } from "../config";
import { formatMoney } from "../money";
import { formatDate } from "../../shared/format";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { normalizeSpaces, pdfText } from "../../tests/support/pdf-text";
import { validateUbl } from "../einvoices";
import { toUbl } from "../einvoices";
import {
  assignInvoice,
  eInvoiceOfInvoice,
  invoiceDocumentData,
  invoicePayBySquare,
  issueCreditNote,
  readPayBySquare,
  renderCreditNotePdf,
  renderInvoicePdf,
  splitAddress,
} from "./index";
import { renderInvoiceDocument } from "./pdf";

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
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, removeNSPrefix: true });

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
  contactPerson: "Mária Čierna",
};
const person = { firstName: "Ľubomír", lastName: "Šťastný", email: "lubo@example.sk", street: "Hlavná 7", city: "Žilina", postalCode: "010 01", country: "SK" };

let orderSeq = 0;
async function paidOrder(options: { billing: Record<string, unknown>; billingType: "personal" | "company"; amountCents?: number }) {
  const paidAt = new Date("2027-01-04T09:00:00Z");
  const [order] = await db
    .insert(schema.orders)
    .values({
      courseId: newId(),
      courseVersionId: newId(),
      courseTitle: `Riadenie športového klubu ${++orderSeq}`,
      studentId: "person-9",
      studentDisplayName: "Mária Čierna",
      studentEmail: "maria@example.sk",
      billingType: options.billingType,
      billingDetails: options.billing,
      amountCents: options.amountCents ?? 24_900,
      vatRateBp: 2000,
      state: "paid",
      paidAt,
    })
    .returning({ id: schema.orders.id });
  await db.insert(schema.payments).values({
    orderId: order.id,
    gateway: "sandbox",
    transactionId: newId(),
    amountCents: options.amountCents ?? 24_900,
    state: "completed",
    method: "card",
    settledAt: paidAt,
  });
  const invoice = await db.transaction((tx) => assignInvoice(tx, { orderId: order.id, paidAt, issuedAt: paidAt }));
  return { orderId: order.id, invoice };
}

async function eInvoicesOf(orderId: string) {
  return db.select().from(schema.eInvoices).where(eq(schema.eInvoices.orderId, orderId)).orderBy(schema.eInvoices.createdAt);
}

const text = (v: unknown) => (typeof v === "object" && v !== null ? (v as Record<string, string>)["#text"] : (v as string));
/** "207.50" → "207,50 €" as the PDF prints it */
const pdfMoney = (amount: unknown) => normalizeSpaces(formatMoney(Math.round(Number(text(amount)) * 100)));

/** Every amount and identifier of the UBL, found in the PDF's text. */
function expectSameAsPdf(ubl: Record<string, any>, pdf: string, kind: "invoice" | "credit_note") {
  const seller = ubl.AccountingSupplierParty.Party;
  const buyer = ubl.AccountingCustomerParty.Party;
  const totals = ubl.LegalMonetaryTotal;
  const line = kind === "invoice" ? ubl.InvoiceLine : ubl.CreditNoteLine;
  const sign = kind === "credit_note" ? "−" : "";
  const expected = [
    ubl.ID,
    formatDate(ubl.IssueDate),
    ubl.PaymentMeans.PaymentID,
    ubl.BuyerReference,
    seller.PartyLegalEntity.RegistrationName,
    seller.PartyLegalEntity.CompanyID,
    text(seller.EndpointID),
    [seller.PartyTaxScheme].flat().find((s: any) => s.TaxScheme.ID === "VAT").CompanyID,
    buyer.PartyLegalEntity.RegistrationName,
    buyer.PartyLegalEntity.CompanyID,
    text(buyer.EndpointID),
    ...(buyer.PartyTaxScheme ? [buyer.PartyTaxScheme.CompanyID] : []),
    `${sign}${pdfMoney(totals.TaxExclusiveAmount)}`,
    `${sign}${pdfMoney(ubl.TaxTotal.TaxAmount)}`,
    `${sign}${pdfMoney(line.LineExtensionAmount)}`,
    `${ubl.TaxTotal.TaxSubtotal.TaxCategory.Percent} %`,
    pdfMoney({ "#text": (Number(text(totals.TaxInclusiveAmount)) + Number(text(totals.PayableRoundingAmount) ?? 0)).toFixed(2) }),
  ];
  if (kind === "invoice") expected.push(formatDate(ubl.Delivery.ActualDeliveryDate), `${text(line.InvoicedQuantity)} ks`);
  else expected.push(ubl.BillingReference.InvoiceDocumentReference.ID);
  // a credit note prints its corrections negative: a rounding of -0.01 reads "0,01 €"
  if (totals.PayableRoundingAmount) {
    const rounding = Number(text(totals.PayableRoundingAmount));
    expected.push(pdfMoney({ "#text": (kind === "credit_note" ? -rounding : rounding).toFixed(2) }));
  }
  for (const value of expected) expect(pdf, String(value)).toContain(normalizeSpaces(String(value)));
  // the IBAN, printed in groups of four on the invoice (the credit note names no account)
  if (kind === "invoice") expect(pdf.replace(/ /g, "")).toContain(ubl.PaymentMeans.PayeeFinancialAccount.ID);
}

describe("e-invoices in the numbering transaction", () => {
  it("a company order's invoice gets an archived UBL that passes every rule and says what the PDF says", async () => {
    const { orderId, invoice } = await paidOrder({ billing: club, billingType: "company" });
    const [row] = await eInvoicesOf(orderId);
    expect(row).toMatchObject({ kind: "invoice", number: invoice.number, invoiceId: invoice.invoiceId, creditNoteId: null, state: "pending" });
    expect(row.sha256).toBe(createHash("sha256").update(row.xml).digest("hex"));
    const xml = Buffer.from(row.xml).toString("utf8");
    expect(validateUbl(xml).findings).toEqual([]);
    const ubl = parser.parse(xml).Invoice;
    expect(ubl.AccountingCustomerParty.Party.EndpointID).toEqual({ "#text": "2024242424", "@schemeID": "0245" });
    expect(text(ubl.LegalMonetaryTotal.TaxInclusiveAmount)).toBe("249.00");

    await renderInvoicePdf(db, invoice.invoiceId, supplier);
    const [stored] = await db.select({ pdf: schema.invoices.pdf }).from(schema.invoices).where(eq(schema.invoices.id, invoice.invoiceId));
    expectSameAsPdf(ubl, normalizeSpaces(await pdfText(stored.pdf!)), "invoice");
  });

  it("a club without IČ DPH (no VAT payer) and a price no net meets exactly: valid, the PDF shows the same rounding", async () => {
    const nonVat = { ...club, companyName: "Telovýchovná jednota Slávia Ľubietová", icDph: undefined, dic: "2020987654" };
    const { orderId, invoice } = await paidOrder({ billing: nonVat, billingType: "company", amountCents: 9_999 });
    const [row] = await eInvoicesOf(orderId);
    const xml = Buffer.from(row.xml).toString("utf8");
    expect(validateUbl(xml).findings).toEqual([]);
    const ubl = parser.parse(xml).Invoice;
    expect(ubl.AccountingCustomerParty.Party.PartyTaxScheme).toBeUndefined();
    expect(text(ubl.LegalMonetaryTotal.PayableRoundingAmount)).toMatch(/^-?0\.01$/);
    await renderInvoicePdf(db, invoice.invoiceId, supplier);
    const [stored] = await db.select({ pdf: schema.invoices.pdf }).from(schema.invoices).where(eq(schema.invoices.id, invoice.invoiceId));
    const pdf = normalizeSpaces(await pdfText(stored.pdf!));
    expect(pdf).toContain("Zaokrúhlenie");
    expectSameAsPdf(ubl, pdf, "invoice");
  });

  it("a personal (B2C) invoice stays PDF-only, its record kept all the same", async () => {
    const { orderId, invoice } = await paidOrder({ billing: person, billingType: "personal" });
    expect(await eInvoicesOf(orderId)).toEqual([]);
    const [row] = await db.select({ document: schema.invoices.document }).from(schema.invoices).where(eq(schema.invoices.id, invoice.invoiceId));
    expect(row.document).toMatchObject({ number: invoice.number, paidCents: 24_900 });
  });

  it("a full and a partial credit note: UBL CreditNotes naming their invoice, valid, the same as their PDFs", async () => {
    const { orderId, invoice } = await paidOrder({ billing: club, billingType: "company" });
    for (const amount of [9_999, 14_901]) {
      const [refund] = await db
        .insert(schema.refunds)
        .values({
          orderId,
          amountCents: amount,
          reason: "Kurz sa nekonal",
          state: "completed",
          requestedBy: "p-1",
          settledAt: new Date("2027-01-20T10:00:00Z"),
        })
        .returning({ id: schema.refunds.id });
      const note = (await db.transaction((tx) =>
        issueCreditNote(tx, { refundId: refund.id, orderId, amountCents: amount, reason: "Kurz sa nekonal", issuedAt: new Date("2027-01-20T10:00:00Z") }),
      ))!;
      const [row] = (await eInvoicesOf(orderId)).filter((e) => e.creditNoteId === note.creditNoteId);
      expect(row).toMatchObject({ kind: "credit_note", number: note.number, invoiceId: invoice.invoiceId });
      const xml = Buffer.from(row.xml).toString("utf8");
      expect(validateUbl(xml).findings).toEqual([]);
      const ubl = parser.parse(xml).CreditNote;
      expect(ubl.BillingReference.InvoiceDocumentReference).toEqual({ ID: invoice.number, IssueDate: "2027-01-04" });
      await renderCreditNotePdf(db, note.creditNoteId, supplier);
      const [stored] = await db.select({ pdf: schema.creditNotes.pdf }).from(schema.creditNotes).where(eq(schema.creditNotes.id, note.creditNoteId));
      expectSameAsPdf(ubl, normalizeSpaces(await pdfText(stored.pdf!)), "credit_note");
    }
  });

  it("a rolled-back numbering leaves no e-invoice behind", async () => {
    const [order] = await db
      .insert(schema.orders)
      .values({
        courseId: newId(),
        courseVersionId: newId(),
        courseTitle: "X",
        studentId: "p",
        studentDisplayName: "P",
        billingType: "company",
        billingDetails: club,
        amountCents: 1000,
        state: "paid",
      })
      .returning({ id: schema.orders.id });
    await expect(
      db.transaction(async (tx) => {
        await assignInvoice(tx, { orderId: order.id, paidAt: new Date() });
        throw new Error("the payment's transaction fails later");
      }),
    ).rejects.toThrow(/fails later/);
    expect(await eInvoicesOf(order.id)).toEqual([]);
  });

  it("the archived document can be neither changed nor deleted", async () => {
    const { orderId } = await paidOrder({ billing: club, billingType: "company" });
    const [row] = await eInvoicesOf(orderId);
    await expect(
      db
        .update(schema.eInvoices)
        .set({ xml: new TextEncoder().encode("<x/>") })
        .where(eq(schema.eInvoices.id, row.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from e_invoices where id = ${row.id}`)).rejects.toThrow();
    // its delivery state may change
    await db.update(schema.eInvoices).set({ state: "sent" }).where(eq(schema.eInvoices.id, row.id));
    const [after] = await eInvoicesOf(orderId);
    expect(after.sha256).toBe(row.sha256);
  });

  it("PAY by square on an invoice that asks for a bank payment, with the UBL's IBAN and variable symbol; none on a paid one", async () => {
    const { invoice } = await paidOrder({ billing: club, billingType: "company", amountCents: 12_345 });
    const paid = await invoiceDocumentData(db, invoice.invoiceId, supplier);
    expect(invoicePayBySquare(paid)).toBeNull();
    // the same record, asking for a bank transfer instead (nothing paid before it was issued)
    const unpaid = { ...paid, paidCents: 0 };
    const qr = invoicePayBySquare(unpaid)!;
    const ubl = toUbl(eInvoiceOfInvoice(unpaid));
    expect(validateUbl(ubl).findings).toEqual([]);
    const means = parser.parse(ubl).Invoice.PaymentMeans;
    expect(means.PaymentMeansCode).toEqual({ "#text": "58", "@name": "SEPA prevod" });
    expect(readPayBySquare(qr)).toEqual({
      amountCents: 12_345,
      variableSymbol: means.PaymentID,
      iban: means.PayeeFinancialAccount.ID,
      dueDate: unpaid.issueDate.replace(/-/g, ""),
    });
    expect(text(parser.parse(ubl).Invoice.LegalMonetaryTotal.PayableAmount)).toBe("123.45");
    const pdf = normalizeSpaces(await pdfText(await renderInvoiceDocument(unpaid)));
    expect(pdf).toContain("PAY by square");
    expect(pdf).toContain(`K úhrade: ${normalizeSpaces(formatMoney(12_345))}`);
    expect(normalizeSpaces(await pdfText(await renderInvoiceDocument(paid)))).not.toContain("PAY by square");
  });

  it("splits a supplier's address line into the UBL's parts", () => {
    expect(splitAddress(["Športová 12", "831 04 Bratislava", "Slovensko"])).toEqual({
      street: "Športová 12",
      postalCode: "831 04",
      city: "Bratislava",
      countryCode: "SK",
    });
    expect(splitAddress(["Tatranská 1", "058 01 Poprad"])).toEqual({ street: "Tatranská 1", postalCode: "058 01", city: "Poprad", countryCode: "SK" });
  });
});
