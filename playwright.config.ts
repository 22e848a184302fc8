// Browser tests drive Debian's Chromium (/usr/bin/chromium), never a downloaded browser.
// The app is the production build with a fresh seeded database, started by
// tests/e2e/support/global-setup.ts; specs use relative URLs (baseURL). Demo users: README.
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3917);
process.env.E2E_PORT = String(port);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  globalSetup: "./tests/e2e/support/global-setup.ts",
});
