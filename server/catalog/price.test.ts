import { describe, expect, it } from "vitest";
import { formatDecimal, formatHours, formatMinutes, formatMoney, priceBreakdown } from "./price";

describe("priceBreakdown", () => {
  it("splits a VAT-inclusive price into net and VAT with integer cents", () => {
    expect(priceBreakdown({ priceCents: 12_000, vatRate: 0.2, vatIncluded: true })).toEqual({
      withVatCents: 12_000,
      withoutVatCents: 10_000,
      vatCents: 2_000,
      vatPercent: 20,
      currency: "EUR",
    });
  });

  it("rounds the net amount half up to a cent and keeps the sum exact", () => {
    // 149.00 / 1.2 = 124.1666... -> 124.17; VAT is the remainder 24.83
    const p = priceBreakdown({ priceCents: 14_900, vatRate: 0.2, vatIncluded: true });
    expect(p).toMatchObject({ withVatCents: 14_900, withoutVatCents: 12_417, vatCents: 2_483 });
    // 0.01 / 1.2 = 0.00833 -> 0.01 net, 0.00 VAT
    expect(priceBreakdown({ priceCents: 1, vatRate: 0.2, vatIncluded: true })).toMatchObject({ withoutVatCents: 1, vatCents: 0 });
    // 0.03 / 1.2 = 0.025 -> half up to 0.03
    expect(priceBreakdown({ priceCents: 3, vatRate: 0.2, vatIncluded: true })).toMatchObject({ withoutVatCents: 3, vatCents: 0 });
    for (let cents = 0; cents < 5_000; cents += 7) {
      const b = priceBreakdown({ priceCents: cents, vatRate: 0.2, vatIncluded: true });
      expect(b.withoutVatCents + b.vatCents).toBe(cents);
      expect(Number.isInteger(b.withoutVatCents)).toBe(true);
      // the net amount is the exact quotient rounded to the nearest cent
      expect(Math.abs(b.withoutVatCents - cents / 1.2)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
  });

  it("adds VAT to a net price", () => {
    expect(priceBreakdown({ priceCents: 10_000, vatRate: 0.2, vatIncluded: false })).toMatchObject({
      withVatCents: 12_000, withoutVatCents: 10_000, vatCents: 2_000,
    });
    // 12.345 -> 12.35 (half up); rates that are not exact in binary still give whole cents
    expect(priceBreakdown({ priceCents: 5_145, vatRate: 0.23, vatIncluded: false })).toMatchObject({
      withVatCents: 6_328, withoutVatCents: 5_145, vatCents: 1_183, vatPercent: 23,
    });
  });

  it("handles a zero rate and a free course", () => {
    expect(priceBreakdown({ priceCents: 999, vatRate: 0, vatIncluded: true })).toMatchObject({ withVatCents: 999, withoutVatCents: 999, vatCents: 0 });
    expect(priceBreakdown({ priceCents: 0, vatRate: 0.2, vatIncluded: true })).toMatchObject({ withVatCents: 0, withoutVatCents: 0, vatCents: 0 });
  });

  it("refuses fractional cents and nonsense rates", () => {
    expect(() => priceBreakdown({ priceCents: 10.5, vatRate: 0.2, vatIncluded: true })).toThrow(RangeError);
    expect(() => priceBreakdown({ priceCents: -1, vatRate: 0.2, vatIncluded: true })).toThrow(RangeError);
    expect(() => priceBreakdown({ priceCents: 100, vatRate: 20, vatIncluded: true })).toThrow(RangeError);
  });
});

describe("Slovak formats", () => {
  it("formats money as 1 234,50 €", () => {
    expect(formatMoney(123_450)).toBe("1 234,50 €");
    expect(formatMoney(0)).toBe("0,00 €");
    expect(formatMoney(5)).toBe("0,05 €");
    expect(formatMoney(19_900)).toBe("199,00 €");
    expect(formatMoney(123_456_789)).toBe("1 234 567,89 €");
    expect(formatMoney(1_000, "CZK")).toBe("10,00 CZK");
  });

  it("formats hours and minutes with Slovak plural forms", () => {
    expect(formatHours(1)).toBe("1 hodina");
    expect(formatHours(3)).toBe("3 hodiny");
    expect(formatHours(24)).toBe("24 hodín");
    expect(formatHours(1.5)).toBe("1,5 hodiny");
    expect(formatHours(0)).toBe("0 hodín");
    expect(formatDecimal(12.25)).toBe("12,3");
    expect(formatMinutes(1)).toBe("1 minúta");
    expect(formatMinutes(4)).toBe("4 minúty");
    expect(formatMinutes(45)).toBe("45 minút");
  });
});
