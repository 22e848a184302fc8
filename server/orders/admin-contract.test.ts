import { describe, expect, it } from "vitest";
import { AdminOrderListQuery, IsoInstant, startOfDayInBratislava } from "./index";

describe("admin order list query", () => {
  it("reads a bare date as the start of that day in Bratislava, summer and winter", () => {
    expect(startOfDayInBratislava("2026-01-15").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    expect(startOfDayInBratislava("2026-07-15").toISOString()).toBe("2026-07-14T22:00:00.000Z");
    // the day summer time starts (02:00 → 03:00) still begins at midnight, UTC+1
    expect(startOfDayInBratislava("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(IsoInstant.parse("2026-03-01T10:00:00Z").toISOString()).toBe("2026-03-01T10:00:00.000Z");
    expect(IsoInstant.parse("2026-03-01T10:00:00+01:00").toISOString()).toBe("2026-03-01T09:00:00.000Z");
  });

  it("defaults page 1, pageSize 20; blank values mean unset; refuses what does not parse", () => {
    expect(AdminOrderListQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(AdminOrderListQuery.parse({ state: "", studentId: "", courseId: "", createdAfter: "", page: "", pageSize: "" })).toEqual({ page: 1, pageSize: 20 });
    for (const bad of [
      { state: "open" },
      { courseId: "abc" },
      { createdAfter: "2026-02-30x" },
      { createdAfter: "2026-02-30" },
      { createdAfter: "2026-13-01" },
      { createdAfter: "1.3.2026" },
      { createdBefore: "2026-03-01T10:00:00" },
      { pageSize: "51" },
      { page: "0" },
      { page: "1e1" },
      { createdAfter: "2026-03-02", createdBefore: "2026-03-02" },
    ]) {
      expect(AdminOrderListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
