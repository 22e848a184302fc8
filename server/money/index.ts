// Money and Slovak formatting, one module for pages, invoices, mail and certificates.
// Infrastructure: imports no area.
//
// - Amounts are integer cents (spec: Conventions 8). VAT rates are stored as integer
//   basis points (2000 = 20 %); the API speaks the spec's fraction (`vatRate: 0.20`), and
//   the two meet only in `vatFractionFromBasisPoints` / `basisPointsFromFraction`.
// - Every space a formatter here puts inside a value is U+00A0 (no-break space, `NBSP`):
//   digit groups and the currency ("1 234,50 €"), number and unit ("24 hodín",
//   "20 %"), the parts of a date ("2. 3. 2025"). A value never wraps across lines and
//   reads the same in HTML, e-mail, PDF and tests (compare with `\u00a0`).
// - Dates and times are shown in Europe/Bratislava, whatever the server's zone.

/** 100 % in basis points. */
export const BASIS_POINTS_PER_UNIT = 10_000;
/** The Slovak standard VAT rate, 20 %, in basis points (the columns' default). */
export const DEFAULT_VAT_RATE_BP = 2_000;

// Slovak number and date formats are browser-safe and defined once in shared/format.ts
// (docs/decisions/platform/kernel-and-shared.md); money formats amounts with them.
import { NBSP, formatDecimal, groupThousands } from "../../shared/format";

// ---------------------------------------------------------------------------------------
// VAT rate: basis points <-> the API's fraction

/** Throws unless `bp` is an integer from 0 to 10 000 (0 % to 100 %). */
export function assertBasisPoints(bp: number): void {
  if (!Number.isInteger(bp) || bp < 0 || bp > BASIS_POINTS_PER_UNIT) {
    throw new RangeError(`a VAT rate must be an integer number of basis points from 0 to ${BASIS_POINTS_PER_UNIT}, got ${bp}`);
  }
}

/** 2000 → 0.2: the spec's `vatRate` from the stored basis points. */
export function vatFractionFromBasisPoints(bp: number): number {
  assertBasisPoints(bp);
  return bp / BASIS_POINTS_PER_UNIT;
}

/**
 * 0.2 → 2000: basis points from the spec's fraction. Refuses anything that is not a
 * fraction from 0 to 1 in whole basis points (0.20005 would lose information).
 */
export function basisPointsFromFraction(fraction: number): number {
  if (!Number.isFinite(fraction)) throw new RangeError(`a VAT rate must be a finite fraction, got ${fraction}`);
  const scaled = fraction * BASIS_POINTS_PER_UNIT;
  const bp = Math.round(scaled);
  // 0.07 * 10000 = 700.0000000000001: tolerate binary noise, not a real fraction of a point
  if (Math.abs(scaled - bp) > 1e-6) throw new RangeError(`a VAT rate must be in whole basis points (0.0001), got ${fraction}`);
  assertBasisPoints(bp);
  return bp;
}

// ---------------------------------------------------------------------------------------
// Price breakdown

export type PriceBreakdown = {
  /** the price the buyer pays */
  withVatCents: number;
  withoutVatCents: number;
  vatCents: number;
  vatRateBp: number;
  currency: string;
};

/** a / b rounded half up, for non-negative integers */
function divRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Price with and without VAT from a stored price (spec: Resources > Course: priceCents,
 * vatRate, vatIncluded). Integer arithmetic only: the computed side (net of an inclusive
 * price, gross of an exclusive one) is rounded half up to a cent and the VAT is the
 * difference, so net + VAT = gross exactly.
 */
export function priceBreakdown(input: { priceCents: number; vatRateBp: number; vatIncluded: boolean; currency?: string }): PriceBreakdown {
  const { priceCents, vatRateBp, vatIncluded } = input;
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`priceCents must be a non-negative integer, got ${priceCents}`);
  assertBasisPoints(vatRateBp);
  let withVatCents: number;
  let withoutVatCents: number;
  if (vatIncluded) {
    withVatCents = priceCents;
    withoutVatCents = divRoundHalfUp(priceCents * BASIS_POINTS_PER_UNIT, BASIS_POINTS_PER_UNIT + vatRateBp);
  } else {
    withoutVatCents = priceCents;
    withVatCents = priceCents + divRoundHalfUp(priceCents * vatRateBp, BASIS_POINTS_PER_UNIT);
  }
  return {
    withVatCents,
    withoutVatCents,
    vatCents: withVatCents - withoutVatCents,
    vatRateBp,
    currency: input.currency ?? "EUR",
  };
}

// ---------------------------------------------------------------------------------------
// Numbers and money

const currencySymbols: Record<string, string> = { EUR: "€" };

/** "1 234,50 €" (NBSP in the groups and before the symbol); negative amounts get "−". */
export function formatMoney(cents: number, currency = "EUR"): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${groupThousands(String(whole))},${fraction}${NBSP}${currencySymbols[currency] ?? currency}`;
}

/** A VAT rate for labels: 2000 → "20 %", 2150 → "21,5 %". */
export function formatVatRate(bp: number): string {
  assertBasisPoints(bp);
  return `${formatDecimal(bp / 100, 2)}${NBSP}%`;
}

// ---------------------------------------------------------------------------------------
// Slovak plurals
