// The customer on the invoice, read from the order's billingDetails snapshot (spec: Order
// > billingDetails; billingAddress variants). Read tolerantly: the members may sit at the
// top level or under `billingAddress`/`address`, and club purchases use the
// `organization` variant (orgName, ico, dic, icDph, address as text or object).
// A natural person when there is no company or organization name (spec: Invoice rules).

export type InvoiceCustomer = {
  kind: "person" | "company";
  name: string;
  /** street; postal code and city; country */
  addressLines: string[];
  /** the same address in parts (the e-invoice's postal address); countryCode ISO 3166-1 alpha-2 */
  address?: { street?: string; city?: string; postalCode?: string; countryCode?: string };
  ico?: string;
  dic?: string;
  icDph?: string;
  contactPerson?: string;
  email?: string;
};

const COUNTRIES: Record<string, string> = {
  SK: "Slovensko",
  SVK: "Slovensko",
  CZ: "Česko",
  CZE: "Česko",
  AT: "Rakúsko",
  HU: "Maďarsko",
  PL: "Poľsko",
  DE: "Nemecko",
};

const CODES: Record<string, string> = {
  SVK: "SK",
  CZE: "CZ",
  AUT: "AT",
  HUN: "HU",
  POL: "PL",
  DEU: "DE",
  SLOVENSKO: "SK",
  "SLOVENSKÁ REPUBLIKA": "SK",
  ČESKO: "CZ",
  "ČESKÁ REPUBLIKA": "CZ",
  RAKÚSKO: "AT",
  MAĎARSKO: "HU",
  POĽSKO: "PL",
  NEMECKO: "DE",
};

/** "SK", "SVK" or "Slovensko" → "SK" (ISO 3166-1 alpha-2); undefined when unknown. */
export function countryCode(country: string | undefined): string | undefined {
  if (!country) return undefined;
  const key = country.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(key)) return key;
  return CODES[key];
}

/** "SK" → "Slovensko"; anything else as written. */
export function countryName(country: string): string {
  return COUNTRIES[country.trim().toUpperCase()] ?? country.trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

function addressLinesOf(source: Record<string, unknown>): string[] {
  const street = text(source.street);
  const city = [text(source.postalCode), text(source.city)].filter(Boolean).join(" ");
  const country = text(source.country);
  return [street, city || undefined, country ? countryName(country) : undefined].filter((l): l is string => !!l);
}

/**
 * The invoice customer from a billingDetails snapshot; `fallbackName` (the student's
 * display name) names a person whose snapshot lacks first and last name.
 */
export function customerFromBilling(details: Record<string, unknown>, fallbackName: string): InvoiceCustomer {
  const nested = isRecord(details.billingAddress) ? details.billingAddress : {};
  const address = isRecord(details.address) ? details.address : {};
  // later layers win; nested objects are layers, not values
  const source: Record<string, unknown> = {};
  for (const layer of [nested, address, details]) {
    for (const [key, value] of Object.entries(layer)) if (!isRecord(value) && value !== undefined && value !== null) source[key] = value;
  }

  let addressLines = addressLinesOf(source);
  if (addressLines.length === 0 && typeof details.address === "string") {
    addressLines = details.address.split(/\s*[,\n]\s*/).filter(Boolean);
  }
  const email = text(source.contactEmail) ?? text(source.email);
  const parts = { street: text(source.street), city: text(source.city), postalCode: text(source.postalCode), countryCode: countryCode(text(source.country)) };
  // a club purchase names the organization from the provider's cache (orgName) first
  const companyName =
    source.type === "organization"
      ? (text(source.orgName) ?? text(source.companyName) ?? text(source.legalName))
      : (text(source.companyName) ?? text(source.orgName) ?? text(source.legalName));
  if (companyName) {
    return {
      kind: "company",
      name: companyName,
      addressLines,
      address: parts,
      ico: text(source.ico),
      dic: text(source.dic),
      icDph: text(source.icDph),
      contactPerson: text(source.contactPerson),
      email,
    };
  }
  const name = [text(source.firstName), text(source.lastName)].filter(Boolean).join(" ") || fallbackName;
  return { kind: "person", name, addressLines, address: parts, email };
}
