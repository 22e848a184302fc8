// UBL 2.1 Invoice / CreditNote per Peppol BIS Billing 3.0 (EN 16931 CIUS), from the model
// (model.ts). Elements in the order the UBL 2.1 schemas require; absent values make no
// element (PEPPOL-EN16931-R008: no empty elements). Pure: model in, XML text out.
import { amountText, linePrice, percentOf, type EInvoice, type EInvoiceLine, type EInvoiceParty, SK_DIC_SCHEME } from "./model";
import { el, writeXml, type XmlNode } from "./xml";

export const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
export const NS = {
  invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  creditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};
/** UNCL1001: 380 commercial invoice, 381 credit note */
export const INVOICE_TYPE_CODE = "380";
export const CREDIT_NOTE_TYPE_CODE = "381";
/** UN/ECE Rec 20: C62 "one" (a unit) */
export const UNIT_CODE = "C62";

function party(p: EInvoiceParty, role: "seller" | "buyer"): XmlNode | null {
  return el("cac:Party", [
    p.dic ? el("cbc:EndpointID", { schemeID: SK_DIC_SCHEME }, p.dic) : null,
    el("cac:PartyName", [el("cbc:Name", p.name)]),
    el("cac:PostalAddress", [
      el("cbc:StreetName", p.address.street),
      el("cbc:CityName", p.address.city),
      el("cbc:PostalZone", p.address.postalCode),
      el("cac:Country", [el("cbc:IdentificationCode", p.address.countryCode)]),
    ]),
    p.icDph ? el("cac:PartyTaxScheme", [el("cbc:CompanyID", p.icDph), el("cac:TaxScheme", [el("cbc:ID", "VAT")])]) : null,
    // the seller's DIČ as its tax registration identifier (BT-32)
    role === "seller" && p.dic ? el("cac:PartyTaxScheme", [el("cbc:CompanyID", p.dic), el("cac:TaxScheme", [el("cbc:ID", "TAX")])]) : null,
    el("cac:PartyLegalEntity", [
      el("cbc:RegistrationName", p.name),
      el("cbc:CompanyID", p.ico),
      role === "seller" ? el("cbc:CompanyLegalForm", p.legalForm) : null,
    ]),
    el("cac:Contact", [el("cbc:Name", p.contactName), el("cbc:ElectronicMail", p.email)]),
  ]);
}

function money(name: string, cents: number, currency: string): XmlNode | null {
  return el(name, { currencyID: currency }, amountText(cents));
}

function line(l: EInvoiceLine, kind: EInvoice["kind"], currency: string): XmlNode | null {
  const invoice = kind === "invoice";
  const price = linePrice(l.netCents, l.quantity);
  return el(invoice ? "cac:InvoiceLine" : "cac:CreditNoteLine", [
    el("cbc:ID", l.id),
    el(invoice ? "cbc:InvoicedQuantity" : "cbc:CreditedQuantity", { unitCode: UNIT_CODE }, String(l.quantity)),
    money("cbc:LineExtensionAmount", l.netCents, currency),
    el("cac:Item", [
      el("cbc:Name", l.name),
      el("cac:ClassifiedTaxCategory", [el("cbc:ID", l.vatCategory), el("cbc:Percent", percentOf(l.vatRateBp)), el("cac:TaxScheme", [el("cbc:ID", "VAT")])]),
    ]),
    el("cac:Price", [
      el("cbc:PriceAmount", { currencyID: currency }, price.price),
      price.baseQuantity ? el("cbc:BaseQuantity", { unitCode: UNIT_CODE }, String(price.baseQuantity)) : null,
    ]),
  ]);
}

/** The VAT breakdown (BG-23): one subtotal per category and rate. */
export function vatBreakdown(doc: EInvoice): { category: string; rateBp: number; taxableCents: number; vatCents: number }[] {
  const groups = new Map<string, { category: string; rateBp: number; taxableCents: number; vatCents: number }>();
  for (const l of doc.lines) {
    const key = `${l.vatCategory}:${l.vatRateBp}`;
    const group = groups.get(key) ?? { category: l.vatCategory, rateBp: l.vatRateBp, taxableCents: 0, vatCents: 0 };
    group.taxableCents += l.netCents;
    groups.set(key, group);
  }
  const list = [...groups.values()];
  // each category's VAT is its taxable amount times its rate; with one group (always, here) that is the model's VAT
  for (const g of list) g.vatCents = list.length === 1 ? doc.totals.vatCents : Math.round((g.taxableCents * g.rateBp) / 10_000);
  return list;
}

