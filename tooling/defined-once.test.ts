// The building blocks both sides share are defined once, in shared/, and two area rules in
// their area (issue 34, item 3;
// docs/decisions/platform/kernel-and-shared.md): this scans the sources the app runs
// (server/, app/, jobs/, shared/; tests and the stand-ins of outside systems left out) and fails when one is defined again
// anywhere, or outside its home.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./sources";

const root = path.resolve(import.meta.dirname, "..");

/** name → [what a definition looks like, the one file that may hold it] */
const ONCE: Record<string, [RegExp, string]> = {
  "the id pattern": [/\[0-9a-f\]\{24\}/, "shared/ids.ts"],
  isId: [/function isId\b|const isId\s*=/, "shared/ids.ts"],
  "the slug pattern": [/\^\[a-z0-9\]\+\(\?:-\[a-z0-9\]\+\)\*\$/, "shared/slugs.ts"],
  slugify: [/function slugify\b|const slugify\s*=/, "shared/slugs.ts"],
  plural: [/function (plural|slovakPlural)\b|new Intl\.PluralRules/, "shared/plural.ts"],
  bratislavaDay: [/function bratislavaDay\b|const bratislavaDay\s*=/, "shared/calendar.ts"],
  "digit groups": [/\\B\(\?=\(\\d\{3\}\)\+\(\?!\\d\)\)/, "shared/format.ts"],
  formatDecimal: [/function formatDecimal\b/, "shared/format.ts"],
  "Slovak date formats": [/function formatDate(Long|Time)?\b/, "shared/format.ts"],
  "the watch ratio": [/VIDEO_COMPLETION_RATIO\s*=/, "shared/watch.ts"],
  // the states in which a student holds a course (active or completed), and the attempts left at a test
  "holds the course": [/\["active", "completed"\]|state === "active" \|\| [\w.]*state === "completed"/, "server/enrollments/access.ts"],
  "attempts left": [/maxAttempts\s*-/, "server/quizzes/rules.ts"],
};

function definitions(): Record<string, string[]> {
  const found: Record<string, string[]> = Object.fromEntries(Object.keys(ONCE).map((name) => [name, []]));
  for (const dir of ["server", "app", "jobs", "shared"]) {
    for (const file of sourceFiles(path.join(root, dir), { tests: false })) {
      const rel = path.relative(root, file).split(path.sep).join("/");
      if (rel.startsWith("server/stand-ins/")) continue; // stand-ins imitate outside systems, not the platform
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments may name them
        for (const [name, [pattern]] of Object.entries(ONCE)) if (pattern.test(line)) found[name].push(`${rel}:${i + 1}`);
      });
    }
  }
  return found;
}

describe("shared building blocks are defined once", () => {
  it("each is defined in its home and nowhere else", () => {
    const found = definitions();
    for (const [name, [, home]] of Object.entries(ONCE)) {
      const places = found[name];
      expect(places.length, `${name}: not found in ${home}`).toBeGreaterThan(0);
      expect(
        places.filter((p) => !p.startsWith(`${home}:`)),
        `${name} defined outside ${home}`,
      ).toEqual([]);
    }
  });
});
