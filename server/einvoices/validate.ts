// The project's own validator: each document is checked against the EN 16931 business
// rules (BR-…, BR-CO-…, BR-S-…, BR-E-…, BR-DEC-…) and the Peppol BIS Billing 3.0 rules
// (PEPPOL-EN16931-…) that apply to what this product issues, plus Slovak rules of its own
// (SK-R-…), each under its published id with a message written from the rule statement.
// No third-party rule file or stylesheet is used. A finding with flag "fatal" stops the
// document from being sent (server/einvoices/delivery.ts). Works on the XML text, so the
// access-point stand-in checks what it receives the same way.
// docs/decisions/invoices/e-invoices-the-validator.md > E-invoices: the validator lists what it covers and what it does not.
import { all, descendants, first, readXml, textAt, XmlSyntaxError, type XmlElement } from "./xml";
import { NS } from "./ubl";

export type Finding = { ruleId: string; flag: "fatal" | "warning"; message: string; location?: string };
export type ValidationResult = { valid: boolean; kind: "invoice" | "credit_note" | null; findings: Finding[] };

type Ctx = {
  root: XmlElement;
  kind: "invoice" | "credit_note";
  lines: XmlElement[];
  qtyName: "InvoicedQuantity" | "CreditedQuantity";
  seller?: XmlElement;
  buyer?: XmlElement;
  currency?: string;
  subtotals: XmlElement[];
  total?: XmlElement;
};

/** A rule: returns nothing when the document complies, else one location per breach ("" when it has none). */
type Rule = { id: string; message: string; check(ctx: Ctx): string[] | boolean };

// ---------------------------------------------------------------------------------------
// helpers

const AMOUNT = /^-?\d+(\.\d+)?$/;
/** "12.34" → 1234; undefined for absent or malformed amounts (more than two decimals are rounded). */
function cents(text: string | undefined): number | undefined {
  if (text === undefined || !AMOUNT.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}
const twoDecimals = (text: string | undefined) => text === undefined || /^-?\d+(\.\d{1,2})?$/.test(text);
const num = (text: string | undefined) => (text !== undefined && AMOUNT.test(text) ? Number(text) : undefined);
const sum = (values: (number | undefined)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);
/** taxable × percent / 100, rounded half up to a cent (the epsilon absorbs binary noise such as 1666.4999…) */
const vatFor = (taxableCents: number, percent: number) => Math.sign(taxableCents) * Math.round((Math.abs(taxableCents) * percent) / 100 + 1e-9);
const missing = (present: boolean, where = "") => (present ? [] : [where]);
const each = <T>(items: T[], breach: (item: T, index: number) => boolean, where: (index: number) => string) =>
  items.flatMap((item, i) => (breach(item, i) ? [where(i)] : []));

/** The PartyTaxScheme company ids of a party under a tax scheme ("VAT" or anything else). */
function taxIds(party: XmlElement | undefined, vat: boolean): string[] {
  return all(party, "PartyTaxScheme")
    .filter((s) => (textAt(s, "TaxScheme/ID") === "VAT") === vat)
    .map((s) => textAt(s, "CompanyID") ?? "");
}

function lineCategory(line: XmlElement) {
  return { id: textAt(line, "Item/ClassifiedTaxCategory/ID"), percent: num(textAt(line, "Item/ClassifiedTaxCategory/Percent")) };
}

function validDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** ISO 13616 check digits (mod 97 = 1). */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** ISO 3166-1 alpha-2 codes of the countries this product's buyers and sellers may be in, plus EL (Greece's VAT prefix). */
const COUNTRY_PREFIXES = new Set(
  "AT BE BG CY CZ DE DK EE EL ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK GB XI CH NO IS LI UA RS BA ME MK AL MD US CA".split(" "),
);
/** ISO 4217 codes (those a European buyer may be invoiced in). */
const CURRENCIES = new Set("EUR CZK HUF PLN CHF GBP USD SEK DKK NOK RON BGN ISK UAH RSD BAM MKD ALL MDL CAD".split(" "));
/** Peppol Electronic Address Scheme (EAS) codes, 0245 being the Slovak DIČ. */
const EAS = new Set(
  (
    "0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0183 0184 0188 0190 0191 0192 0193 " +
    "0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0219 0220 0221 " +
    "0225 0230 0235 0240 0242 0244 0245 9901 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 " +
    "9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 " +
    "9959 AN AQ AS AU EM"
  ).split(" "),
);
/** Peppol BIS 3.0 invoice type codes (UNCL1001 subset) and credit note type codes. */
const INVOICE_TYPES = new Set("71 80 82 84 102 218 219 326 331 380 382 383 384 386 388 393 395 553 575 623 780 817 870 875 876 877".split(" "));
const CREDIT_NOTE_TYPES = new Set("81 83 381 396 532".split(" "));
const CREDIT_TRANSFER_CODES = new Set(["30", "58"]);

