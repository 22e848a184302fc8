// The test harness itself: the test-database guard, the console.error guard, the closing
// line of `npm test` and its Chromium check.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { allowConsoleError, consoleErrorGuard } from "../support/console-guard";
import { assertMayTouch, createTestDatabase, dropTestDatabase, TestDatabaseGuardError } from "../support/db";
import { chromiumProblem, summarize } from "../../scripts/test-summary.mjs";

describe("test-database guard", () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, APP_ENV: process.env.APP_ENV };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it("refuses a database whose name lacks 'test', on create and on drop", async () => {
    expect(() => assertMayTouch("postgres://postgres@127.0.0.1:5432/postgres", "create")).toThrow(/does not contain "test"/);
    await expect(dropTestDatabase("postgres://postgres@127.0.0.1:5432/postgres")).rejects.toThrow(TestDatabaseGuardError);
    await expect(dropTestDatabase("postgres://u@db.example/shop_production")).rejects.toThrow(/shop_production.*does not contain "test"/);
    await expect(dropTestDatabase(path.join(os.tmpdir(), "lp-data"))).rejects.toThrow(/does not contain "test"/);
  });

  it("refuses to drop what this helper did not create in this process", async () => {
    await expect(dropTestDatabase("postgres://postgres@127.0.0.1:5432/test_lp_someone_elses")).rejects.toThrow(/not created by the test-database helper/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lp-test-foreign-"));
    try {
      await expect(dropTestDatabase(dir)).rejects.toThrow(/not created by the test-database helper/);
      expect(fs.existsSync(dir)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // a directory outside the temp directory is refused whatever its name
    expect(() => assertMayTouch("/var/lib/test-data", "create")).toThrow(/not under/);
  });

  it("refuses everything with NODE_ENV or APP_ENV production", async () => {
    const db = await createTestDatabase();
    try {
      process.env.APP_ENV = "production";
      await expect(createTestDatabase()).rejects.toThrow(/APP_ENV=production/);
      await expect(db.drop()).rejects.toThrow(/APP_ENV=production/);
      delete process.env.APP_ENV;
      process.env.NODE_ENV = "production";
      await expect(createTestDatabase({ embedded: true })).rejects.toThrow(/NODE_ENV=production/);
      await expect(db.drop()).rejects.toThrow(/NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV ?? "test";
      delete process.env.APP_ENV;
      await db.drop();
    }
    // dropped once; a second drop is refused (no longer in the registry)
    await expect(db.drop()).rejects.toThrow(/not created by the test-database helper/);
  });
});

describe("console.error guard", () => {
  it("turns a console.error in a test into that test's failure, with the message", () => {
    const guard = consoleErrorGuard();
    guard.begin();
    console.error("boom %d", 42);
    const error = guard.end();
    expect(error?.message).toMatch(/console\.error was called during this test/);
    expect(error?.message).toContain("boom 42");
    guard.begin(); // hand the rest of this test back to the setup file's guard
  });

  it("lets a test allow the messages it expects, and only those", () => {
    const guard = consoleErrorGuard();
    guard.begin();
    allowConsoleError(/^expected/);
    console.error("expected failure");
    expect(guard.end()).toBeUndefined();
    guard.begin();
    allowConsoleError(/^expected/);
    console.error("expected failure");
    console.error("something else");
    expect(guard.end()?.message).toContain("something else");
    guard.begin();
  });

  it("fails a real test file that calls console.error (setupFiles is wired)", () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "console-guard-")), "report.json");
    const run = spawnSync(
      process.execPath,
      [
        path.resolve("node_modules/vitest/vitest.mjs"),
        "run",
        "--config",
        "tests/fixtures/console-guard/vitest.config.ts",
        "--reporter=json",
        `--outputFile=${out}`,
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
    const results: { title: string; status: string; failureMessages: string[] }[] = report.testResults[0].assertionResults;
    const byTitle = (title: string) => results.find((r) => r.title === title)!;
    expect(byTitle("noisy").status).toBe("failed");
    expect(byTitle("noisy").failureMessages.join("\n")).toContain("unexpected noise");
    expect(byTitle("allowed").status).toBe("passed");
    expect(byTitle("quiet").status).toBe("passed");
    expect(run.status).not.toBe(0);
  });
});

