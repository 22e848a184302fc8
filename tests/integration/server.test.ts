import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";

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

  it("production mode refuses the embedded stand-ins", () => {
    const r = run({ APP_ENV: "production" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Missing configuration: DATABASE_URL/);
  });
});
