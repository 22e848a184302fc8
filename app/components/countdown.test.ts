// What a screen reader hears from the test timer: a few moments, never every second.
import { describe, expect, it } from "vitest";
import { announcementAt } from "./countdown";

describe("announcementAt", () => {
  it("speaks every 5 minutes, at 1 minute and at 30 seconds, and is silent otherwise", () => {
    const spoken = Array.from({ length: 1801 }, (_, s) => [s, announcementAt(s)] as const).filter(([, words]) => words !== null);
    expect(spoken).toEqual([
      [30, "Zostáva 30 sekúnd."],
      [60, "Zostáva 1 minúta."],
      [300, "Zostáva 5 minút."],
      [600, "Zostáva 10 minút."],
      [900, "Zostáva 15 minút."],
      [1200, "Zostáva 20 minút."],
      [1500, "Zostáva 25 minút."],
      [1800, "Zostáva 30 minút."],
    ]);
  });
});
