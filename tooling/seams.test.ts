// The seams between areas that the dependency rules cannot see (docs/architecture.md >
// What the checks enforce): which names quizzes takes from learning, and that the
// enrollment's row type is derived in server/enrollments only. `npm run depcheck` runs
// these with dependency-cruiser.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./sources";

const root = path.resolve(import.meta.dirname, "..");

const sources = (dir: string) => sourceFiles(dir, { tests: false });

const read = (file: string) => fs.readFileSync(file, "utf8");
const rel = (file: string) => path.relative(root, file);

/** The narrow API learning offers tests (server/learning/tests.ts). */
const LEARNING_FOR_TESTS = new Set(["testGate", "afterAttempt", "standingDownstream", "reviewScope", "TestGate", "Downstream", "ReviewTopic"]);

/** Names a module imports from `from` (a relative specifier as written), and the specifiers that reach into `area`. */
export function importsFrom(text: string, area: string): { names: string[]; specifiers: string[] } {
  const names: string[] = [];
  const specifiers: string[] = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    const spec = m[2];
    if (!new RegExp(`(^|/)\\.\\./${area}(/|$)`).test(spec)) continue;
    specifiers.push(spec);
    names.push(
      ...m[1]
        .split(",")
        .map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0],
        )
        .filter(Boolean),
    );
  }
  return { names, specifiers };
}

/** Files outside server/enrollments that derive the enrollment row type from the table. */
export function rowTypeOutsideEnrollments(files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => !file.startsWith("server/enrollments/") && !file.startsWith("server/db/"))
    .filter(({ text }) => /\benrollments\.\$infer(Select|Insert)\b/.test(text))
    .map(({ file }) => file);
}

describe("quizzes reach learning only through its test API", () => {
  it("the scan sees names and specifiers", () => {
    const sample = `import { loadProgressFacts, type EnrollmentRow } from "../learning";\nimport { x } from "../learning/engine";`;
    expect(importsFrom(sample, "learning")).toEqual({ names: ["loadProgressFacts", "EnrollmentRow", "x"], specifiers: ["../learning", "../learning/engine"] });
  });

  it("quizzes imports learning's index.ts only, and only testGate, afterAttempt and their types", () => {
    const files = sources(path.join(root, "server/quizzes"));
    expect(files.length).toBeGreaterThan(3);
    const used = files.map((f) => importsFrom(read(f), "learning"));
    expect(used.flatMap((u) => u.specifiers).filter((s) => s !== "../learning")).toEqual([]);
    expect(used.flatMap((u) => u.names).filter((n) => !LEARNING_FOR_TESTS.has(n))).toEqual([]);
  });
});

describe("the Enrollment has one home", () => {
  it("the scan finds a row type derived from the table", () => {
    expect(rowTypeOutsideEnrollments([{ file: "server/learning/engine.ts", text: "export type EnrollmentRow = typeof enrollments.$inferSelect;" }])).toEqual([
      "server/learning/engine.ts",
    ]);
  });

  it("nothing but server/enrollments derives the enrollment row type", () => {
    const files = ["server", "app", "jobs"].flatMap((d) => sources(path.join(root, d))).map((f) => ({ file: rel(f), text: read(f) }));
    expect(rowTypeOutsideEnrollments(files)).toEqual([]);
  });
});
