// The closing line of `npm test` from the runners' JSON reports, and the browser check;
// kept apart from scripts/test.mjs so tests/integration/test-harness.test.ts can check them.

/** Where Playwright finds Chromium (playwright.config.ts reads the same variable). */
export const chromiumPath = (env = process.env) => env.CHROMIUM_PATH || "/usr/bin/chromium";

/** One line telling how to install Chromium, or undefined when it is there. */
export function chromiumProblem(exists, file = chromiumPath()) {
  if (exists(file)) return undefined;
  return `Chromium not found at ${file}: install it with apt-get install -y chromium (or set CHROMIUM_PATH)`;
}

/**
 * Counts from the Vitest and Playwright JSON reports (undefined = missing report, counted
 * as one failure). `browserMissing` = number of browser tests that could not run.
 */
export function summarize({ vitest, playwright, browserMissing } = {}) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
    skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
    // a file that failed without a failed test (it did not load, or a beforeAll/afterAll
    // hook threw and its tests were reported skipped) counts as one failure
    const brokenFiles = (vitest.testResults ?? []).filter(
      (file) => file.status === "failed" && !(file.assertionResults ?? []).some((a) => a.status === "failed"),
    ).length;
    failed += brokenFiles;
    if (!vitest.success && !vitest.numFailedTests && brokenFiles === 0) failed += 1;
  } else failed += 1;
  if (browserMissing !== undefined) failed += Math.max(1, browserMissing);
  else if (playwright?.stats) {
    passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected ?? 0;
    skipped += playwright.stats.skipped ?? 0;
    if (playwright.errors?.length) failed += playwright.errors.length;
  } else failed += 1;
  return {
    passed,
    failed,
    skipped,
    ok: failed === 0 && passed > 0,
    line: `${passed} passed, ${failed} failed, ${skipped} skipped`,
    failures: failureNames({ vitest, playwright }),
  };
}

/**
 * The failed tests by file and name, printed just above the closing line: the tail of a CI
 * log then says which test failed, not only how many.
 */
export function failureNames({ vitest, playwright } = {}) {
  const names = [];
  const root = process.cwd();
  const relative = (file) => (typeof file === "string" && file.startsWith(root) ? file.slice(root.length + 1) : file);
  for (const file of vitest?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) names.push(`${relative(file.name)} › ${a.fullName ?? a.title}`);
    if (file.status === "failed" && failed.length === 0) names.push(`${relative(file.name)} (the file failed: ${String(file.message ?? "").split("\n")[0]})`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) if (test.status === "unexpected") names.push(`${spec.file ?? suite.file} › ${[...titles, spec.title].join(" › ")}`);
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, []);
  for (const error of playwright?.errors ?? []) names.push(`playwright: ${String(error.message ?? "").split("\n")[0]}`);
  return names;
}

/** Number of tests in a `playwright test --list --reporter=json` report. */
export function countListedTests(report) {
  let n = 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) n += spec.tests?.length ?? 1;
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return n;
}
