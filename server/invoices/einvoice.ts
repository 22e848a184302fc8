// The e-invoice of a company order's invoice or credit note (issue 31; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md >
// E-invoices): made from the very record the PDF is drawn from (InvoiceDocument /
// CreditNoteDocument), taken in the transaction that numbers the document and stored
// with it (invoices.document, credit_notes.document), so the PDF and the UBL cannot
// disagree. Personal (B2C) invoices stay PDF-only.
import type { InvoiceSupplier } from "../config";
import { DEMO_INVOICE_SUPPLIER } from "../config";
import { formatDate } from "../../shared/format";
import { type EInvoice, type EInvoiceAddress, type EInvoiceParty } from "../einvoices";
import { countryCode, type InvoiceCustomer } from "./billing";
import type { CreditNoteDocument } from "./credit-note-pdf";
import type { InvoiceDocument } from "./pdf";

// ---------------------------------------------------------------------------------------
// The supplier the process issues documents as

let configuredSupplier: InvoiceSupplier | undefined;

/**
 * Sets the supplier that numbering uses when its caller passes none (start-up calls it with
 * config.invoiceSupplier, which production requires to be real; server/services.ts).
 */
export function useInvoiceSupplier(supplier: InvoiceSupplier): void {
  configuredSupplier = supplier;
}

/** The supplier of documents numbered now: the configured one, else the demo supplier (development, tests). */
export function issuingSupplier(): InvoiceSupplier {
  return configuredSupplier ?? DEMO_INVOICE_SUPPLIER;
}

// ---------------------------------------------------------------------------------------
// Parties

const POSTAL = /^(\d{3}\s?\d{2})\s+(.+)$/;

/** "Športová 12, 831 04 Bratislava, Slovensko" → street, postal code, city, country. */
export function splitAddress(lines: string[]): EInvoiceAddress {
  const parts = lines.map((l) => l.trim()).filter(Boolean);
  const address: EInvoiceAddress = { countryCode: "SK" };
  const last = parts[parts.length - 1];
  if (parts.length > 1 && last && !POSTAL.test(last) && countryCode(last)) {
    address.countryCode = countryCode(last)!;
    parts.pop();
  }
  const postalIndex = parts.findIndex((p) => POSTAL.test(p));
  if (postalIndex >= 0) {
    const [, postalCode, city] = parts[postalIndex].match(POSTAL)!;
    address.postalCode = postalCode;
    address.city = city;
    parts.splice(postalIndex, 1);
  } else if (parts.length > 1) {
    address.city = parts.pop();
  }
  if (parts.length > 0) address.street = parts.join(", ");
  return address;
}

const compactIban = (iban: string) => iban.replace(/\s+/g, "").toUpperCase();

export function sellerParty(s: InvoiceSupplier): EInvoiceParty {
  return {
    name: s.name,
    address: splitAddress(s.address.split(/\s*,\s*/)),
    ico: s.ico,
    dic: s.dic,
    icDph: s.icDph,
    legalForm: s.registration,
  };
}

export function buyerParty(c: InvoiceCustomer): EInvoiceParty {
  const fromLines = splitAddress(c.addressLines);
  const parts = c.address ?? {};
  return {
    name: c.name,
    address: {
      street: parts.street ?? fromLines.street,
      city: parts.city ?? fromLines.city,
      postalCode: parts.postalCode ?? fromLines.postalCode,
      countryCode: parts.countryCode ?? fromLines.countryCode,
    },
    ico: c.ico,
    dic: c.dic?.replace(/\s+/g, ""),
    icDph: c.icDph?.replace(/\s+/g, "").toUpperCase(),
    contactName: c.contactPerson,
    email: c.email,
  };
}

/** Whether a document of this customer gets an e-invoice: company (B2B) buyers do, persons do not. */
export function wantsEInvoice(customer: InvoiceCustomer): boolean {
  return customer.kind === "company";
}

// ---------------------------------------------------------------------------------------
// Payment means (UNCL4461)

