// Browser tests drive Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH), never a
// downloaded browser; without it global-setup stops with one line saying how to install it.
// The app is the production build with a fresh seeded database, started by
// tests/e2e/support/global-setup.ts; specs use relative URLs (baseURL). Demo users: README > Demo users.
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/test-summary.mjs";

const port = Number(process.env.E2E_PORT ?? 3917);
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  // assertions wait longer than Playwright's 5 s: CI shares two cores with the app, PostgreSQL,
  // the job queue and ffmpeg, and a server round trip there can take seconds
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  globalSetup: "./tests/e2e/support/global-setup.ts",
});
