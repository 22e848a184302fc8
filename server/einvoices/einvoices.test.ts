// The UBL writer and the validator, without a database: every kind of document this
// product issues passes every rule, the XML parses back with the structure Peppol BIS 3.0
// asks for, and a document broken on purpose for each rule the validator knows is
// refused with that rule's id.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { amountsFromGross, RULE_IDS, toUbl, validateUbl, vatOf, type EInvoice } from "./index";

const seller: EInvoice["seller"] = {
  name: "Akadémia športového manažmentu, s. r. o.",
  address: { street: "Športová 12", city: "Bratislava", postalCode: "831 04", countryCode: "SK" },
  ico: "12345678",
  dic: "2021234567",
  icDph: "SK2021234567",
  legalForm: "Zapísaná v Obchodnom registri Mestského súdu Bratislava III, oddiel Sro, vložka č. 000000/B",
};

const club: EInvoice["buyer"] = {
  name: "Športový klub Ďumbier, o. z.",
  address: { street: "Štadiónová 3", city: "Banská Bystrica", postalCode: "974 01", countryCode: "SK" },
  ico: "42424242",
  dic: "2024242424",
  icDph: "SK2024242424",
  contactName: "Mária Čierna",
  email: "klub@dumbier.sk",
};

function invoice(options: { grossCents?: number; quantity?: number; buyer?: EInvoice["buyer"]; rateBp?: number } = {}): EInvoice {
  const rateBp = options.rateBp ?? 2000;
  const amounts = amountsFromGross(options.grossCents ?? 24_900, rateBp);
  return {
    kind: "invoice",
    number: "INV-2027-0001",
    issueDate: "2027-01-04",
    dueDate: "2027-01-04",
    supplyDate: "2027-01-03",
    currency: "EUR",
    buyerReference: "6650a1b2c3d4e5f607182930",
    seller,
    buyer: options.buyer ?? club,
    payment: {
      meansCode: "48",
      meansName: "Platobná karta",
      paymentId: "20270001",
      iban: "SK3112000000198742637541",
      bic: "SUBASKBX",
      terms: "Uhradené – neuhrádzajte.",
    },
    lines: [
      {
        id: "1",
        name: "Online kurz „Riadenie športového klubu“",
        quantity: options.quantity ?? 1,
        netCents: amounts.netCents,
        vatCategory: rateBp > 0 ? "S" : "E",
        vatRateBp: rateBp,
      },
    ],
    totals: {
      netCents: amounts.netCents,
      vatCents: amounts.vatCents,
      withVatCents: amounts.withVatCents,
      prepaidCents: amounts.paidCents,
      roundingCents: amounts.roundingCents,
      dueCents: 0,
    },
  };
}

function creditNote(refundCents: number): EInvoice {
  const amounts = amountsFromGross(refundCents, 2000);
  const base = invoice();
  return {
    ...base,
    kind: "credit_note",
    number: "DOB-2027-0001",
    issueDate: "2027-01-20",
    dueDate: undefined,
    supplyDate: undefined,
    note: "Vrátenie platby: Nespokojnosť s kurzom",
    precedingInvoice: { number: "INV-2027-0001", issueDate: "2027-01-04" },
    lines: [{ ...base.lines[0], name: "Online kurz „Riadenie športového klubu“ – vrátenie platby", netCents: amounts.netCents }],
    totals: {
      netCents: amounts.netCents,
      vatCents: amounts.vatCents,
      withVatCents: amounts.withVatCents,
      prepaidCents: amounts.paidCents,
      roundingCents: amounts.roundingCents,
      dueCents: 0,
    },
  };
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, removeNSPrefix: true });

