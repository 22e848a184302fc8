// The decision records (docs/decisions/README.md): one file per decision, every file in the
// index, and every citation in code and docs points to a file that exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const base = path.join(root, "docs/decisions");

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "build" || name === "reports") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

describe("decision records", () => {
  const index = readFileSync(path.join(base, "README.md"), "utf8");
  const linked = [...index.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => m[1]);

  it("are one file per decision, each listed once in the index", () => {
    const files = walk(base, (f) => f.endsWith(".md"))
      .map((f) => path.relative(base, f))
      .filter((f) => f !== "README.md");
    expect(files.length).toBeGreaterThan(100);
    expect([...linked].sort()).toEqual([...files].sort());
    for (const file of files) {
      expect(readFileSync(path.join(base, file), "utf8"), file).toMatch(/^# \S/);
    }
  });

  it("replace the single decisions file", () => {
    expect(existsSync(path.join(root, "docs/decisions.md"))).toBe(false);
  });

  it("are cited by files that exist", () => {
    const sources = ["app", "server", "shared", "tests", "tooling", "scripts", "bench", "docs", "jobs"]
      .filter((d) => existsSync(path.join(root, d)))
      .flatMap((d) => walk(path.join(root, d), (f) => /\.(tsx?|mjs|js|md)$/.test(f)))
      .concat(["README.md", "Dockerfile"].map((f) => path.join(root, f)).filter(existsSync));
    const missing: string[] = [];
    let cited = 0;
    for (const file of sources.filter((f) => !f.endsWith("decisions.test.ts"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/docs\/decisions(\.md\b|\/[\w./-]+\.md)/g)) {
        if (m[1] === ".md") {
          missing.push(`${path.relative(root, file)}: docs/decisions.md`);
          continue;
        }
        cited += 1;
        if (!existsSync(path.join(root, "docs/decisions", m[1]))) missing.push(`${path.relative(root, file)}: ${m[0]}`);
      }
    }
    expect(cited).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
