// The Dockerfile and docs/configuration.md list every variable the configuration reads.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, PRODUCTION_REQUIRED } from "./index";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Names in the Dockerfile's comment block that follows `heading` ("#   NAME NAME …" lines). */
function dockerfileList(heading: RegExp): string[] {
  const lines = read("Dockerfile").split("\n");
  const start = lines.findIndex((l) => heading.test(l));
  expect(start, `Dockerfile has a comment matching ${heading}`).toBeGreaterThanOrEqual(0);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^# {3}(.+)$/.exec(line);
    // the heading may go on for a line or two before the names
    if (!m && !names.length && /^# [^ ]/.test(line)) continue;
    if (!m) break;
    names.push(...m[1]!.trim().split(/\s+/));
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("every configuration variable is documented", () => {
  it("the Dockerfile lists what production requires and what is optional", () => {
    const required = dockerfileList(/^# Required with APP_ENV=production/);
    const optional = dockerfileList(/^# Optional/);
    expect(sorted(required)).toEqual(sorted(PRODUCTION_REQUIRED));
    expect(sorted([...required, ...optional])).toEqual(sorted(CONFIG_VARIABLES));
    expect(required.filter((name) => optional.includes(name))).toEqual([]);
  });

  it("docs/configuration.md has a row for every variable, and none for a variable that does not exist", () => {
    const section = read("docs/configuration.md");
    const documented = new Set<string>();
    for (const line of section.split("\n")) {
      const first = /^\| ([^|]+) \|/.exec(line)?.[1] ?? "";
      for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) documented.add(m[1]!);
    }
    // BUILD_DIR is read by the build and server.mjs, not by the configuration
    documented.delete("BUILD_DIR");
    expect(sorted(documented)).toEqual(sorted(CONFIG_VARIABLES));
  });
});