describe("amounts EN 16931 accepts", () => {
  it("takes VAT as the net times the rate, rounded, and puts the cent left over into the rounding amount", () => {
    expect(amountsFromGross(24_900, 2000)).toEqual({ netCents: 20_750, vatCents: 4_150, withVatCents: 24_900, roundingCents: 0, paidCents: 24_900 });
    // 99.99: no net meets it exactly at 20 %
    const odd = amountsFromGross(9_999, 2000);
    expect(odd.vatCents).toBe(vatOf(odd.netCents, 2000));
    expect(odd.netCents + odd.vatCents + odd.roundingCents).toBe(9_999);
    expect(Math.abs(odd.roundingCents)).toBe(1);
    for (let gross = 0; gross < 3_000; gross++) {
      const a = amountsFromGross(gross, 2000);
      expect(a.vatCents).toBe(vatOf(a.netCents, 2000));
      expect(a.withVatCents + a.roundingCents).toBe(gross);
      expect(Math.abs(a.roundingCents)).toBeLessThanOrEqual(1);
    }
  });
});

describe("documents this product issues pass every rule", () => {
  const nonVatClub: EInvoice["buyer"] = { ...club, name: "Telovýchovná jednota Slávia Ľubietová", icDph: undefined, dic: "2020987654" };
  const longName: EInvoice["buyer"] = {
    ...club,
    name: "Občianske združenie Športový klub mládeže a dospelých Žiar nad Hronom – oddiel ľadového hokeja, krasokorčuľovania a rýchlokorčuľovania „Ťava & Šťuka“ <Ďalšie>",
    address: { street: "Ulica Ľudovíta Štúra 1234/56 č. 7", city: "Žiar nad Hronom", postalCode: "965 01", countryCode: "SK" },
  };
  const cases: [string, EInvoice][] = [
    ["a company with IČ DPH", invoice()],
    ["a club that is no VAT payer (no IČ DPH)", invoice({ buyer: nonVatClub })],
    ["a quantity above 1", invoice({ quantity: 3, grossCents: 74_700 })],
    ["a quantity above 1 whose unit price has more than two decimals", invoice({ quantity: 3, grossCents: 10_000 })],
    ["a price no net meets exactly (rounding amount)", invoice({ grossCents: 9_999 })],
    // a club order of 150 seats at 89 €: no four-decimal unit price gives the net back, so the price has a base quantity
    ["150 club seats whose net does not divide (BaseQuantity)", invoice({ quantity: 150, grossCents: 150 * 8_900 })],
    ["a full credit note", creditNote(24_900)],
    ["a partial credit note", creditNote(9_999)],
    ["a long Slovak name with diacritics and markup characters", invoice({ buyer: longName })],
    ["an exempt supply (0 %)", invoice({ rateBp: 0 })],
  ];
  it.each(cases)("%s", (_name, doc) => {
    const xml = toUbl(doc);
    const result = validateUbl(xml);
    expect(result.findings).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.kind).toBe(doc.kind);
  });

  it("states a base quantity only when the unit price cannot give the line net back", () => {
    expect(toUbl(invoice({ quantity: 150, grossCents: 150 * 8_900 }))).toContain('<cbc:BaseQuantity unitCode="C62">150</cbc:BaseQuantity>');
    expect(toUbl(invoice({ quantity: 5, grossCents: 5 * 8_900 }))).not.toContain("BaseQuantity");
  });

  it("writes the structure Peppol BIS 3.0 asks for, and it parses back", () => {
    const doc = invoice({ buyer: { ...club, name: "Klub „Ťava“ & <spol.>" } });
    const xml = toUbl(doc);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="[^"]+CommonAggregateComponents-2" xmlns:cbc="[^"]+CommonBasicComponents-2">/,
    );
    const inv = parser.parse(xml).Invoice;
    expect(inv.CustomizationID).toBe("urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0");
    expect(inv.ProfileID).toBe("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
    expect(inv.ID).toBe("INV-2027-0001");
    expect(inv.InvoiceTypeCode).toBe("380");
    expect(inv.AccountingSupplierParty.Party.EndpointID).toEqual({ "#text": "2021234567", "@schemeID": "0245" });
    expect(inv.AccountingCustomerParty.Party.EndpointID).toEqual({ "#text": "2024242424", "@schemeID": "0245" });
    expect(inv.AccountingCustomerParty.Party.PartyLegalEntity.RegistrationName).toBe("Klub „Ťava“ & <spol.>");
    expect(inv.AccountingCustomerParty.Party.PartyTaxScheme.CompanyID).toBe("SK2024242424");
    expect(inv.PaymentMeans.PaymentID).toBe("20270001");
    expect(inv.PaymentMeans.PayeeFinancialAccount.ID).toBe("SK3112000000198742637541");
    expect(inv.TaxTotal.TaxAmount).toEqual({ "#text": "41.50", "@currencyID": "EUR" });
    expect(inv.TaxTotal.TaxSubtotal.TaxCategory.ID).toBe("S");
    expect(inv.TaxTotal.TaxSubtotal.TaxCategory.Percent).toBe("20");
    expect(inv.LegalMonetaryTotal.TaxInclusiveAmount["#text"]).toBe("249.00");
    expect(inv.LegalMonetaryTotal.PrepaidAmount["#text"]).toBe("249.00");
    expect(inv.LegalMonetaryTotal.PayableAmount["#text"]).toBe("0.00");
    expect(inv.InvoiceLine.InvoicedQuantity).toEqual({ "#text": "1", "@unitCode": "C62" });
    expect(inv.Delivery.ActualDeliveryDate).toBe("2027-01-03");

    const note = parser.parse(toUbl(creditNote(5_000))).CreditNote;
    expect(note.CreditNoteTypeCode).toBe("381");
    expect(note.BillingReference.InvoiceDocumentReference).toEqual({ ID: "INV-2027-0001", IssueDate: "2027-01-04" });
    expect(note.CreditNoteLine.CreditedQuantity["@unitCode"]).toBe("C62");
    expect(note.LegalMonetaryTotal.TaxInclusiveAmount["#text"]).toBe("50.00");
  });
});

