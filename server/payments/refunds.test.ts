import { describe, expect, it } from "vitest";
import { addBusinessDays } from "./index";

describe("refund settlement estimate (spec: Limits: 1-5 business days)", () => {
  it("counts Monday to Friday only", () => {
    expect(addBusinessDays("2026-03-02", 5)).toBe("2026-03-09"); // Monday → next Monday
    expect(addBusinessDays("2026-03-06", 5)).toBe("2026-03-13"); // Friday → next Friday
    expect(addBusinessDays("2026-03-07", 5)).toBe("2026-03-13"); // Saturday → Friday
    expect(addBusinessDays("2026-03-08", 5)).toBe("2026-03-13"); // Sunday → Friday
    expect(addBusinessDays("2026-03-04", 1)).toBe("2026-03-05");
    expect(addBusinessDays("2026-12-29", 5)).toBe("2027-01-05"); // across the year
  });
  it("refuses what is not a day", () => {
    expect(() => addBusinessDays("2026-3-2", 5)).toThrow(RangeError);
  });
});
