// `npm test`: build once, run Vitest and Playwright (even if Vitest failed), then print
// one last line "N passed, N failed" from both JSON reports. A runner whose report is
// missing counts as one failure, so a run that executed nothing is visible.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
// Playwright empties test-results/ when it starts, so the reports live elsewhere
const results = path.join(root, "reports");
fs.mkdirSync(results, { recursive: true });
const vitestReport = path.join(results, "vitest.json");
const playwrightReport = path.join(results, "playwright.json");
for (const f of [vitestReport, playwrightReport]) fs.rmSync(f, { force: true });

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status;

if (run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"]) !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}
run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`], { SKIP_BUILD: "1" });
run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
let passed = 0;
let failed = 0;
const v = read(vitestReport);
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  if (!v.success && !v.numFailedTests) failed += 1; // e.g. a suite that failed to load
} else failed += 1;
const p = read(playwrightReport);
if (p?.stats) {
  passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected ?? 0;
  if (p.errors?.length) failed += p.errors.length;
} else failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
