import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCTION_REQUIRED } from "#server/config";
import { startApp, type RunningApp } from "../support/app";
import { productionEnv } from "../support/production-env";

describe("server start-up", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ seed: false });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers unknown /api URLs with the spec's error body", async () => {
    const res = await fetch(`${app.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: "not_found", message: expect.any(String), details: {} });
  });

  it("answers unknown pages with a Slovak 404 page", async () => {
    const res = await fetch(`${app.url}/neexistuje`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Stránka sa nenašla");
  });
});

describe("configuration errors", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["server.mjs"], { cwd: root, env: { PATH: process.env.PATH!, ...env }, encoding: "utf8", timeout: 30_000 });

  it("stop the server with one line naming the variable", () => {
    const r = run({ PORT: "not-a-port" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  });

  it("production mode lists every missing variable in one start, no stack", () => {
    const r = run({ APP_ENV: "production" });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines[0]).toBe(`${PRODUCTION_REQUIRED.length} configuration problems; the server does not start:`);
    expect(lines.slice(1).map((l) => /^ {2}Missing configuration: (\w+) /.exec(l)?.[1])).toEqual(PRODUCTION_REQUIRED);
  });

  it("production mode lists the weak values and the keys that do not parse together", () => {
    const r = run(
      productionEnv({
        SESSION_SECRET: "a".repeat(32),
        PUBLIC_URL: "http://kurzy.example",
        INVOICE_SUPPLIER_IBAN: "SK3212000000198742637541",
        CREDENTIAL_SIGNING_KEY: "not a key",
        MUX_SIGNING_KEY_PRIVATE: "not a key either",
      }),
    );
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toEqual([
      "5 configuration problems; the server does not start:",
      expect.stringMatching(/^ {2}Invalid configuration: INVOICE_SUPPLIER_IBAN has wrong check digits/),
      expect.stringMatching(/^ {2}Invalid configuration: SESSION_SECRET has too little entropy/),
      expect.stringMatching(/^ {2}Invalid configuration: PUBLIC_URL must be https in production/),
      expect.stringMatching(/^ {2}Invalid configuration: MUX_SIGNING_KEY_PRIVATE /),
      expect.stringMatching(/^ {2}Invalid configuration: CREDENTIAL_SIGNING_KEY /),
    ]);
  });

  it("npm run seed is refused with APP_ENV=production: a clear line, exit 1, nothing opened", () => {
    const r = spawnSync(process.execPath, ["server.mjs", "--seed-only"], {
      cwd: root,
      env: { PATH: process.env.PATH!, ...productionEnv({ DATABASE_URL: "postgres://app@127.0.0.1:1/unreachable" }) },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Seeding demo data is refused with APP_ENV=production/)]);
  });
});
