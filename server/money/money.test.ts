import { describe, expect, it } from "vitest";
import { basisPointsFromFraction, formatMoney, formatVatRate, priceBreakdown, vatFractionFromBasisPoints } from "./index";
import { plural, slovakPlural } from "../../shared/plural";
import { NBSP, formatCount, formatDate, formatDateLong, formatDateTime, formatDecimal, formatHours, formatMinutes } from "../../shared/format";

/** test text with plain spaces → the formatters' NBSP */
const nb = (s: string) => s.replaceAll(" ", NBSP);

describe("VAT rate: basis points and the API's fraction", () => {
  it("converts both ways", () => {
    expect(vatFractionFromBasisPoints(2000)).toBe(0.2);
    expect(vatFractionFromBasisPoints(0)).toBe(0);
    expect(vatFractionFromBasisPoints(10_000)).toBe(1);
    expect(vatFractionFromBasisPoints(2150)).toBe(0.215);
    expect(basisPointsFromFraction(0.2)).toBe(2000);
    expect(basisPointsFromFraction(0.07)).toBe(700); // 700.0000000000001 in binary
    expect(basisPointsFromFraction(0.23)).toBe(2300);
    for (let bp = 0; bp <= 10_000; bp += 1) expect(basisPointsFromFraction(vatFractionFromBasisPoints(bp))).toBe(bp);
  });

  it("refuses rates outside 0..10000 whole basis points", () => {
    for (const bp of [-1, 10_001, 20.5, Number.NaN]) expect(() => vatFractionFromBasisPoints(bp)).toThrow(RangeError);
    for (const f of [-0.01, 1.01, 20, 0.20005, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => basisPointsFromFraction(f)).toThrow(RangeError);
  });
});

describe("priceBreakdown", () => {
  it("splits a VAT-inclusive price into net and VAT with integer cents", () => {
    expect(priceBreakdown({ priceCents: 12_000, vatRateBp: 2000, vatIncluded: true })).toEqual({
      withVatCents: 12_000,
      withoutVatCents: 10_000,
      vatCents: 2_000,
      vatRateBp: 2000,
      currency: "EUR",
    });
  });

  it("rounds the net amount half up to a cent and keeps the sum exact", () => {
    // 149.00 / 1.2 = 124.1666... -> 124.17; VAT is the remainder 24.83
    const p = priceBreakdown({ priceCents: 14_900, vatRateBp: 2000, vatIncluded: true });
    expect(p).toMatchObject({ withVatCents: 14_900, withoutVatCents: 12_417, vatCents: 2_483 });
    // 0.01 / 1.2 = 0.00833 -> 0.01 net, 0.00 VAT
    expect(priceBreakdown({ priceCents: 1, vatRateBp: 2000, vatIncluded: true })).toMatchObject({ withoutVatCents: 1, vatCents: 0 });
    // 0.03 / 1.2 = 0.025 -> half up to 0.03
    expect(priceBreakdown({ priceCents: 3, vatRateBp: 2000, vatIncluded: true })).toMatchObject({ withoutVatCents: 3, vatCents: 0 });
    for (const vatRateBp of [2000, 1000, 2300, 550]) {
      for (let cents = 0; cents < 5_000; cents += 7) {
        const b = priceBreakdown({ priceCents: cents, vatRateBp, vatIncluded: true });
        expect(b.withoutVatCents + b.vatCents).toBe(cents);
        expect(Number.isInteger(b.withoutVatCents)).toBe(true);
        // the net amount is the exact quotient rounded to the nearest cent
        expect(Math.abs(b.withoutVatCents - (cents * 10_000) / (10_000 + vatRateBp))).toBeLessThanOrEqual(0.5 + 1e-9);
        const up = priceBreakdown({ priceCents: cents, vatRateBp, vatIncluded: false });
        expect(up.withoutVatCents + up.vatCents).toBe(up.withVatCents);
      }
    }
  });

  it("adds VAT to a net price", () => {
    expect(priceBreakdown({ priceCents: 10_000, vatRateBp: 2000, vatIncluded: false })).toMatchObject({
      withVatCents: 12_000,
      withoutVatCents: 10_000,
      vatCents: 2_000,
    });
    // 12.345 -> 12.35 (half up)
    expect(priceBreakdown({ priceCents: 5_145, vatRateBp: 2300, vatIncluded: false })).toMatchObject({
      withVatCents: 6_328,
      withoutVatCents: 5_145,
      vatCents: 1_183,
      vatRateBp: 2300,
    });
  });

  it("handles a zero rate and a free course", () => {
    expect(priceBreakdown({ priceCents: 999, vatRateBp: 0, vatIncluded: true })).toMatchObject({ withVatCents: 999, withoutVatCents: 999, vatCents: 0 });
    expect(priceBreakdown({ priceCents: 0, vatRateBp: 2000, vatIncluded: true })).toMatchObject({ withVatCents: 0, withoutVatCents: 0, vatCents: 0 });
  });

  it("refuses fractional cents and rates that are not basis points", () => {
    expect(() => priceBreakdown({ priceCents: 10.5, vatRateBp: 2000, vatIncluded: true })).toThrow(RangeError);
    expect(() => priceBreakdown({ priceCents: -1, vatRateBp: 2000, vatIncluded: true })).toThrow(RangeError);
    expect(() => priceBreakdown({ priceCents: 100, vatRateBp: 0.2, vatIncluded: true })).toThrow(RangeError);
    expect(() => priceBreakdown({ priceCents: 100, vatRateBp: 20_000, vatIncluded: true })).toThrow(RangeError);
  });
});

describe("Slovak formats", () => {
  it("formats money as 1 234,50 € with no-break spaces", () => {
    expect(formatMoney(123_450)).toBe("1\u00a0234,50\u00a0€");
    expect(formatMoney(123_450)).not.toContain(" ");
    expect(formatMoney(0)).toBe(nb("0,00 €"));
    expect(formatMoney(5)).toBe(nb("0,05 €"));
    expect(formatMoney(19_900)).toBe(nb("199,00 €"));
    expect(formatMoney(123_456_789)).toBe(nb("1 234 567,89 €"));
    expect(formatMoney(-2_483)).toBe(nb("−24,83 €"));
    expect(formatMoney(1_000, "CZK")).toBe(nb("10,00 CZK"));
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it("formats numbers and VAT rates with a decimal comma", () => {
    expect(formatDecimal(12.25)).toBe("12,3");
    expect(formatDecimal(24)).toBe("24");
    expect(formatDecimal(1200)).toBe(nb("1 200"));
    expect(formatDecimal(0.04)).toBe("0");
    expect(formatDecimal(1.005, 2)).toBe("1");
    expect(formatVatRate(2000)).toBe(nb("20 %"));
    expect(formatVatRate(2150)).toBe(nb("21,5 %"));
    expect(formatVatRate(0)).toBe(nb("0 %"));
  });

  it("formats hours, minutes and counts with Slovak plural forms", () => {
    expect(formatHours(1)).toBe(nb("1 hodina"));
    expect(formatHours(3)).toBe(nb("3 hodiny"));
    expect(formatHours(24)).toBe(nb("24 hodín"));
    expect(formatHours(1.5)).toBe(nb("1,5 hodiny"));
    expect(formatHours(0)).toBe(nb("0 hodín"));
    expect(formatHours(4.04)).toBe(nb("4 hodiny"));
    expect(formatMinutes(1)).toBe(nb("1 minúta"));
    expect(formatMinutes(4)).toBe(nb("4 minúty"));
    expect(formatMinutes(45)).toBe(nb("45 minút"));
    const topics = { one: "téma", few: "témy", many: "tém" };
    expect([0, 1, 2, 4, 5, 21].map((n) => formatCount(n, topics))).toEqual(["0 tém", "1 téma", "2 témy", "4 témy", "5 tém", "21 tém"].map(nb));
    expect(slovakPlural(2.5, { one: "a", few: "b", many: "c", decimal: "d" })).toBe("d");
  });

  it('the one plural helper follows Intl.PluralRules for sk: never "1 zápisov" or "3 zápisov"', () => {
    const enrollments = (n: number) => `${n} ${plural(n, "zápis", "zápisy", "zápisov")}`;
    expect([0, 1, 2, 3, 4, 5, 11, 21, 22, 101].map(enrollments)).toEqual([
      "0 zápisov",
      "1 zápis",
      "2 zápisy",
      "3 zápisy",
      "4 zápisy",
      "5 zápisov",
      "11 zápisov",
      "21 zápisov",
      "22 zápisov",
      "101 zápisov",
    ]);
    // every integer agrees with the platform's CLDR rules (one → one, few → few, other → many)
    const rules = new Intl.PluralRules("sk");
    for (let n = 0; n <= 200; n++) {
      const expected = { one: "one", few: "few", other: "many" }[rules.select(n) as "one" | "few" | "other"];
      expect(plural(n, "one", "few", "many")).toBe(expected);
    }
    expect(plural(1.5, "zápis", "zápisy", "zápisov")).toBe("zápisy");
  });

  it("formats dates in Europe/Bratislava whatever the server's zone", () => {
    // 23:30 UTC on 1 March is 00:30 on 2 March in Bratislava (winter time, UTC+1)
    expect(formatDate(new Date("2025-03-01T23:30:00Z"))).toBe(nb("2. 3. 2025"));
    expect(formatDateLong("2025-03-01T23:30:00Z")).toBe(nb("2. marca 2025"));
    expect(formatDateTime("2025-03-01T23:30:00Z")).toBe(nb("2. 3. 2025 0:30"));
    // summer time, UTC+2
    expect(formatDateTime("2025-07-15T08:05:00Z")).toBe(nb("15. 7. 2025 10:05"));
    expect(formatDateLong("2025-01-15T12:00:00Z")).toBe(nb("15. januára 2025"));
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});
