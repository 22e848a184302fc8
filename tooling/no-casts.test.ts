// Conform's field metadata is typed by each form's schema (app/components/forms.tsx takes
// any field), so nothing in app/ needs `as unknown as` to pass a field to a component.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./sources";

const root = path.resolve(import.meta.dirname, "..");

describe("app/ has no double casts", () => {
  it("no `as unknown as` in app/", () => {
    const found = sourceFiles(path.join(root, "app"))
      .filter((f) => fs.readFileSync(f, "utf8").includes("as unknown as"))
      .map((f) => path.relative(root, f));
    expect(found).toEqual([]);
  });
});