const MEANS: Record<string, [string, string]> = {
  card: ["48", "Platobná karta"],
  apple_pay: ["48", "Platobná karta (Apple Pay)"],
  google_pay: ["48", "Platobná karta (Google Pay)"],
  bank_transfer: ["58", "SEPA prevod"],
  transfer: ["58", "SEPA prevod"],
};

/** The payment means code and its name; an online payment of unknown kind is 68 (online payment service). */
export function paymentMeansOf(method: string | null | undefined): { code: string; name: string } {
  const [code, name] = (method && MEANS[method.toLowerCase()]) || ["68", "Online platba cez platobnú bránu"];
  return { code, name };
}

// ---------------------------------------------------------------------------------------
// Documents

/** The UBL model of an invoice, from the record its PDF is drawn from. */
export function eInvoiceOfInvoice(doc: InvoiceDocument): EInvoice {
  const { price } = doc;
  const due = price.withVatCents + doc.roundingCents - doc.paidCents;
  // an invoice that asks for a bank payment says SEPA credit transfer (and prints PAY by square)
  const means = due > 0 ? { code: "58", name: "SEPA prevod" } : paymentMeansOf(doc.paymentMeans);
  return {
    kind: "invoice",
    number: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.issueDate,
    supplyDate: doc.supplyDate,
    currency: price.currency,
    buyerReference: doc.orderId,
    seller: sellerParty(doc.supplier),
    buyer: buyerParty(doc.customer),
    payment: {
      meansCode: means.code,
      meansName: means.name,
      paymentId: doc.variableSymbol,
      iban: compactIban(doc.supplier.iban),
      bic: doc.supplier.bic,
      terms: due === 0 ? `Uhradené dňa ${formatDate(doc.supplyDate)} (${doc.paymentMethod}) – neuhrádzajte.` : `Splatné do ${formatDate(doc.issueDate)}.`,
    },
    lines: [
      {
        id: "1",
        name: doc.line.description,
        quantity: doc.line.quantity,
        netCents: price.withoutVatCents,
        vatCategory: price.vatRateBp > 0 ? "S" : "E",
        vatRateBp: price.vatRateBp,
      },
    ],
    totals: {
      netCents: price.withoutVatCents,
      vatCents: price.vatCents,
      withVatCents: price.withVatCents,
      prepaidCents: doc.paidCents,
      roundingCents: doc.roundingCents,
      dueCents: due,
    },
  };
}

/** The UBL model of a credit note (its invoice referenced, BG-3), from the record its PDF is drawn from. */
export function eInvoiceOfCreditNote(doc: CreditNoteDocument): EInvoice {
  const { refund } = doc;
  const means = paymentMeansOf(doc.paymentMeans);
  return {
    kind: "credit_note",
    number: doc.number,
    issueDate: doc.issueDate,
    currency: refund.currency,
    buyerReference: doc.orderId,
    note: `Dôvod opravy: ${doc.reason}`,
    precedingInvoice: { number: doc.invoiceNumber, issueDate: doc.invoiceIssueDate },
    seller: sellerParty(doc.supplier),
    buyer: buyerParty(doc.customer),
    payment: {
      meansCode: means.code,
      meansName: means.name,
      paymentId: doc.variableSymbol,
      iban: compactIban(doc.supplier.iban),
      bic: doc.supplier.bic,
      terms: `Vrátené dňa ${formatDate(doc.refundDate)} (${doc.paymentMethod}).`,
    },
    lines: [
      {
        id: "1",
        name: doc.line.description,
        quantity: doc.line.quantity ?? 1,
        netCents: refund.withoutVatCents,
        vatCategory: refund.vatRateBp > 0 ? "S" : "E",
        vatRateBp: refund.vatRateBp,
      },
    ],
    totals: {
      netCents: refund.withoutVatCents,
      vatCents: refund.vatCents,
      withVatCents: refund.withVatCents,
      // the money went back before the credit note was issued: nothing is due
      prepaidCents: doc.paidCents,
      roundingCents: doc.roundingCents,
      dueCents: refund.withVatCents + doc.roundingCents - doc.paidCents,
    },
  };
}
