// Price with and without VAT from the stored price (spec: Resources > Course: priceCents,
// vatRate, vatIncluded). Integer cents only; the rate becomes basis points so no float
// ever decides a cent.

export type PriceBreakdown = {
  /** price the buyer pays */
  withVatCents: number;
  withoutVatCents: number;
  vatCents: number;
  /** the rate in percent, for labels ("20 %") */
  vatPercent: number;
  currency: string;
};

/** a / b rounded half up, for non-negative integers */
function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export function priceBreakdown(input: {
  priceCents: number;
  vatRate: number;
  vatIncluded: boolean;
  currency?: string;
}): PriceBreakdown {
  const { priceCents, vatIncluded } = input;
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError(`priceCents must be a non-negative integer, got ${priceCents}`);
  if (!(input.vatRate >= 0 && input.vatRate < 10)) throw new RangeError(`vatRate must be a fraction, got ${input.vatRate}`);
  const rateBp = Math.round(input.vatRate * 10_000);
  let withVatCents: number;
  let withoutVatCents: number;
  if (vatIncluded) {
    withVatCents = priceCents;
    withoutVatCents = divRoundHalfUp(priceCents * 10_000, 10_000 + rateBp);
  } else {
    withoutVatCents = priceCents;
    withVatCents = priceCents + divRoundHalfUp(priceCents * rateBp, 10_000);
  }
  return {
    withVatCents,
    withoutVatCents,
    // the VAT is the difference, so the three amounts always add up
    vatCents: withVatCents - withoutVatCents,
    vatPercent: rateBp / 100,
    currency: input.currency ?? "EUR",
  };
}

const currencySymbols: Record<string, string> = { EUR: "€" };

function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

/**
 * Slovak money format: "1 234,50 €". Plain spaces (the page keeps the amount on one line
 * with CSS), so the text reads the same in HTML, e-mail and tests.
 */
export function formatMoney(cents: number, currency = "EUR"): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${groupThousands(whole)},${fraction} ${currencySymbols[currency] ?? currency}`;
}

/** Slovak number with a decimal comma, at most one decimal ("1,5", "24"). */
export function formatDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? groupThousands(rounded) : `${groupThousands(Math.trunc(rounded))},${Math.round(Math.abs(rounded % 1) * 10)}`;
}

/** "1 hodina", "2 hodiny", "5 hodín", "1,5 hodiny" (Slovak plural forms). */
export function formatHours(hours: number): string {
  const text = formatDecimal(hours);
  const rounded = Math.round(hours * 10) / 10;
  if (!Number.isInteger(rounded)) return `${text} hodiny`;
  if (rounded === 1) return `${text} hodina`;
  if (rounded >= 2 && rounded <= 4) return `${text} hodiny`;
  return `${text} hodín`;
}

/** "1 minúta", "3 minúty", "15 minút". */
export function formatMinutes(minutes: number): string {
  const m = Math.round(minutes);
  if (m === 1) return "1 minúta";
  if (m >= 2 && m <= 4) return `${m} minúty`;
  return `${m} minút`;
}
