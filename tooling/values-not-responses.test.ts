// Use cases return values (docs/decisions/platform/use-cases-return-values.md > Use cases return values): a domain call
// answers data (or throws DomainError), and withIdempotency answers {status, body}; only
// /api routes turn a value into a Response. So nothing in app/ reads a Response back with
// `.json()`, except the browser reading its own fetch of an /api route.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./sources";

const root = path.resolve(import.meta.dirname, "..");

/** `x.json()` calls in app/ whose receiver is not the answer of a browser `fetch(`. */
export function jsonReadsOfResponses(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    for (const match of text.matchAll(/(\w+|\))\s*\)?\s*\.json\(\)/g)) {
      const receiver = match[1];
      const fromFetch = receiver !== ")" && new RegExp(`\\b${receiver}\\s*=\\s*(await\\s+)?fetch\\(`).test(text);
      const line = text.slice(0, match.index).split("\n").length;
      if (!fromFetch) found.push(`${file}:${line}`);
    }
  }
  return found;
}

describe("app/ reads values, not Responses", () => {
  const files = sourceFiles(path.join(root, "app")).map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, "utf8") }));

  it("the scan finds a Response read back (it is not blind)", () => {
    const sample = `const response = await placeOrder(services, user, body);\nconst created = (await response.json()) as { redirectUrl: string };`;
    expect(jsonReadsOfResponses([{ file: "sample.tsx", text: sample }])).toEqual(["sample.tsx:2"]);
    const browser = `const res = await fetch("/api/x");\nconst answer = await res.json();`;
    expect(jsonReadsOfResponses([{ file: "browser.tsx", text: browser }])).toEqual([]);
  });

  it("no module in app/ calls .json() on a Response from a domain call", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(jsonReadsOfResponses(files)).toEqual([]);
  });
});
