// The project carries its runtime (the `node` dependency, Node 24 LTS): npm scripts put
// node_modules/.bin first on PATH, so tests, the app and the benchmark run on it even
// where the machine's own Node is older.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

describe("runtime", () => {
  it("runs on the Node 24 LTS the project carries", () => {
    expect(process.version).toMatch(/^v24\./);
    expect(process.version).toBe(`v${pkg.dependencies.node}`);
  });

  it("spawns servers with that same binary (the one npm put on PATH)", () => {
    const version = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
    expect(version).toBe(process.version);
  });

  it("declares the truth in engines", () => {
    expect(pkg.engines.node).toMatch(/^>=24\./);
  });
});
