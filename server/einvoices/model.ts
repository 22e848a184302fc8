// The e-invoice as this product issues it: one model for an invoice or a credit note,
// filled by server/invoices from the same record its PDF is drawn from, written as UBL 2.1
// (ubl.ts) per Peppol BIS Billing 3.0. Amounts are integer cents; the UBL prints them
// with two decimals. docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices (EN 16931 / Peppol BIS 3.0).

export type EInvoiceKind = "invoice" | "credit_note";

/** Peppol EAS code of the Slovak DIČ (tax identification number) as an electronic address. */
export const SK_DIC_SCHEME = "0245";

export type EInvoiceAddress = {
  street?: string;
  city?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2 */
  countryCode: string;
};

export type EInvoiceParty = {
  name: string;
  address: EInvoiceAddress;
  /** IČO: the legal registration identifier (BT-30 / BT-47) */
  ico?: string;
  /** DIČ: the Peppol electronic address (scheme 0245), and the seller's tax registration id (BT-32) */
  dic?: string;
  /** IČ DPH: the VAT identifier with its country prefix (BT-31 / BT-48) */
  icDph?: string;
  /** the commercial register entry (BT-33, seller) */
  legalForm?: string;
  contactName?: string;
  email?: string;
};

/** VAT category (UNCL5305 subset): S standard rated, E exempt. */
export type VatCategory = "S" | "E";

export type EInvoiceLine = {
  id: string;
  name: string;
  quantity: number;
  /** the line's net amount (BT-131) */
  netCents: number;
  vatCategory: VatCategory;
  vatRateBp: number;
};

export type EInvoiceTotals = {
  /** Σ line net (BT-106) = total without VAT (BT-109): no document allowances or charges */
  netCents: number;
  /** BT-110 = Σ VAT category tax amounts */
  vatCents: number;
  /** BT-112 = net + VAT */
  withVatCents: number;
  /** BT-113: what was paid before this document (the online payment, or the refund made) */
  prepaidCents: number;
  /** BT-114: the cent that makes net + VAT meet the price paid */
  roundingCents: number;
  /** BT-115 */
  dueCents: number;
};

export type EInvoice = {
  kind: EInvoiceKind;
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** YYYY-MM-DD (invoices: BT-9) */
  dueDate?: string;
  /** YYYY-MM-DD: the day of the supply (BT-72, invoices) */
  supplyDate?: string;
  currency: string;
  /** BT-10: the order id, which the buyer knows from the shop */
  buyerReference: string;
  /** BT-22: one note (the credit note's reason) */
  note?: string;
  /** BG-3: the invoice a credit note corrects */
  precedingInvoice?: { number: string; issueDate: string };
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  payment: {
    /** UNCL4461: 30 credit transfer, 48 bank card, 58 SEPA credit transfer, 68 online payment service */
    meansCode: string;
    meansName: string;
    /** BT-83: the variable symbol */
    paymentId: string;
    /** BT-84 (no spaces) */
    iban: string;
    bic?: string;
    /** BT-20 */
    terms?: string;
  };
  lines: EInvoiceLine[];
  totals: EInvoiceTotals;
};

/** a / b rounded half up, for non-negative integers */
function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** VAT of a net amount at a rate in basis points, rounded half up to a cent (EN 16931 BR-CO-17). */
export function vatOf(netCents: number, rateBp: number): number {
  return divRoundHalfUp(netCents * rateBp, 10_000);
}

export type DocumentAmounts = { netCents: number; vatCents: number; withVatCents: number; roundingCents: number; paidCents: number };

/**
 * Splits a price paid with VAT into the amounts EN 16931 accepts: the VAT is the net
 * times the rate rounded to a cent (BR-CO-17, BR-S-09), not the difference. The net is the
 * price divided by (1 + rate) rounded half up, or its neighbour when that one meets the
 * price exactly; when no net does (one price in six at 20 %: 99.99 €), the cent left over
 * is the rounding amount (BT-114). The PDF prints the same amounts.
 */
export function amountsFromGross(grossCents: number, rateBp: number): DocumentAmounts {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new RangeError(`grossCents must be a non-negative integer, got ${grossCents}`);
  const standard = divRoundHalfUp(grossCents * 10_000, 10_000 + rateBp);
  const candidates = [standard, standard - 1, standard + 1].filter((n) => n >= 0);
  const exact = candidates.find((n) => n + vatOf(n, rateBp) === grossCents);
  const netCents = exact ?? standard;
  const vatCents = vatOf(netCents, rateBp);
  return { netCents, vatCents, withVatCents: netCents + vatCents, roundingCents: grossCents - netCents - vatCents, paidCents: grossCents };
}

/** 2000 → "20", 1050 → "10.5" (VAT rate as a percentage, BT-119/BT-152). */
export function percentOf(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const rest = rateBp % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** 1234 → "12.34", -5 → "-0.05": an amount with two decimals. */
export function amountText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The item net price (BT-146) of a line: net / quantity, with up to four decimals (a
 * price may have more than two; the line net keeps two).
 */
export function unitPriceText(netCents: number, quantity: number): string {
  return tenThousandthsText(Math.round((netCents * 100) / quantity));
}

/**
 * The line's price (BT-146) and, when needed, its base quantity (BT-149): a four-decimal
 * unit price that multiplied by the quantity gives the line net back (PEPPOL-EN16931-R120);
 * when rounding to four decimals cannot (a club order of more than 100 seats whose net does
 * not divide), the price of all `quantity` units with that base quantity.
 */
export function linePrice(netCents: number, quantity: number): { price: string; baseQuantity: number | null } {
  const tenThousandths = Math.round((netCents * 100) / quantity);
  if (Math.round((quantity * tenThousandths) / 100) === netCents) return { price: tenThousandthsText(tenThousandths), baseQuantity: null };
  return { price: tenThousandthsText(netCents * 100), baseQuantity: quantity };
}

function tenThousandthsText(tenThousandths: number): string {
  const sign = tenThousandths < 0 ? "-" : "";
  const abs = Math.abs(tenThousandths);
  const fraction = String(abs % 10_000)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${sign}${Math.floor(abs / 10_000)}.${fraction}`;
}
