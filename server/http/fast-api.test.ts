// The JSON API served from node:http (fast-api.ts) answers exactly as the Express stack it
// stands in for: both are built here from the same real parts (Express, compression, the
// front door, the canonical-host redirect) around one route handler, and the same requests
// are sent to both over real sockets; status, headers (but the per-request id and date) and
// bodies must be equal, and the log lines and metrics samples the same.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../log";
import { metricsRegistry } from "../log/metrics";
import { createApiPipeline } from "./fast-api";
import { createFrontDoor } from "./front";
import { warnUntrustedForwarding } from "./proxy-trust";

type Served = { url: string; lines: Record<string, unknown>[]; close(): Promise<void> };

const bigJson = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Kurz ${i}` })) });

/** A stand-in for React Router's handler: a few kinds of answer by path. */
const route: RequestHandler = async (req, res) => {
  const path = req.path;
  if (path === "/api/small") {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Cache-Control", "private, no-store");
    res.end('{"data":[]}');
  } else if (path === "/api/big") {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(bigJson));
    res.end(req.method === "HEAD" ? undefined : bigJson);
  } else if (path === "/api/pdf") {
    res.setHeader("Content-Type", "application/pdf");
    res.end(Buffer.alloc(2048, 1));
  } else if (path === "/api/echo") {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.status(201).end(JSON.stringify({ bytes: Buffer.concat(chunks).length, ip: req.ip }));
  } else if (path === "/api/boom") {
    throw new Error("boom");
  } else {
    res.status(404).json({ error: "not_found", message: "nothing here", details: {} });
  }
};

async function serve(fast: boolean, port = 0): Promise<Served> {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const log = createLogger("info", true, { destination });
  const front = createFrontDoor({ log, production: true, ready: async () => ({ ready: true, checks: {} }) });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  const warn = warnUntrustedForwarding({ log, trusts: app.get("trust proxy fn") });
  app.use(warn);
  app.use(front.begin);
  app.use(front.probes);
  const compress = compression();
  app.use(compress);
  const allowedHosts = new Set<string>();
  const canonicalHost: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || allowedHosts.has(req.headers.host ?? "")) return next();
    res.redirect(302, new URL(req.originalUrl, `http://localhost:${port}`).href);
  };
  app.use(canonicalHost);
  app.use(route);
  app.use(front.errors);
  const api = createApiPipeline({
    app,
    before: [warn, front.begin],
    compress,
    canonicalHost,
    handler: route,
    errors: front.errors,
    mounts: ["/idp"],
    staticPaths: ["/favicon.svg"],
  });
  expect(api.enabled).toBe(true);
  const server = http.createServer((req, res) => (fast && api.takes(req) ? api.handle(req, res) : app(req, res)));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  allowedHosts.add(`localhost:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** One exchange over a raw socket (fetch would hide Host, decoding and some headers). */
function exchange(url: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${url}${options.path}`, { method: options.method ?? "GET", headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

let viaExpress: Served;
let viaFast: Served;
beforeAll(async () => {
  viaExpress = await serve(false);
  viaFast = await serve(true);
});
afterAll(async () => {
  await viaExpress?.close();
  await viaFast?.close();
});

const host = (s: Served) => s.url.replace("http://127.0.0.1", "localhost");

const cases: { name: string; method?: string; path: string; headers?: Record<string, string>; body?: string; sameHost?: boolean }[] = [
  { name: "small JSON, signed in", path: "/api/small" },
  { name: "small JSON, accepts gzip", path: "/api/small", headers: { "accept-encoding": "gzip, br" } },
  { name: "large JSON, no Accept-Encoding", path: "/api/big" },
  { name: "large JSON, accepts gzip (compressed)", path: "/api/big", headers: { "accept-encoding": "gzip" } },
  { name: "large JSON, HEAD", method: "HEAD", path: "/api/big", headers: { "accept-encoding": "gzip" } },
  { name: "a file that is not compressible", path: "/api/pdf" },
  {
    name: "a POST with a body, from a trusted proxy",
    method: "POST",
    path: "/api/echo",
    body: "x".repeat(5000),
    headers: { "content-type": "text/plain", "x-forwarded-for": "203.0.113.9" },
  },
  { name: "a body over the cap", method: "POST", path: "/api/echo", headers: { "content-length": String(2 * 1024 * 1024) } },
  { name: "a route that throws", path: "/api/boom" },
  { name: "404", path: "/api/nothing/here?x=1" },
  { name: "OPTIONS", method: "OPTIONS", path: "/api/small" },
  { name: "a method nobody serves", method: "PROPFIND", path: "/api/small" },
  { name: "another host name: to the canonical one", path: "/api/small?a=b", sameHost: false },
  { name: "the caller's request id", path: "/api/small", headers: { "x-request-id": "proxy-1234abcd" } },
];

describe("/api from node:http answers as through Express", () => {
  it.each(cases)("$name", async (c) => {
    const answers = [];
    for (const served of [viaExpress, viaFast]) {
      const headers = { host: c.sameHost === false ? served.url.replace("http://", "") : host(served), ...c.headers };
      const answer = await exchange(served.url, { method: c.method, path: c.path, headers, body: c.body });
      const { date: _date, "x-request-id": requestId, location, ...rest } = answer.headers;
      void _date;
      if (c.headers?.["x-request-id"]) expect(requestId).toBe(c.headers["x-request-id"]);
      else expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const body = answer.body
        .toString("latin1")
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
        .replaceAll(host(served), "<host>");
      answers.push({ status: answer.status, headers: rest, location: typeof location === "string" ? location.replace(/:\d+/, ":<port>") : location, body });
    }
    expect(answers[1]).toEqual(answers[0]);
    // the answers this list means to cover are the ones it names
    if (c.name.includes("compressed")) expect(answers[0].headers["content-encoding"]).toBe("gzip");
    if (c.name === "a body over the cap") expect(answers[0].status).toBe(413);
    if (c.name.includes("canonical")) expect(answers[0].status).toBe(302);
    if (c.name.includes("throws")) expect(answers[0].status).toBe(500);
  });

  it("the same log lines (request id, route, status, client address) and metrics samples", async () => {
    const pick = (lines: Record<string, unknown>[]) =>
      lines.filter((l) => l.message === "request").map(({ method, path, route, status, ip, aborted }) => ({ method, path, route, status, ip, aborted }));
    expect(pick(viaFast.lines).length).toBeGreaterThanOrEqual(cases.length);
    expect(pick(viaFast.lines)).toEqual(pick(viaExpress.lines));
    // each log line carries its request's id (AsyncLocalStorage reaches the route)
    const errors = (lines: Record<string, unknown>[]) => lines.filter((l) => l.message === "unhandled error").map((l) => typeof l.requestId);
    expect(errors(viaFast.lines)).toEqual(["string"]);
    expect(errors(viaExpress.lines)).toEqual(["string"]);
    // both servers observed into the one registry: every sample count is even
    const text = await metricsRegistry.metrics();
    const counts = [...text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])] as const);
    expect(counts.length).toBeGreaterThan(0);
    for (const [labels, count] of counts) expect(count % 2, labels).toBe(0);
  });
});