/** Replaces the first match, failing loudly when the pattern is not in the document (a mutation that breaks nothing proves nothing). */
function edit(xml: string, pattern: RegExp | string, replacement: string): string {
  const found = typeof pattern === "string" ? xml.includes(pattern) : pattern.test(xml);
  if (!found) throw new Error(`mutation pattern not found: ${pattern}`);
  return xml.replace(pattern, replacement);
}
const drop = (xml: string, pattern: RegExp | string) => edit(xml, pattern, "");
const inv = () => toUbl(invoice());
const cn = () => toUbl(creditNote(9_999));
const seg = (tag: string) => new RegExp(`\\s*<${tag}>[\\s\\S]*?</${tag}>`);
const leaf = (tag: string) => new RegExp(`\\s*<${tag}(\\s[^>]*)?>[^<]*</${tag}>`);
const customerParty = (xml: string, f: (party: string) => string) =>
  xml.replace(/<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>/, (p) => f(p));
const supplierParty = (xml: string, f: (party: string) => string) =>
  xml.replace(/<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>/, (p) => f(p));
const subtotal = (xml: string, f: (s: string) => string) => xml.replace(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/, (s) => f(s));
const invoiceLine = (xml: string, f: (l: string) => string) => xml.replace(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/, (l) => f(l));

