import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tooling/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "jobs/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // a test that writes to console.error fails (tests/support/console-guard.ts)
    setupFiles: ["tests/support/setup-console.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