// ---------------------------------------------------------------------------------------
// the rules

const amountDecimals = (id: string, bt: string, path: (ctx: Ctx) => (string | undefined)[]): Rule => ({
  id,
  message: `The allowed maximum number of decimals for ${bt} is 2.`,
  check: (ctx) =>
    each(
      path(ctx),
      (t) => !twoDecimals(t),
      (i) => `${bt}[${i}]`,
    ),
});

export const RULES: Rule[] = [
  // EN 16931 core (BR-)
  { id: "BR-01", message: "An Invoice shall have a Specification identifier (BT-24).", check: (c) => missing(!!textAt(c.root, "CustomizationID")) },
  { id: "BR-02", message: "An Invoice shall have an Invoice number (BT-1).", check: (c) => missing(!!textAt(c.root, "ID")) },
  { id: "BR-03", message: "An Invoice shall have an Invoice issue date (BT-2).", check: (c) => missing(!!textAt(c.root, "IssueDate")) },
  {
    id: "BR-04",
    message: "An Invoice shall have an Invoice type code (BT-3).",
    check: (c) => missing(!!textAt(c.root, c.kind === "invoice" ? "InvoiceTypeCode" : "CreditNoteTypeCode")),
  },
  { id: "BR-05", message: "An Invoice shall have an Invoice currency code (BT-5).", check: (c) => missing(!!c.currency) },
  { id: "BR-06", message: "An Invoice shall contain the Seller name (BT-27).", check: (c) => missing(!!textAt(c.seller, "PartyLegalEntity/RegistrationName")) },
  { id: "BR-07", message: "An Invoice shall contain the Buyer name (BT-44).", check: (c) => missing(!!textAt(c.buyer, "PartyLegalEntity/RegistrationName")) },
  { id: "BR-08", message: "An Invoice shall contain the Seller postal address (BG-5).", check: (c) => missing(!!first(c.seller, "PostalAddress")) },
  {
    id: "BR-09",
    message: "The Seller postal address (BG-5) shall contain a Seller country code (BT-40).",
    check: (c) => missing(!first(c.seller, "PostalAddress") || !!textAt(c.seller, "PostalAddress/Country/IdentificationCode")),
  },
  { id: "BR-10", message: "An Invoice shall contain the Buyer postal address (BG-8).", check: (c) => missing(!!first(c.buyer, "PostalAddress")) },
  {
    id: "BR-11",
    message: "The Buyer postal address shall contain a Buyer country code (BT-55).",
    check: (c) => missing(!first(c.buyer, "PostalAddress") || !!textAt(c.buyer, "PostalAddress/Country/IdentificationCode")),
  },
  {
    id: "BR-12",
    message: "An Invoice shall have the Sum of Invoice line net amount (BT-106).",
    check: (c) => missing(!!textAt(c.total, "LineExtensionAmount")),
  },
  {
    id: "BR-13",
    message: "An Invoice shall have the Invoice total amount without VAT (BT-109).",
    check: (c) => missing(!!textAt(c.total, "TaxExclusiveAmount")),
  },
  { id: "BR-14", message: "An Invoice shall have the Invoice total amount with VAT (BT-112).", check: (c) => missing(!!textAt(c.total, "TaxInclusiveAmount")) },
  { id: "BR-15", message: "An Invoice shall have the Amount due for payment (BT-115).", check: (c) => missing(!!textAt(c.total, "PayableAmount")) },
  { id: "BR-16", message: "An Invoice shall have at least one Invoice line (BG-25).", check: (c) => missing(c.lines.length > 0) },
  {
    id: "BR-21",
    message: "Each Invoice line (BG-25) shall have an Invoice line identifier (BT-126).",
    check: (c) =>
      each(
        c.lines,
        (l) => !textAt(l, "ID"),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-22",
    message: "Each Invoice line (BG-25) shall have an Invoiced quantity (BT-129).",
    check: (c) =>
      each(
        c.lines,
        (l) => !textAt(l, c.qtyName),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-23",
    message: "An Invoice line (BG-25) shall have an Invoiced quantity unit of measure code (BT-130).",
    check: (c) =>
      each(
        c.lines,
        (l) => !first(l, c.qtyName)?.attrs.unitCode,
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-24",
    message: "Each Invoice line (BG-25) shall have an Invoice line net amount (BT-131).",
    check: (c) =>
      each(
        c.lines,
        (l) => !textAt(l, "LineExtensionAmount"),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-25",
    message: "Each Invoice line (BG-25) shall contain the Item name (BT-153).",
    check: (c) =>
      each(
        c.lines,
        (l) => !textAt(l, "Item/Name"),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-26",
    message: "Each Invoice line (BG-25) shall contain the Item net price (BT-146).",
    check: (c) =>
      each(
        c.lines,
        (l) => !textAt(l, "Price/PriceAmount"),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-27",
    message: "The Item net price (BT-146) shall NOT be negative.",
    check: (c) =>
      each(
        c.lines,
        (l) => (num(textAt(l, "Price/PriceAmount")) ?? 0) < 0,
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-45",
    message: "Each VAT breakdown (BG-23) shall have a VAT category taxable amount (BT-116).",
    check: (c) =>
      each(
        c.subtotals,
        (s) => !textAt(s, "TaxableAmount"),
        (i) => `subtotal[${i}]`,
      ),
  },
  {
    id: "BR-46",
    message: "Each VAT breakdown (BG-23) shall have a VAT category tax amount (BT-117).",
    check: (c) =>
      each(
        c.subtotals,
        (s) => !textAt(s, "TaxAmount"),
        (i) => `subtotal[${i}]`,
      ),
  },
  {
    id: "BR-47",
    message: "Each VAT breakdown (BG-23) shall be defined through a VAT category code (BT-118).",
    check: (c) =>
      each(
        c.subtotals,
        (s) => !textAt(s, "TaxCategory/ID"),
        (i) => `subtotal[${i}]`,
      ),
  },
  {
    id: "BR-48",
    message: "Each VAT breakdown (BG-23) shall have a VAT category rate (BT-119), except if the Invoice is not subject to VAT.",
    check: (c) =>
      each(
        c.subtotals,
        (s) => textAt(s, "TaxCategory/ID") !== "O" && !textAt(s, "TaxCategory/Percent"),
        (i) => `subtotal[${i}]`,
      ),
  },
  {
    id: "BR-49",
    message: "A Payment instruction (BG-16) shall specify the Payment means type code (BT-81).",
    check: (c) =>
      each(
        all(c.root, "PaymentMeans"),
        (p) => !textAt(p, "PaymentMeansCode"),
        (i) => `PaymentMeans[${i}]`,
      ),
  },
  {
    id: "BR-50",
    message: "A Payment account identifier (BT-84) shall be present if Credit transfer (BG-17) information is provided in the Invoice.",
    check: (c) =>
      each(
        all(c.root, "PaymentMeans/PayeeFinancialAccount"),
        (a) => !textAt(a, "ID"),
        (i) => `PayeeFinancialAccount[${i}]`,
      ),
  },
  {
    id: "BR-55",
    message: "Each Preceding Invoice reference (BG-3) shall contain a Preceding Invoice reference (BT-25).",
    check: (c) =>
      each(
        all(c.root, "BillingReference/InvoiceDocumentReference"),
        (r) => !textAt(r, "ID"),
        (i) => `BillingReference[${i}]`,
      ),
  },
  {
    id: "BR-61",
    message:
      "If the Payment means type code (BT-81) means SEPA credit transfer, Local credit transfer or Non-SEPA international credit transfer, the Payment account identifier (BT-84) shall be present.",
    check: (c) =>
      each(
        all(c.root, "PaymentMeans"),
        (p) => CREDIT_TRANSFER_CODES.has(textAt(p, "PaymentMeansCode") ?? "") && !textAt(p, "PayeeFinancialAccount/ID"),
        (i) => `PaymentMeans[${i}]`,
      ),
  },
  {
    id: "BR-62",
    message: "The Seller electronic address (BT-34) shall have a Scheme identifier.",
    check: (c) => missing(!first(c.seller, "EndpointID") || !!first(c.seller, "EndpointID")?.attrs.schemeID),
  },
  {
    id: "BR-63",
    message: "The Buyer electronic address (BT-49) shall have a Scheme identifier.",
    check: (c) => missing(!first(c.buyer, "EndpointID") || !!first(c.buyer, "EndpointID")?.attrs.schemeID),
  },
  // EN 16931 conditions (BR-CO-)
  {
    id: "BR-CO-04",
    message: "Each Invoice line (BG-25) shall be categorized with an Invoiced item VAT category code (BT-151).",
    check: (c) =>
      each(
        c.lines,
        (l) => !lineCategory(l).id,
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-CO-09",
    message:
      "The Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified. Nevertheless, Greece may use the prefix 'EL'.",
    check: (c) =>
      [...taxIds(c.seller, true), ...taxIds(c.buyer, true), ...taxIds(first(c.root, "TaxRepresentativeParty"), true)]
        .filter((id) => !COUNTRY_PREFIXES.has(id.slice(0, 2)))
        .map((id) => id),
  },
  {
    id: "BR-CO-10",
    message: "Sum of Invoice line net amount (BT-106) = Σ Invoice line net amount (BT-131).",
    check: (c) => missing(cents(textAt(c.total, "LineExtensionAmount")) === sum(c.lines.map((l) => cents(textAt(l, "LineExtensionAmount"))))),
  },
  {
    id: "BR-CO-13",
    message:
      "Invoice total amount without VAT (BT-109) = Σ Invoice line net amount (BT-131) - Sum of allowances on document level (BT-107) + Sum of charges on document level (BT-108).",
    check: (c) =>
      missing(
        cents(textAt(c.total, "TaxExclusiveAmount")) ===
          sum(c.lines.map((l) => cents(textAt(l, "LineExtensionAmount")))) -
            (cents(textAt(c.total, "AllowanceTotalAmount")) ?? 0) +
            (cents(textAt(c.total, "ChargeTotalAmount")) ?? 0),
      ),
  },
  {
    id: "BR-CO-14",
    message: "Invoice total VAT amount (BT-110) = Σ VAT category tax amount (BT-117).",
    check: (c) => {
      const totals = all(c.root, "TaxTotal").filter((t) => all(t, "TaxSubtotal").length > 0);
      return each(
        totals,
        (t) => cents(textAt(t, "TaxAmount")) !== sum(all(t, "TaxSubtotal").map((s) => cents(textAt(s, "TaxAmount")))),
        (i) => `TaxTotal[${i}]`,
      );
    },
  },
  {
    id: "BR-CO-15",
    message: "Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).",
    check: (c) => {
      const vat = all(c.root, "TaxTotal").find((t) => all(t, "TaxSubtotal").length > 0);
      return missing(
        cents(textAt(c.total, "TaxInclusiveAmount")) === (cents(textAt(c.total, "TaxExclusiveAmount")) ?? 0) + (cents(textAt(vat, "TaxAmount")) ?? 0),
      );
    },
  },
  {
    id: "BR-CO-16",
    message: "Amount due for payment (BT-115) = Invoice total amount with VAT (BT-112) - Paid amount (BT-113) + Rounding amount (BT-114).",
    check: (c) =>
      missing(
        cents(textAt(c.total, "PayableAmount")) ===
          (cents(textAt(c.total, "TaxInclusiveAmount")) ?? 0) -
            (cents(textAt(c.total, "PrepaidAmount")) ?? 0) +
            (cents(textAt(c.total, "PayableRoundingAmount")) ?? 0),
      ),
  },
  {
    id: "BR-CO-17",
    message: "VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) x (VAT category rate (BT-119) / 100), rounded to two decimals.",
    check: (c) =>
      each(
        c.subtotals,
        (s) => {
          const taxable = cents(textAt(s, "TaxableAmount")) ?? 0;
          const percent = num(textAt(s, "TaxCategory/Percent")) ?? 0;
          return cents(textAt(s, "TaxAmount")) !== vatFor(taxable, percent);
        },
        (i) => `subtotal[${i}]`,
      ),
  },
  { id: "BR-CO-18", message: "An Invoice shall at least have one VAT breakdown group (BG-23).", check: (c) => missing(c.subtotals.length > 0) },
  {
    id: "BR-CO-25",
    message: "In case the Amount due for payment (BT-115) is positive, either the Payment due date (BT-9) or the Payment terms (BT-20) shall be present.",
    check: (c) =>
      missing(
        (cents(textAt(c.total, "PayableAmount")) ?? 0) <= 0 ||
          !!textAt(c.root, "DueDate") ||
          !!textAt(c.root, "PaymentMeans/PaymentDueDate") ||
          !!textAt(c.root, "PaymentTerms/Note"),
      ),
  },
  {
    id: "BR-CO-26",
    message:
      "In order for the buyer to automatically identify a supplier, the Seller identifier (BT-29), the Seller legal registration identifier (BT-30) and/or the Seller VAT identifier (BT-31) shall be present.",
    check: (c) =>
      missing(!!textAt(c.seller, "PartyIdentification/ID") || !!textAt(c.seller, "PartyLegalEntity/CompanyID") || taxIds(c.seller, true).some(Boolean)),
  },
  // VAT category S: standard rated
  {
    id: "BR-S-01",
    message:
      'An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is "Standard rated" shall contain in the VAT breakdown (BG-23) at least one VAT category code (BT-118) equal with "Standard rated".',
    check: (c) => missing(!c.lines.some((l) => lineCategory(l).id === "S") || c.subtotals.some((s) => textAt(s, "TaxCategory/ID") === "S")),
  },
  {
    id: "BR-S-02",
    message:
      'An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Standard rated" shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).',
    check: (c) =>
      missing(
        !c.lines.some((l) => lineCategory(l).id === "S") ||
          taxIds(c.seller, true).some(Boolean) ||
          taxIds(c.seller, false).some(Boolean) ||
          taxIds(first(c.root, "TaxRepresentativeParty"), true).some(Boolean),
      ),
  },
  {
    id: "BR-S-05",
    message:
      'In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Standard rated" the Invoiced item VAT rate (BT-152) shall be greater than zero.',
    check: (c) =>
      each(
        c.lines,
        (l) => lineCategory(l).id === "S" && !((lineCategory(l).percent ?? 0) > 0),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-S-08",
    message:
      'For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is "Standard rated", the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts (BT-131) plus the sum of document level charge amounts (BT-99) minus the sum of document level allowance amounts (BT-92) where the VAT category code (BT-151, BT-102, BT-95) is "Standard rated" and the VAT rate (BT-152, BT-103, BT-96) equals the VAT category rate (BT-119).',
    check: (c) =>
      each(
        c.subtotals.filter((s) => textAt(s, "TaxCategory/ID") === "S"),
        (s) => {
          const rate = num(textAt(s, "TaxCategory/Percent"));
          const lines = c.lines.filter((l) => lineCategory(l).id === "S" && lineCategory(l).percent === rate);
          return cents(textAt(s, "TaxableAmount")) !== sum(lines.map((l) => cents(textAt(l, "LineExtensionAmount"))));
        },
        (i) => `S subtotal[${i}]`,
      ),
  },
  {
    id: "BR-S-09",
    message:
      'The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is "Standard rated" shall equal the VAT category taxable amount (BT-116) multiplied by the VAT category rate (BT-119).',
    check: (c) =>
      each(
        c.subtotals.filter((s) => textAt(s, "TaxCategory/ID") === "S"),
        (s) => cents(textAt(s, "TaxAmount")) !== vatFor(cents(textAt(s, "TaxableAmount")) ?? 0, num(textAt(s, "TaxCategory/Percent")) ?? 0),
        (i) => `S subtotal[${i}]`,
      ),
  },
  {
    id: "BR-S-10",
    message:
      'A VAT breakdown (BG-23) with VAT Category code (BT-118) "Standard rate" shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).',
    check: (c) =>
      each(
        c.subtotals.filter((s) => textAt(s, "TaxCategory/ID") === "S"),
        (s) => !!first(s, "TaxCategory/TaxExemptionReason") || !!first(s, "TaxCategory/TaxExemptionReasonCode"),
        (i) => `S subtotal[${i}]`,
      ),
  },
  // VAT category E: exempt
  {
    id: "BR-E-05",
    message:
      'In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is "Exempt from VAT", the Invoiced item VAT rate (BT-152) shall be 0 (zero).',
    check: (c) =>
      each(
        c.lines,
        (l) => lineCategory(l).id === "E" && lineCategory(l).percent !== 0,
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "BR-E-10",
    message:
      'A VAT breakdown (BG-23) with VAT Category code (BT-118) "Exempt from VAT" shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).',
    check: (c) =>
      each(
        c.subtotals.filter((s) => textAt(s, "TaxCategory/ID") === "E"),
        (s) => !textAt(s, "TaxCategory/TaxExemptionReason") && !textAt(s, "TaxCategory/TaxExemptionReasonCode"),
        (i) => `E subtotal[${i}]`,
      ),
  },
  // decimals (BR-DEC-)
  amountDecimals("BR-DEC-09", "Sum of Invoice line net amount (BT-106)", (c) => [textAt(c.total, "LineExtensionAmount")]),
  amountDecimals("BR-DEC-12", "Invoice total amount without VAT (BT-109)", (c) => [textAt(c.total, "TaxExclusiveAmount")]),
  amountDecimals("BR-DEC-13", "Invoice total VAT amount (BT-110)", (c) => all(c.root, "TaxTotal/TaxAmount").map((e) => e.text)),
  amountDecimals("BR-DEC-14", "Invoice total amount with VAT (BT-112)", (c) => [textAt(c.total, "TaxInclusiveAmount")]),
  amountDecimals("BR-DEC-16", "Paid amount (BT-113)", (c) => [textAt(c.total, "PrepaidAmount")]),
  amountDecimals("BR-DEC-17", "Rounding amount (BT-114)", (c) => [textAt(c.total, "PayableRoundingAmount")]),
  amountDecimals("BR-DEC-18", "Amount due for payment (BT-115)", (c) => [textAt(c.total, "PayableAmount")]),
  amountDecimals("BR-DEC-19", "VAT category taxable amount (BT-116)", (c) => c.subtotals.map((s) => textAt(s, "TaxableAmount"))),
  amountDecimals("BR-DEC-20", "VAT category tax amount (BT-117)", (c) => c.subtotals.map((s) => textAt(s, "TaxAmount"))),
  amountDecimals("BR-DEC-23", "Invoice line net amount (BT-131)", (c) => c.lines.map((l) => textAt(l, "LineExtensionAmount"))),
  // Peppol BIS Billing 3.0
  { id: "PEPPOL-EN16931-R001", message: "Business process MUST be provided.", check: (c) => missing(!!textAt(c.root, "ProfileID")) },
  {
    id: "PEPPOL-EN16931-R002",
    message: "No more than one note is allowed on document level, unless both the buyer and seller are German organizations.",
    check: (c) => missing(all(c.root, "Note").length <= 1),
  },
  {
    id: "PEPPOL-EN16931-R003",
    message: "A buyer reference or purchase order reference MUST be provided.",
    check: (c) => missing(!!textAt(c.root, "BuyerReference") || !!textAt(c.root, "OrderReference/ID")),
  },
  {
    id: "PEPPOL-EN16931-R004",
    message: "Specification identifier MUST have the value 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'.",
    check: (c) =>
      missing(
        !textAt(c.root, "CustomizationID") ||
          textAt(c.root, "CustomizationID") === "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
      ),
  },
  {
    id: "PEPPOL-EN16931-R007",
    message: "Business process MUST be in the format 'urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0' where NN indicates the process number.",
    check: (c) => missing(!textAt(c.root, "ProfileID") || /^urn:fdc:peppol\.eu:2017:poacc:billing:\d{2}:1\.0$/.test(textAt(c.root, "ProfileID")!)),
  },
  {
    id: "PEPPOL-EN16931-R008",
    message: "Document MUST not contain empty elements.",
    check: (c) =>
      descendants(c.root)
        .filter((e) => e.children.length === 0 && e.text === "")
        .map((e) => e.name),
  },
  { id: "PEPPOL-EN16931-R010", message: "Buyer electronic address MUST be provided.", check: (c) => missing(!!textAt(c.buyer, "EndpointID")) },
  { id: "PEPPOL-EN16931-R020", message: "Seller electronic address MUST be provided.", check: (c) => missing(!!textAt(c.seller, "EndpointID")) },
  {
    id: "PEPPOL-EN16931-R051",
    message:
      "All currencyID attributes must have the same value as the invoice currency code (BT-5), except for the invoice total VAT amount in accounting currency (BT-111).",
    check: (c) => {
      const accounting = new Set(
        all(c.root, "TaxTotal")
          .filter((t) => all(t, "TaxSubtotal").length === 0)
          .flatMap((t) => all(t, "TaxAmount")),
      );
      return descendants(c.root)
        .filter((e) => e.attrs.currencyID !== undefined && !accounting.has(e) && e.attrs.currencyID !== c.currency)
        .map((e) => e.name);
    },
  },
  {
    id: "PEPPOL-EN16931-R053",
    message: "Only one tax total with tax subtotals MUST be provided.",
    check: (c) => missing(all(c.root, "TaxTotal").filter((t) => all(t, "TaxSubtotal").length > 0).length === 1),
  },
  {
    id: "PEPPOL-EN16931-R120",
    message:
      "Invoice line net amount MUST equal (Invoiced quantity * (Item net price/item price base quantity) + Sum of invoice line charge amount - sum of invoice line allowance amount",
    check: (c) =>
      each(
        c.lines,
        (l) => {
          const quantity = num(textAt(l, c.qtyName));
          const price = num(textAt(l, "Price/PriceAmount"));
          const base = num(textAt(l, "Price/BaseQuantity")) ?? 1;
          const net = cents(textAt(l, "LineExtensionAmount"));
          if (quantity === undefined || price === undefined || net === undefined || base === 0) return false;
          const charges = all(l, "AllowanceCharge").reduce(
            (a, ac) => a + (textAt(ac, "ChargeIndicator") === "true" ? 1 : -1) * (cents(textAt(ac, "Amount")) ?? 0),
            0,
          );
          return Math.round((quantity * price * 100) / base) + charges !== net;
        },
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "PEPPOL-EN16931-R121",
    message: "Base quantity MUST be a positive number above zero.",
    check: (c) =>
      each(
        c.lines,
        (l) => !!first(l, "Price/BaseQuantity") && !((num(textAt(l, "Price/BaseQuantity")) ?? 0) > 0),
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "PEPPOL-EN16931-R130",
    message: "Unit code of price base quantity MUST be same as invoiced quantity.",
    check: (c) =>
      each(
        c.lines,
        (l) => {
          const base = first(l, "Price/BaseQuantity");
          return !!base?.attrs.unitCode && base.attrs.unitCode !== first(l, c.qtyName)?.attrs.unitCode;
        },
        (i) => `line[${i}]`,
      ),
  },
  {
    id: "PEPPOL-EN16931-P0100",
    message: "Invoice type code MUST be set according to the profile.",
    check: (c) => missing(c.kind !== "invoice" || !textAt(c.root, "InvoiceTypeCode") || INVOICE_TYPES.has(textAt(c.root, "InvoiceTypeCode")!)),
  },
  {
    id: "PEPPOL-EN16931-P0101",
    message: "Credit note type code MUST be set according to the profile.",
    check: (c) => missing(c.kind !== "credit_note" || !textAt(c.root, "CreditNoteTypeCode") || CREDIT_NOTE_TYPES.has(textAt(c.root, "CreditNoteTypeCode")!)),
  },
  { id: "PEPPOL-EN16931-CL007", message: "Currency code must be according to ISO 4217:2005", check: (c) => missing(!c.currency || CURRENCIES.has(c.currency)) },
  {
    id: "PEPPOL-EN16931-CL008",
    message: 'Electronic address identifier scheme must be from the codelist "Electronic Address Identifier Scheme"',
    check: (c) =>
      [first(c.seller, "EndpointID"), first(c.buyer, "EndpointID")]
        .filter((e) => e?.attrs.schemeID && !EAS.has(e.attrs.schemeID))
        .map((e) => e!.attrs.schemeID),
  },
  {
    id: "PEPPOL-EN16931-F001",
    message: "A date MUST be formatted YYYY-MM-DD.",
    check: (c) =>
      descendants(c.root)
        .filter((e) => /Date$/.test(e.name) && e.children.length === 0 && e.text !== "" && !validDate(e.text))
        .map((e) => `${e.name}=${e.text}`),
  },
  // Slovak rules (this project's ids; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: Slovak rules)
  {
    id: "SK-R-001",
    message: "The Seller electronic address (BT-34) is the seller's DIČ under scheme 0245: ten digits.",
    check: (c) =>
      missing(
        !first(c.seller, "EndpointID") || (first(c.seller, "EndpointID")?.attrs.schemeID === "0245" && /^\d{10}$/.test(textAt(c.seller, "EndpointID") ?? "")),
      ),
  },
  {
    id: "SK-R-002",
    message: "The Buyer electronic address (BT-49) of a Slovak buyer is its DIČ under scheme 0245: ten digits.",
    check: (c) => {
      const endpoint = first(c.buyer, "EndpointID");
      if (!endpoint || textAt(c.buyer, "PostalAddress/Country/IdentificationCode") !== "SK") return [];
      return missing(endpoint.attrs.schemeID === "0245" && /^\d{10}$/.test(endpoint.text));
    },
  },
  {
    id: "SK-R-003",
    message: "A Slovak VAT identifier (IČ DPH, BT-31/BT-48) is SK followed by ten digits.",
    check: (c) => [...taxIds(c.seller, true), ...taxIds(c.buyer, true)].filter((id) => id.startsWith("SK") && !/^SK\d{10}$/.test(id)),
  },
  {
    id: "SK-R-004",
    message: "The Remittance information (BT-83) is the variable symbol: one to ten digits.",
    check: (c) =>
      each(
        all(c.root, "PaymentMeans"),
        (p) => !/^\d{1,10}$/.test(textAt(p, "PaymentID") ?? ""),
        (i) => `PaymentMeans[${i}]`,
      ),
  },
  {
    id: "SK-R-005",
    message: "The Payment account identifier (BT-84) is an IBAN with valid check digits.",
    check: (c) =>
      all(c.root, "PaymentMeans/PayeeFinancialAccount/ID")
        .filter((e) => !ibanValid(e.text))
        .map((e) => e.text),
  },
  {
    id: "SK-R-006",
    message:
      "A credit note (opravný doklad, zákon o DPH § 71 ods. 2) names the invoice it corrects: Preceding Invoice reference (BT-25) and its issue date (BT-26).",
    check: (c) =>
      missing(
        c.kind !== "credit_note" ||
          (!!textAt(c.root, "BillingReference/InvoiceDocumentReference/ID") && !!textAt(c.root, "BillingReference/InvoiceDocumentReference/IssueDate")),
      ),
  },
  {
    id: "SK-R-007",
    message: "An invoice states the date of supply (dátum dodania, zákon o DPH § 74 ods. 1 písm. f): Actual delivery date (BT-72).",
    check: (c) => missing(c.kind !== "invoice" || !!textAt(c.root, "Delivery/ActualDeliveryDate")),
  },
  {
    id: "SK-R-008",
    message:
      "The Seller and the Buyer postal address contain the street (BT-35, BT-50), the city (BT-37, BT-52) and the postal code (BT-38, BT-53): a Slovak invoice names both parties' addresses (zákon o DPH § 74 ods. 1 písm. a).",
    check: (c) =>
      (
        [
          ["seller", c.seller],
          ["buyer", c.buyer],
        ] as const
      ).flatMap(([who, party]) =>
        ["StreetName", "CityName", "PostalZone"].filter((part) => !textAt(party, `PostalAddress/${part}`)).map((part) => `${who} ${part}`),
      ),
  },
];

/** Every rule id the validator knows, in the order it checks them. */
export const RULE_IDS = RULES.map((r) => r.id);

/** The root's own rule: a UBL 2.1 Invoice or CreditNote in its namespace (what the UBL schema would say). */
export const ROOT_RULE = { id: "UBL-ROOT", message: "The document is a UBL 2.1 Invoice or CreditNote in its namespace." };
export const XML_RULE = { id: "XML-WELLFORMED", message: "The document is well-formed XML." };

/** Validates one UBL document (UTF-8 text or bytes). */
export function validateUbl(input: string | Uint8Array): ValidationResult {
  const xml = typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: false }).decode(input);
  let root: XmlElement;
  try {
    root = readXml(xml);
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    return { valid: false, kind: null, findings: [{ ruleId: XML_RULE.id, flag: "fatal", message: `${XML_RULE.message} ${error.message}` }] };
  }
  const kind =
    root.name === "Invoice" && root.attrs.xmlns === NS.invoice
      ? "invoice"
      : root.name === "CreditNote" && root.attrs.xmlns === NS.creditNote
        ? "credit_note"
        : null;
  if (!kind) return { valid: false, kind: null, findings: [{ ruleId: ROOT_RULE.id, flag: "fatal", message: ROOT_RULE.message, location: root.name }] };
  const ctx: Ctx = {
    root,
    kind,
    lines: all(root, kind === "invoice" ? "InvoiceLine" : "CreditNoteLine"),
    qtyName: kind === "invoice" ? "InvoicedQuantity" : "CreditedQuantity",
    seller: first(root, "AccountingSupplierParty/Party"),
    buyer: first(root, "AccountingCustomerParty/Party"),
    currency: textAt(root, "DocumentCurrencyCode"),
    subtotals: all(root, "TaxTotal/TaxSubtotal"),
    total: first(root, "LegalMonetaryTotal"),
  };
  const findings: Finding[] = [];
  for (const rule of RULES) {
    const result = rule.check(ctx);
    const breaches = typeof result === "boolean" ? (result ? [] : [""]) : result;
    for (const location of breaches) findings.push({ ruleId: rule.id, flag: "fatal", message: rule.message, ...(location ? { location } : {}) });
  }
  return { valid: !findings.some((f) => f.flag === "fatal"), kind, findings };
}