/** One document broken on purpose per rule id. */
const BROKEN: Record<string, () => string> = {
  "BR-01": () => drop(inv(), leaf("cbc:CustomizationID")),
  "BR-02": () => edit(inv(), "<cbc:ID>INV-2027-0001</cbc:ID>", ""),
  "BR-03": () => drop(inv(), /\s*<cbc:IssueDate>2027-01-04<\/cbc:IssueDate>/),
  "BR-04": () => drop(inv(), leaf("cbc:InvoiceTypeCode")),
  "BR-05": () => drop(inv(), leaf("cbc:DocumentCurrencyCode")),
  "BR-06": () => supplierParty(inv(), (p) => drop(p, leaf("cbc:RegistrationName"))),
  "BR-07": () => customerParty(inv(), (p) => drop(p, leaf("cbc:RegistrationName"))),
  "BR-08": () => supplierParty(inv(), (p) => drop(p, seg("cac:PostalAddress"))),
  "BR-09": () => supplierParty(inv(), (p) => drop(p, seg("cac:Country"))),
  "BR-10": () => customerParty(inv(), (p) => drop(p, seg("cac:PostalAddress"))),
  "BR-11": () => customerParty(inv(), (p) => drop(p, seg("cac:Country"))),
  "BR-12": () => edit(inv(), /<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount[^>]*>[^<]*<\/cbc:LineExtensionAmount>/, "<cac:LegalMonetaryTotal>"),
  "BR-13": () => drop(inv(), leaf("cbc:TaxExclusiveAmount")),
  "BR-14": () => drop(inv(), leaf("cbc:TaxInclusiveAmount")),
  "BR-15": () => drop(inv(), leaf("cbc:PayableAmount")),
  "BR-16": () => drop(inv(), seg("cac:InvoiceLine")),
  "BR-21": () => invoiceLine(inv(), (l) => drop(l, leaf("cbc:ID"))),
  "BR-22": () => drop(inv(), leaf("cbc:InvoicedQuantity")),
  "BR-23": () => edit(inv(), ' unitCode="C62"', ""),
  "BR-24": () => invoiceLine(inv(), (l) => drop(l, leaf("cbc:LineExtensionAmount"))),
  "BR-25": () => invoiceLine(inv(), (l) => edit(l, /<cbc:Name>[^<]*<\/cbc:Name>/, "")),
  "BR-26": () => drop(inv(), seg("cac:Price")),
  "BR-27": () => edit(inv(), /<cbc:PriceAmount currencyID="EUR">/, '<cbc:PriceAmount currencyID="EUR">-'),
  "BR-45": () => subtotal(inv(), (s) => drop(s, leaf("cbc:TaxableAmount"))),
  "BR-46": () => subtotal(inv(), (s) => drop(s, leaf("cbc:TaxAmount"))),
  "BR-47": () => subtotal(inv(), (s) => edit(s, /<cac:TaxCategory>\s*<cbc:ID>S<\/cbc:ID>/, "<cac:TaxCategory>")),
  "BR-48": () => subtotal(inv(), (s) => drop(s, leaf("cbc:Percent"))),
  "BR-49": () => drop(inv(), leaf("cbc:PaymentMeansCode")),
  "BR-50": () => edit(inv(), /<cac:PayeeFinancialAccount>\s*<cbc:ID>[^<]*<\/cbc:ID>/, "<cac:PayeeFinancialAccount>"),
  "BR-55": () => edit(cn(), /<cac:InvoiceDocumentReference>\s*<cbc:ID>[^<]*<\/cbc:ID>/, "<cac:InvoiceDocumentReference>"),
  "BR-61": () => edit(edit(inv(), /<cac:PayeeFinancialAccount>\s*<cbc:ID>[^<]*<\/cbc:ID>/, "<cac:PayeeFinancialAccount>"), ">48<", ">58<"),
  "BR-62": () => supplierParty(inv(), (p) => edit(p, ' schemeID="0245"', "")),
  "BR-63": () => customerParty(inv(), (p) => edit(p, ' schemeID="0245"', "")),
  "BR-CO-04": () => invoiceLine(inv(), (l) => edit(l, /<cac:ClassifiedTaxCategory>\s*<cbc:ID>S<\/cbc:ID>/, "<cac:ClassifiedTaxCategory>")),
  "BR-CO-09": () => customerParty(inv(), (p) => edit(p, "<cbc:CompanyID>SK2024242424</cbc:CompanyID>", "<cbc:CompanyID>2024242424</cbc:CompanyID>")),
  "BR-CO-10": () => edit(inv(), /(<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="EUR">)207\.50/, "$1207.40"),
  "BR-CO-13": () => edit(inv(), '<cbc:TaxExclusiveAmount currencyID="EUR">207.50', '<cbc:TaxExclusiveAmount currencyID="EUR">207.40'),
  "BR-CO-14": () => edit(inv(), /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)41\.50/, "$141.40"),
  "BR-CO-15": () => edit(inv(), '<cbc:TaxInclusiveAmount currencyID="EUR">249.00', '<cbc:TaxInclusiveAmount currencyID="EUR">249.10'),
  "BR-CO-16": () => edit(inv(), '<cbc:PayableAmount currencyID="EUR">0.00', '<cbc:PayableAmount currencyID="EUR">1.00'),
  "BR-CO-17": () => subtotal(inv(), (s) => edit(s, '<cbc:TaxableAmount currencyID="EUR">207.50', '<cbc:TaxableAmount currencyID="EUR">207.40')),
  "BR-CO-18": () => drop(inv(), seg("cac:TaxSubtotal")),
  "BR-CO-25": () =>
    drop(
      drop(
        edit(
          edit(inv(), /\s*<cbc:PrepaidAmount[^>]*>[^<]*<\/cbc:PrepaidAmount>/, ""),
          '<cbc:PayableAmount currencyID="EUR">0.00',
          '<cbc:PayableAmount currencyID="EUR">249.00',
        ),
        leaf("cbc:DueDate"),
      ),
      seg("cac:PaymentTerms"),
    ),
  "BR-CO-26": () =>
    supplierParty(inv(), (p) =>
      drop(edit(p, /<cac:PartyTaxScheme>\s*<cbc:CompanyID>SK2021234567[\s\S]*?<\/cac:PartyTaxScheme>/, ""), /\s*<cbc:CompanyID>12345678<\/cbc:CompanyID>/),
    ),
  "BR-S-01": () => subtotal(inv(), (s) => edit(s, "<cbc:ID>S</cbc:ID>", "<cbc:ID>E</cbc:ID><cbc:TaxExemptionReason>x</cbc:TaxExemptionReason>")),
  "BR-S-02": () => supplierParty(inv(), (p) => p.replace(/\s*<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>/g, "")),
  "BR-S-05": () => invoiceLine(inv(), (l) => edit(l, "<cbc:Percent>20</cbc:Percent>", "<cbc:Percent>0</cbc:Percent>")),
  "BR-S-08": () =>
    edit(
      subtotal(inv(), (s) =>
        edit(
          edit(s, '<cbc:TaxableAmount currencyID="EUR">207.50', '<cbc:TaxableAmount currencyID="EUR">200.00'),
          '<cbc:TaxAmount currencyID="EUR">41.50',
          '<cbc:TaxAmount currencyID="EUR">40.00',
        ),
      ),
      /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)41\.50/,
      "$140.00",
    ),
  "BR-S-09": () => subtotal(inv(), (s) => edit(s, '<cbc:TaxAmount currencyID="EUR">41.50', '<cbc:TaxAmount currencyID="EUR">41.49')),
  "BR-S-10": () =>
    subtotal(inv(), (s) =>
      edit(s, "<cbc:Percent>20</cbc:Percent>", "<cbc:Percent>20</cbc:Percent><cbc:TaxExemptionReason>Oslobodené</cbc:TaxExemptionReason>"),
    ),
  "BR-E-05": () => invoiceLine(toUbl(invoice({ rateBp: 0 })), (l) => edit(l, "<cbc:Percent>0</cbc:Percent>", "<cbc:Percent>5</cbc:Percent>")),
  "BR-E-10": () => drop(toUbl(invoice({ rateBp: 0 })), leaf("cbc:TaxExemptionReason")),
  "BR-DEC-09": () => edit(inv(), /(<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="EUR">)207\.50/, "$1207.500"),
  "BR-DEC-12": () => edit(inv(), '<cbc:TaxExclusiveAmount currencyID="EUR">207.50', '<cbc:TaxExclusiveAmount currencyID="EUR">207.500'),
  "BR-DEC-13": () => edit(inv(), /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">)41\.50/, "$141.500"),
  "BR-DEC-14": () => edit(inv(), '<cbc:TaxInclusiveAmount currencyID="EUR">249.00', '<cbc:TaxInclusiveAmount currencyID="EUR">249.000'),
  "BR-DEC-16": () => edit(inv(), '<cbc:PrepaidAmount currencyID="EUR">249.00', '<cbc:PrepaidAmount currencyID="EUR">249.000'),
  "BR-DEC-17": () => edit(toUbl(invoice({ grossCents: 9_999 })), /(<cbc:PayableRoundingAmount currencyID="EUR">-?\d+\.\d\d)/, "$10"),
  "BR-DEC-18": () => edit(inv(), '<cbc:PayableAmount currencyID="EUR">0.00', '<cbc:PayableAmount currencyID="EUR">0.000'),
  "BR-DEC-19": () => subtotal(inv(), (s) => edit(s, '<cbc:TaxableAmount currencyID="EUR">207.50', '<cbc:TaxableAmount currencyID="EUR">207.500')),
  "BR-DEC-20": () => subtotal(inv(), (s) => edit(s, '<cbc:TaxAmount currencyID="EUR">41.50', '<cbc:TaxAmount currencyID="EUR">41.500')),
  "BR-DEC-23": () =>
    invoiceLine(inv(), (l) => edit(l, '<cbc:LineExtensionAmount currencyID="EUR">207.50', '<cbc:LineExtensionAmount currencyID="EUR">207.500')),
  "PEPPOL-EN16931-R001": () => drop(inv(), leaf("cbc:ProfileID")),
  "PEPPOL-EN16931-R002": () => edit(cn(), /(<cbc:Note>[^<]*<\/cbc:Note>)/, "$1<cbc:Note>Druhá poznámka</cbc:Note>"),
  "PEPPOL-EN16931-R003": () => drop(inv(), leaf("cbc:BuyerReference")),
  "PEPPOL-EN16931-R004": () => edit(inv(), "billing:3.0</cbc:CustomizationID>", "billing:2.0</cbc:CustomizationID>"),
  "PEPPOL-EN16931-R007": () => edit(inv(), "billing:01:1.0", "billing:1:1.0"),
  "PEPPOL-EN16931-R008": () => edit(inv(), "<cbc:BuyerReference>", "<cbc:AccountingCost></cbc:AccountingCost><cbc:BuyerReference>"),
  "PEPPOL-EN16931-R010": () => customerParty(inv(), (p) => drop(p, leaf("cbc:EndpointID"))),
  "PEPPOL-EN16931-R020": () => supplierParty(inv(), (p) => drop(p, leaf("cbc:EndpointID"))),
  "PEPPOL-EN16931-R051": () => edit(inv(), '<cbc:TaxInclusiveAmount currencyID="EUR">', '<cbc:TaxInclusiveAmount currencyID="CZK">'),
  "PEPPOL-EN16931-R053": () => edit(inv(), /(<cac:TaxTotal>[\s\S]*?<\/cac:TaxTotal>)/, "$1$1"),
  "PEPPOL-EN16931-R120": () => invoiceLine(inv(), (l) => edit(l, '<cbc:PriceAmount currencyID="EUR">207.50', '<cbc:PriceAmount currencyID="EUR">200.00')),
  "PEPPOL-EN16931-R121": () =>
    invoiceLine(inv(), (l) => edit(l, "</cbc:PriceAmount>", '</cbc:PriceAmount><cbc:BaseQuantity unitCode="C62">0</cbc:BaseQuantity>')),
  "PEPPOL-EN16931-R130": () =>
    invoiceLine(inv(), (l) => edit(l, "</cbc:PriceAmount>", '</cbc:PriceAmount><cbc:BaseQuantity unitCode="HUR">1</cbc:BaseQuantity>')),
  "PEPPOL-EN16931-P0100": () => edit(inv(), "<cbc:InvoiceTypeCode>380", "<cbc:InvoiceTypeCode>381"),
  "PEPPOL-EN16931-P0101": () => edit(cn(), "<cbc:CreditNoteTypeCode>381", "<cbc:CreditNoteTypeCode>380"),
  "PEPPOL-EN16931-CL007": () =>
    inv().replaceAll('currencyID="EUR"', 'currencyID="XYZ"').replace("<cbc:DocumentCurrencyCode>EUR", "<cbc:DocumentCurrencyCode>XYZ"),
  "PEPPOL-EN16931-CL008": () => customerParty(inv(), (p) => edit(p, 'schemeID="0245"', 'schemeID="9999"')),
  "PEPPOL-EN16931-F001": () => edit(inv(), "<cbc:DueDate>2027-01-04", "<cbc:DueDate>4.1.2027"),
  "SK-R-001": () => supplierParty(inv(), (p) => edit(p, '<cbc:EndpointID schemeID="0245">2021234567', '<cbc:EndpointID schemeID="0245">SK202123')),
  "SK-R-002": () => customerParty(inv(), (p) => edit(p, 'schemeID="0245">2024242424', 'schemeID="0088">4000001000005')),
  "SK-R-003": () => customerParty(inv(), (p) => edit(p, "<cbc:CompanyID>SK2024242424</cbc:CompanyID>", "<cbc:CompanyID>SK20242424</cbc:CompanyID>")),
  "SK-R-004": () => edit(inv(), "<cbc:PaymentID>20270001", "<cbc:PaymentID>INV-2027-0001"),
  "SK-R-005": () => edit(inv(), "<cbc:ID>SK3112000000198742637541", "<cbc:ID>SK3112000000198742637542"),
  "SK-R-006": () => edit(cn(), /(<cac:InvoiceDocumentReference>\s*<cbc:ID>[^<]*<\/cbc:ID>)\s*<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, "$1"),
  "SK-R-007": () => drop(inv(), seg("cac:Delivery")),
  "SK-R-008": () => customerParty(inv(), (p) => drop(p, leaf("cbc:PostalZone"))),
};

