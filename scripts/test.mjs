// `npm test`: build once, run Vitest and Playwright (even if Vitest failed), then print
// one last line "N passed, N failed, N skipped" from both JSON reports. A runner whose
// report is missing counts as one failure, and a run in which nothing passed fails, so a
// run that executed nothing is visible. Without Chromium the browser tests count as failed
// and one line says how to install it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildApp, root } from "./build-app.mjs";
import { chromiumProblem, countListedTests, summarize } from "./test-summary.mjs";

const bin = (name) => path.join(root, "node_modules/.bin", name);
// Playwright empties test-results/ when it starts, so the reports live elsewhere
const results = path.join(root, "reports");
fs.mkdirSync(results, { recursive: true });
const vitestReport = path.join(results, "vitest.json");
const playwrightReport = path.join(results, "playwright.json");
for (const f of [vitestReport, playwrightReport]) fs.rmSync(f, { force: true });

const run = (cmd, args, env = {}, stdio = "inherit") => spawnSync(cmd, args, { cwd: root, stdio, encoding: "utf8", env: { ...process.env, ...env } });

if (!buildApp()) {
  console.log("0 passed, 1 failed, 0 skipped");
  process.exit(1);
}
run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`], { SKIP_BUILD: "1" });

const noBrowser = chromiumProblem(fs.existsSync);
let browserMissing;
if (noBrowser) {
  const listed = run(bin("playwright"), ["test", "--list", "--reporter=json"], {}, ["ignore", "pipe", "inherit"]);
  browserMissing = countListedTests(read(listed.stdout, false));
} else {
  run(bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
}

function read(fileOrText, isFile = true) {
  try {
    return JSON.parse(isFile ? fs.readFileSync(fileOrText, "utf8") : fileOrText);
  } catch {
    return undefined;
  }
}
const summary = summarize({ vitest: read(vitestReport), playwright: read(playwrightReport), browserMissing });
if (noBrowser) console.log(`${noBrowser} (${Math.max(1, browserMissing)} browser tests counted as failed)`);
for (const name of summary.failures) console.log(`failed: ${name}`);
console.log(summary.line);
process.exit(summary.ok ? 0 : 1);
