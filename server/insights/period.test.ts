// The dashboard's periods: whole Bratislava days, the period before, the chart's grain.
import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel/errors";
import { buckets, parsePeriod } from "./period";
import { csvLine, decimalCents } from "./csv";

const q = (s: string) => new URLSearchParams(s);

describe("parsePeriod", () => {
  // 1 March 2021 00:30 in Bratislava is still 28 February in UTC
  const now = new Date("2021-02-28T23:30:00Z");
  it("this month is the Bratislava month, compared with the month before", () => {
    expect(parsePeriod(q(""), now)).toEqual({
      kind: "tento-mesiac",
      from: "2021-03-01",
      to: "2021-03-31",
      previous: { from: "2021-02-01", to: "2021-02-28" },
      grain: "day",
    });
  });
  it("last month, this year (by months), custom (the same number of days before)", () => {
    expect(parsePeriod(q("obdobie=minuly-mesiac"), now)).toMatchObject({
      from: "2021-02-01",
      to: "2021-02-28",
      previous: { from: "2021-01-01", to: "2021-01-31" },
    });
    expect(parsePeriod(q("obdobie=tento-rok"), now)).toMatchObject({
      from: "2021-01-01",
      to: "2021-12-31",
      previous: { from: "2020-01-01", to: "2020-12-31" },
      grain: "month",
    });
    expect(parsePeriod(q("obdobie=vlastne&od=2021-03-10&do=2021-03-19"), now)).toMatchObject({
      from: "2021-03-10",
      to: "2021-03-19",
      previous: { from: "2021-02-28", to: "2021-03-09" },
      grain: "day",
    });
  });
  it("refuses an impossible or reversed custom period with 422 details", () => {
    for (const bad of ["od=2021-02-30&do=2021-03-01", "od=2021-03-02&do=2021-03-01", "od=&do=2021-03-01", "od=2000-01-01&do=2021-01-01"]) {
      try {
        parsePeriod(q(`obdobie=vlastne&${bad}`), now);
        expect.unreachable(bad);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).status).toBe(422);
      }
    }
  });
  it("an unknown kind is this month", () => {
    expect(parsePeriod(q("obdobie=navzdy"), now).kind).toBe("tento-mesiac");
  });
  it("buckets every day or month", () => {
    expect(buckets({ from: "2021-02-27", to: "2021-03-02" }, "day")).toEqual(["2021-02-27", "2021-02-28", "2021-03-01", "2021-03-02"]);
    expect(buckets({ from: "2021-11-15", to: "2022-02-01" }, "month")).toEqual(["2021-11", "2021-12", "2022-01", "2022-02"]);
  });
});

describe("CSV", () => {
  it("quotes semicolons, quotes and line breaks; guards formulas; decimal commas", () => {
    expect(csvLine(["a;b", 'say "hi"', "x\ny", "=1+1", "-5", null, decimalCents(-1234), decimalCents(5)])).toBe(
      '"a;b";"say ""hi""";"x\ny";\'=1+1;\'-5;;-12,34;0,05\r\n',
    );
  });
});
