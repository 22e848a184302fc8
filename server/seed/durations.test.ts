// The demo syllabus adds up: topics' modules sum to their level's hours,
// levels sum to the course's duration.
import { describe, expect, it } from "vitest";
import { demoCatalog } from "./catalog";

describe("demo catalog durations", () => {
  const c = demoCatalog(new Date("2026-01-01T00:00:00Z"));
  const trees = { ...c, riadenieV2: c.riadenieV2("000000000000000000000000") };
  it.each(Object.entries(trees))("%s: topics add up to levels, levels to the course", (_name, tree) => {
    let levelHours = 0;
    for (const level of tree.levels) {
      const minutes = level.topics.reduce((sum, t) => sum + (t.estimatedMinutes ?? 0), 0);
      expect(minutes, level.slug).toBe(Math.round(level.estimatedHours * 60));
      for (const t of level.topics) expect(t.estimatedMinutes, t.slug).toBeGreaterThan(0);
      levelHours += level.estimatedHours;
    }
    expect(tree.durationHours).toBe(levelHours);
  });
});
