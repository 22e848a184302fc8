// Conform's field metadata is typed by each form's schema (app/components/forms.tsx takes
// any field), so nothing in app/ needs `as unknown as` to pass a field to a component.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("app/ has no double casts", () => {
  it("no `as unknown as` in app/", () => {
    const found = sources(path.join(root, "app")).filter((f) => fs.readFileSync(f, "utf8").includes("as unknown as")).map((f) => path.relative(root, f));
    expect(found).toEqual([]);
  });
});
