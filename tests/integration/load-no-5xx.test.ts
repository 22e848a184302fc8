// a bounded load test on loopback, 20k mixed requests (well-formed
// reads, pages, unknown paths, NUL bytes, odd methods, malformed Host and targets, bodies
// to routes that do not read them, oversized bodies) gives no answer >= 500 and no request
// left without an answer. LOAD_REQUESTS changes the count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { rawExchange } from "../support/raw-http";

const TOTAL = Number(process.env.LOAD_REQUESTS ?? 20_000);
const CONCURRENCY = 48;

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

type Probe = (i: number) => Promise<number>;

const get =
  (path: string, init?: RequestInit): Probe =>
  async () => {
    const res = await fetch(`${app.url}${path}`, { redirect: "manual", ...init });
    await res.arrayBuffer();
    return res.status;
  };
const raw =
  (request: () => string): Probe =>
  async () => {
    const { responses } = await rawExchange(app.port, [request()], { expect: 1, timeoutMs: 10_000 });
    return responses[0]?.status ?? 0;
  };
const host = () => `localhost:${app.port}`;
const body900k = "x".repeat(900 * 1024);

// weights: mostly ordinary traffic, a steady share of hostile input
const probes: [number, Probe][] = [
  [30, get("/api/courses?pageSize=5")],
  [10, get("/api/courses/riadenie-sportoveho-klubu")],
  [6, get("/api/courses/riadenie-sportoveho-klubu/preview")],
  [8, get("/")],
  [5, get("/kurzy/riadenie-sportoveho-klubu")],
  [4, get("/api/nope")],
  [4, get("/kurzy/neexistuje")],
  [4, (i) => get(["/api/courses?tag=%00", "/api/courses/%00", "/kurzy/%00", "/?tag=%00", "/api/courses?page=-1", "/api/courses?pageSize=999999"][i % 6])(i)],
  [3, get("/api/courses", { method: "POST", body: "{}", headers: { "content-type": "application/json" } })],
  [3, get("/api/courses", { method: "OPTIONS" })],
  [2, get("/api/auth/backchannel-logout", { method: "POST", body: "logout_token=x.y.z", headers: { "content-type": "application/x-www-form-urlencoded" } })],
  [2, get("/api/me")],
  [2, get("/healthz")],
  [3, raw(() => `TRACE / HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`)],
  [2, raw(() => `PROPFIND /api/courses HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`)],
  [2, raw(() => `GET / HTTP/1.0\r\n\r\n`)],
  [2, raw(() => `GET /api/courses HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`)],
  [2, raw(() => `GET http://evil.example/ HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`)],
  [1, raw(() => `POST /api/does-not-exist HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: ${body900k.length}\r\nConnection: close\r\n\r\n${body900k}`)],
  [1, raw(() => `POST /api/courses HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n`)],
  [1, raw(() => `GET /api/courses HTTP/1.1\r\nHost: ${host()}\r\nX-Big: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`)],
];
const table = probes.flatMap(([weight, probe]) => Array.from({ length: weight }, () => probe));

describe("load on loopback", () => {
  it(`${TOTAL} mixed requests: no answer >= 500, every request answered`, { timeout: 600_000 }, async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    async function worker() {
      for (;;) {
        const i = next++;
        if (i >= TOTAL) return;
        const probe = table[(i * 7919) % table.length];
        try {
          const status = await probe(i);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500 || status === 0) failures.push(`#${i} (${(i * 7919) % table.length}): ${status}`);
        } catch (error) {
          failures.push(`#${i} (${(i * 7919) % table.length}): ${(error as Error).message}`);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 20), JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(TOTAL);
  });
});