/** The UBL 2.1 document (UTF-8 text) of an invoice or credit note. */
export function toUbl(doc: EInvoice): string {
  const invoice = doc.kind === "invoice";
  const c = doc.currency;
  const root: XmlNode = {
    name: invoice ? "Invoice" : "CreditNote",
    attrs: { xmlns: invoice ? NS.invoice : NS.creditNote, "xmlns:cac": NS.cac, "xmlns:cbc": NS.cbc },
    children: [
      el("cbc:CustomizationID", CUSTOMIZATION_ID),
      el("cbc:ProfileID", PROFILE_ID),
      el("cbc:ID", doc.number),
      el("cbc:IssueDate", doc.issueDate),
      invoice ? el("cbc:DueDate", doc.dueDate) : null,
      el(invoice ? "cbc:InvoiceTypeCode" : "cbc:CreditNoteTypeCode", invoice ? INVOICE_TYPE_CODE : CREDIT_NOTE_TYPE_CODE),
      el("cbc:Note", doc.note),
      el("cbc:DocumentCurrencyCode", c),
      el("cbc:BuyerReference", doc.buyerReference),
      doc.precedingInvoice
        ? el("cac:BillingReference", [
            el("cac:InvoiceDocumentReference", [el("cbc:ID", doc.precedingInvoice.number), el("cbc:IssueDate", doc.precedingInvoice.issueDate)]),
          ])
        : null,
      el("cac:AccountingSupplierParty", [party(doc.seller, "seller")]),
      el("cac:AccountingCustomerParty", [party(doc.buyer, "buyer")]),
      doc.supplyDate ? el("cac:Delivery", [el("cbc:ActualDeliveryDate", doc.supplyDate)]) : null,
      el("cac:PaymentMeans", [
        el("cbc:PaymentMeansCode", { name: doc.payment.meansName }, doc.payment.meansCode),
        el("cbc:PaymentID", doc.payment.paymentId),
        el("cac:PayeeFinancialAccount", [
          el("cbc:ID", doc.payment.iban),
          el("cbc:Name", doc.seller.name),
          doc.payment.bic ? el("cac:FinancialInstitutionBranch", [el("cbc:ID", doc.payment.bic)]) : null,
        ]),
      ]),
      doc.payment.terms ? el("cac:PaymentTerms", [el("cbc:Note", doc.payment.terms)]) : null,
      el("cac:TaxTotal", [
        money("cbc:TaxAmount", doc.totals.vatCents, c),
        ...vatBreakdown(doc).map((g) =>
          el("cac:TaxSubtotal", [
            money("cbc:TaxableAmount", g.taxableCents, c),
            money("cbc:TaxAmount", g.vatCents, c),
            el("cac:TaxCategory", [
              el("cbc:ID", g.category),
              el("cbc:Percent", percentOf(g.rateBp)),
              g.category === "E" ? el("cbc:TaxExemptionReason", "Oslobodené od dane") : null,
              el("cac:TaxScheme", [el("cbc:ID", "VAT")]),
            ]),
          ]),
        ),
      ]),
      el("cac:LegalMonetaryTotal", [
        money("cbc:LineExtensionAmount", doc.totals.netCents, c),
        money("cbc:TaxExclusiveAmount", doc.totals.netCents, c),
        money("cbc:TaxInclusiveAmount", doc.totals.withVatCents, c),
        doc.totals.prepaidCents !== 0 ? money("cbc:PrepaidAmount", doc.totals.prepaidCents, c) : null,
        doc.totals.roundingCents !== 0 ? money("cbc:PayableRoundingAmount", doc.totals.roundingCents, c) : null,
        money("cbc:PayableAmount", doc.totals.dueCents, c),
      ]),
      ...doc.lines.map((l) => line(l, doc.kind, c)),
    ],
  };
  return writeXml(root);
}