describe("a document broken on purpose is refused with the rule's id", () => {
  it("has a broken document for every rule the validator knows", () => {
    expect(RULE_IDS.filter((id) => !BROKEN[id])).toEqual([]);
    expect(Object.keys(BROKEN).filter((id) => !RULE_IDS.includes(id))).toEqual([]);
  });
  it.each(Object.entries(BROKEN))("%s", (ruleId, make) => {
    const result = validateUbl(make());
    expect(result.valid).toBe(false);
    expect(result.findings.map((f) => f.ruleId)).toContain(ruleId);
    expect(result.findings.find((f) => f.ruleId === ruleId)?.message.length).toBeGreaterThan(10);
  });
  it("refuses a DOCTYPE (no entity expansion from what an outside party sends)", () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Invoice>&b;</Invoice>';
    expect(validateUbl(bomb).findings.map((f) => f.ruleId)).toEqual(["XML-WELLFORMED"]);
    expect(validateUbl(bomb).findings[0].message).toMatch(/DOCTYPE/);
  });
  it("refuses what is not XML, and XML that is no UBL invoice", () => {
    expect(validateUbl("<Invoice><cbc:ID>").findings.map((f) => f.ruleId)).toEqual(["XML-WELLFORMED"]);
    expect(validateUbl('<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>').findings.map((f) => f.ruleId)).toEqual([
      "UBL-ROOT",
    ]);
  });
});
