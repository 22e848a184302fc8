// Refusals are returned (docs/decisions/platform/use-cases-return-values.md > Refusals are
// returned): a use case answers an expected refusal as an Outcome, and its page branches on
// `ok`. So a `catch` in app/ that looks at a DomainError is a conversion still to do, except
// in the few places whose job is the conversion itself or a failure, listed here with why.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./sources";

const root = path.resolve(import.meta.dirname, "..");

/** Where a catch may look at a DomainError, and why. */
const CONVERSIONS: Record<string, string> = {
  "app/lib/page.server.ts": "pageRoute turns what a page throws into its error page; readForm's unreadable body",
  "app/lib/api.server.ts": "the /api error answer; a body that is not JSON",
  "app/routes/api/tests/attempts.ts": "a body that is not JSON (the attempt start takes an empty one)",
  "app/lib/operation-route.server.ts": "the rate limit's 429, which an operation may answer its own way (whenLimited)",
  "app/lib/public-read.server.ts": "the rate limit's 429 on a public page",
  "app/lib/admin-enrollments.server.ts": "the identity provider down (503) while looking a person up: a failure, said beside the picker",
};

/** `file:line` of each catch whose next lines test a DomainError or its code. */
export function catchesOfDomainErrors(files: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      if (!/\bcatch\s*\(/.test(line)) return;
      const body = lines.slice(i, i + 6).join("\n");
      if (/instanceof DomainError|\.code\s*[!=]==|formRefusalOf\(\s*(e|error|err)\s*\)/.test(body)) found.push(`${file}:${i + 1}`);
    });
  }
  return found;
}

describe("app/ branches on returned refusals", () => {
  const files = sourceFiles(path.join(root, "app"))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, "utf8") }));

  it("the scan finds a refusal caught by code (it is not blind)", () => {
    const sample = `try {\n  await publishCourse(db, actor, id);\n} catch (error) {\n  if (error instanceof DomainError && error.code === "validation") return reply(error);\n  throw error;\n}`;
    expect(catchesOfDomainErrors([{ file: "sample.ts", text: sample }])).toEqual(["sample.ts:3"]);
    const branch = `const published = await publishCourse(db, actor, id);\nif (!published.ok) return reply(published.error);`;
    expect(catchesOfDomainErrors([{ file: "branch.ts", text: branch }])).toEqual([]);
  });

  it("no catch in app/ tests a DomainError outside the listed conversions", () => {
    expect(files.length).toBeGreaterThan(50);
    const caught = catchesOfDomainErrors(files).filter((at) => !(at.split(":")[0] in CONVERSIONS));
    expect(caught).toEqual([]);
  });

  it("every listed conversion still has its catch (the list does not go stale)", () => {
    const withCatch = new Set(catchesOfDomainErrors(files).map((at) => at.split(":")[0]));
    expect(Object.keys(CONVERSIONS).filter((file) => !withCatch.has(file))).toEqual([]);
  });
});
