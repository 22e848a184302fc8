// Rate limits of the public catalog (spec: Limits; Errors: 429 with Retry-After).
// Each case speaks from its own loopback address (127.0.0.x), so it starts with a full
// budget whatever the other cases (and the harness's start-up probe from 127.0.0.1) spent.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";
import { insertCatalogFixtures } from "../support/catalog-fixtures";

const CATALOG = 3;
const PREVIEW = 2;
const PUBLIC = 3;
const lowLimits = {
  RATE_LIMIT_CATALOG_PER_MIN: String(CATALOG),
  RATE_LIMIT_PREVIEW_PER_MIN: String(PREVIEW),
  RATE_LIMIT_PUBLIC_PER_MIN: String(PUBLIC),
  TRUST_PROXY_HOPS: "0",
};

let database: TestDatabase;
let appA: RunningApp;
let appB: RunningApp;
// embedded PGlite serves one process only; the shared-budget case needs a database server
const twoInstances = Boolean(serverUrl());

beforeAll(async () => {
  database = await createTestDatabase();
  await insertCatalogFixtures(database);
  // two instances on one database, started one after the other (both migrate)
  appA = await startApp({ database, seed: false, env: lowLimits });
  appB = twoInstances ? await startApp({ database, seed: false, env: lowLimits }) : appA;
});
afterAll(async () => {
  await appA?.stop();
  if (appB !== appA) await appB?.stop();
  await database?.drop();
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** GET from a chosen local address; the server sees it as the socket's remote address. */
function getFrom(app: RunningApp, from: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // Host as in PUBLIC_URL (localhost), so the canonical-host redirect stays out of the way
    const req = http.get({ host: "127.0.0.1", port: app.port, path, localAddress: from, headers: { host: new URL(app.url).host, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

function expect429Json(reply: Reply, limit: string) {
  expect(reply.status).toBe(429);
  expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  const retryAfter = Number(reply.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(JSON.parse(reply.body)).toEqual({
    error: "rate_limited",
    message: expect.any(String),
    details: { limit, retryAfterSeconds: retryAfter },
  });
}

describe("catalog API limit (catalog, per IP)", () => {
  it("answers the (N+1)th request with 429, Retry-After and the error body; list and detail share the budget", async () => {
    const ip = "127.0.0.11";
    expect((await getFrom(appA, ip, "/api/courses")).status).toBe(200);
    expect((await getFrom(appA, ip, "/api/courses/riadenie-test")).status).toBe(200);
    expect((await getFrom(appA, ip, "/api/courses?tag=manager")).status).toBe(200);
    expect429Json(await getFrom(appA, ip, "/api/courses"), "catalog");
    expect429Json(await getFrom(appA, ip, "/api/courses/riadenie-test"), "catalog");
    // invalid requests are counted too and still refused with 429, not 422
    expect429Json(await getFrom(appA, ip, "/api/courses?pageSize=99"), "catalog");
  });

  it("keeps budgets per client address", async () => {
    for (let i = 0; i < CATALOG; i++) expect((await getFrom(appA, "127.0.0.12", "/api/courses")).status).toBe(200);
    expect((await getFrom(appA, "127.0.0.12", "/api/courses")).status).toBe(429);
    expect((await getFrom(appA, "127.0.0.13", "/api/courses")).status).toBe(200);
  });

  it("ignores X-Forwarded-For when TRUST_PROXY_HOPS (TRUST_PROXY's alias) is 0, so a new header buys no new budget", async () => {
    const ip = "127.0.0.14";
    for (let i = 0; i < CATALOG; i++) {
      expect((await getFrom(appA, ip, "/api/courses", { "X-Forwarded-For": `203.0.113.${i + 1}` })).status).toBe(200);
    }
    expect429Json(await getFrom(appA, ip, "/api/courses", { "X-Forwarded-For": "198.51.100.77" }), "catalog");
    expect429Json(await getFrom(appA, ip, "/api/courses", { "X-Forwarded-For": "198.51.100.78, 10.0.0.1" }), "catalog");
    // and says so in the log, once (rate-limited), however many such requests came
    const warnings = appA
      .output()
      .split("\n")
      .filter((line) => line.includes("X-Forwarded-For from an address TRUST_PROXY does not trust"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/"level":"warn"|"level":40/);
  });

  // PostgreSQL only: two app processes cannot share one embedded PGlite directory
  it.skipIf(!twoInstances)("shares one budget between two app instances on the same database (PostgreSQL only)", async () => {
    const ip = "127.0.0.15";
    expect((await getFrom(appA, ip, "/api/courses")).status).toBe(200);
    expect((await getFrom(appB, ip, "/api/courses")).status).toBe(200);
    expect((await getFrom(appA, ip, "/api/courses")).status).toBe(200);
    expect429Json(await getFrom(appB, ip, "/api/courses"), "catalog");
    expect429Json(await getFrom(appA, ip, "/api/courses"), "catalog");
  });
});

describe("preview limit (preview, per IP)", () => {
  it("has its own, smaller budget", async () => {
    const ip = "127.0.0.21";
    for (let i = 0; i < PREVIEW; i++) expect((await getFrom(appA, ip, "/api/courses/riadenie-test/preview")).status).toBe(200);
    expect429Json(await getFrom(appB, ip, "/api/courses/riadenie-test/preview"), "preview");
    // the catalog budget of the same address is untouched
    expect((await getFrom(appA, ip, "/api/courses")).status).toBe(200);
  });
});

describe("page limit (public, per IP)", () => {
  it("renders the Slovak error page with status 429 and Retry-After once pages exceed the budget", async () => {
    const ip = "127.0.0.31";
    expect((await getFrom(appA, ip, "/")).status).toBe(200);
    expect((await getFrom(appA, ip, "/kurzy/riadenie-test")).status).toBe(200);
    expect((await getFrom(appB, ip, "/?tag=manager")).status).toBe(200);
    for (const path of ["/", "/kurzy/riadenie-test", "/kurzy/riadenie-test/kupit"]) {
      const reply = await getFrom(appA, ip, path);
      expect(reply.status).toBe(429);
      expect(reply.headers["content-type"]).toMatch(/^text\/html/);
      const retryAfter = Number(reply.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(reply.body).toContain("Príliš veľa požiadaviek");
      expect(reply.body).toContain('<html lang="sk"');
      expect(reply.body).not.toContain("Riadenie športového klubu");
    }
    // pages and the JSON API keep separate budgets
    expect((await getFrom(appA, ip, "/api/courses")).status).toBe(200);
  });
});