describe("npm test's closing line", () => {
  const vitest = { success: true, numPassedTests: 10, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1 };
  const playwright = { stats: { expected: 4, flaky: 1, unexpected: 0, skipped: 3 }, errors: [] };

  it("reports passed, failed and skipped from both runners", () => {
    expect(summarize({ vitest, playwright })).toMatchObject({ line: "15 passed, 0 failed, 6 skipped", ok: true });
  });

  it("fails a run in which nothing passed, or a runner left no report", () => {
    const empty = { success: true, numPassedTests: 0, numFailedTests: 0, numPendingTests: 5, numTodoTests: 0 };
    expect(summarize({ vitest: empty, playwright: { stats: { expected: 0, skipped: 2 } } })).toMatchObject({
      line: "0 passed, 0 failed, 7 skipped",
      ok: false,
    });
    expect(summarize({ vitest })).toMatchObject({ line: "10 passed, 1 failed, 3 skipped", ok: false });
    expect(summarize({ vitest: { ...vitest, success: false }, playwright }).failed).toBe(1);
  });

  it("counts a file whose hook failed (its tests reported skipped) as a failure, once per file", () => {
    const hookFailed = {
      success: false,
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 2,
      numTodoTests: 0,
      testResults: [
        { status: "failed", assertionResults: [{ status: "skipped" }, { status: "skipped" }] },
        { status: "passed", assertionResults: [{ status: "passed" }, { status: "passed" }, { status: "passed" }] },
      ],
    };
    expect(summarize({ vitest: hookFailed, playwright: { stats: { expected: 1 } } })).toMatchObject({ line: "4 passed, 1 failed, 2 skipped", ok: false });
  });

  it("names each failed test, above the closing line", () => {
    const cwd = process.cwd();
    const failing = {
      ...vitest,
      success: false,
      numFailedTests: 1,
      testResults: [
        { name: `${cwd}/tests/a.test.ts`, status: "failed", assertionResults: [{ status: "failed", fullName: "area does a thing" }, { status: "passed" }] },
        { name: `${cwd}/tests/b.test.ts`, status: "failed", message: "hook timed out\nstack", assertionResults: [{ status: "skipped" }] },
        { name: `${cwd}/tests/c.test.ts`, status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    };
    const browser = {
      stats: { expected: 1, unexpected: 1 },
      suites: [
        {
          title: "x.spec.ts",
          file: "x.spec.ts",
          specs: [],
          suites: [{ title: "group", specs: [{ title: "walks", file: "x.spec.ts", tests: [{ status: "unexpected" }] }] }],
        },
      ],
    };
    expect(summarize({ vitest: failing, playwright: browser }).failures).toEqual([
      "tests/a.test.ts › area does a thing",
      "tests/b.test.ts (the file failed: hook timed out)",
      "x.spec.ts › group › walks",
    ]);
    expect(summarize({ vitest, playwright }).failures).toEqual([]);
  });

  it("without Chromium: one line on how to install it, and the browser tests count as failed", () => {
    expect(chromiumProblem(() => true, "/usr/bin/chromium")).toBeUndefined();
    expect(chromiumProblem(() => false, "/usr/bin/chromium")).toBe(
      "Chromium not found at /usr/bin/chromium: install it with apt-get install -y chromium (or set CHROMIUM_PATH)",
    );
    expect(summarize({ vitest, browserMissing: 9 })).toMatchObject({ line: "10 passed, 9 failed, 3 skipped", ok: false });
    expect(summarize({ vitest, playwright, browserMissing: 0 }).failed).toBe(1);
  });
});

describe("one build function", () => {
  it("only scripts/build-app.mjs spawns React Router's build; start, test, bench and the vitest setup use it", () => {
    const users = ["scripts/start.mjs", "scripts/test.mjs", "bench/run.mjs", "tests/support/global-setup.ts"];
    for (const file of users) {
      const text = fs.readFileSync(file, "utf8");
      expect(text, file).not.toContain("@react-router/dev/bin.cjs");
      expect(text, file).toMatch(/from "(\.\/|\.\.\/scripts\/|\.\.\/\.\.\/scripts\/)build-app\.mjs"/);
    }
    expect(fs.readFileSync("scripts/build-app.mjs", "utf8")).toContain("@react-router/dev/bin.cjs");
  });
});
