// hardening: each probe here failed on the app before the front door
// (server/http/front.ts) and the request guard (app/lib/request-guard.server.ts). Raw
// sockets where fetch cannot say it: HTTP/1.0 without Host, a malformed Host, an absolute
// request target, TRACE/PROPFIND, reuse of a kept-alive connection, a chunked body.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { rawExchange } from "../support/raw-http";

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const host = () => `localhost:${app.port}`;
const noStack = (text: string) => {
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toMatch(/\/(work|home|app|tmp)\/|node_modules|\.m?[jt]s:\d+/);
};
const errorBody = (code: string) => ({ error: code, message: expect.any(String), details: expect.anything() });

describe("methods", () => {
  it.each(["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH"])("%s → 405 with Allow and the error body, no stack", async (method) => {
    for (const path of ["/", "/api/courses", "/kurzy/x"]) {
      const { responses, text } = await rawExchange(app.port, [`${method} ${path} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`], { expect: 1 });
      expect(responses[0]?.status, `${method} ${path}: ${text}`).toBe(405);
      expect(responses[0].headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(JSON.parse(responses[0].body)).toEqual(errorBody("method_not_allowed"));
      noStack(text);
    }
  });

  it("OPTIONS is answered before routing: 204 with Allow, no page rendered, no loader run", async () => {
    for (const path of ["/", "/api/courses", "/kurzy/neexistuje"]) {
      const res = await fetch(`${app.url}${path}`, { method: "OPTIONS" });
      expect(res.status).toBe(204);
      expect(res.headers.get("allow")).toContain("GET");
      expect(await res.text()).toBe("");
    }
  });
});

describe("Host and request target", () => {
  it.each([
    ["HTTP/1.0 without Host", "GET / HTTP/1.0\r\n\r\n"],
    ["HTTP/1.0 /api without Host", "GET /api/courses HTTP/1.0\r\n\r\n"],
    ["POST HTTP/1.0 without Host", "POST /api/auth/logout HTTP/1.0\r\nContent-Length: 0\r\n\r\n"],
    ["empty Host", "GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
    ["Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"],
    ["POST with Host a b", "POST /api/courses HTTP/1.1\r\nHost: a b\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"],
    ["Host with a path", "GET / HTTP/1.1\r\nHost: localhost/evil\r\nConnection: close\r\n\r\n"],
    ["Host with userinfo", "GET /api/courses HTTP/1.1\r\nHost: user@localhost\r\nConnection: close\r\n\r\n"],
    ["absolute URL as target", "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"],
    ["absolute URL to /api", "POST http://localhost/api/courses HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"],
    ["scheme-relative target", "GET //evil.example/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"],
  ])("%s → 400 with the error body, no stack", async (_name, request) => {
    const { responses, text } = await rawExchange(app.port, [request.replace("Host: localhost\r", `Host: ${host()}\r`)], { expect: 1 });
    expect(responses[0]?.status, text).toBe(400);
    expect(JSON.parse(responses[0].body)).toEqual(errorBody("bad_request"));
    noStack(text);
  });
});

describe("request body cap", () => {
  it("a chunked body is capped while it streams: 413 with the error body long before 300 MB, connection closed", async () => {
    const result = await new Promise<{ status: number; body: string; sent: number; closed: boolean }>((resolve, reject) => {
      const socket = net.connect(app.port, "127.0.0.1");
      const chunk = Buffer.alloc(64 * 1024, "a");
      const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
      let sent = 0;
      let text = "";
      let answered = false;
      const limit = 300 * 1024 * 1024;
      const timer = setTimeout(() => finish(), 30_000);
      const finish = () => {
        clearTimeout(timer);
        socket.destroy();
        const match = /^HTTP\/1\.1 (\d+)/.exec(text);
        const body = text.slice(text.indexOf("\r\n\r\n") + 4);
        resolve({ status: match ? Number(match[1]) : 0, body, sent, closed: true });
      };
      socket.on("error", () => finish());
      socket.on("close", () => finish());
      socket.on("data", (d) => {
        text += d.toString();
        if (!answered && text.includes("\r\n\r\n") && /Content-Length: (\d+)/i.test(text)) {
          const length = Number(/Content-Length: (\d+)/i.exec(text)![1]);
          if (Buffer.byteLength(text.slice(text.indexOf("\r\n\r\n") + 4)) >= length) answered = true;
        }
      });
      const pump = () => {
        while (!answered && sent < limit) {
          sent += chunk.length;
          if (!socket.write(frame)) {
            socket.once("drain", pump);
            return;
          }
        }
        if (sent >= limit) reject(new Error("the server read 300 MB without answering"));
      };
      socket.on("connect", () => {
        socket.write(
          `POST /api/auth/backchannel-logout HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        pump();
      });
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: "payload_too_large", message: expect.any(String), details: { maxBytes: 1048576 } });
    // answered after about 1 MiB, not after the whole body (socket buffers add a few MB)
    expect(result.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("a declared Content-Length over the cap is refused at once with the error body", async () => {
    const { responses } = await rawExchange(app.port, [`POST /api/courses HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`], {
      expect: 1,
    });
    expect(responses[0]?.status).toBe(413);
    expect(JSON.parse(responses[0].body)).toEqual(errorBody("payload_too_large"));
  });
});

describe("a kept-alive connection after an unread body", () => {
  const big = "x".repeat(900 * 1024);
  it.each([
    ["an unknown /api path", "/api/does-not-exist", "application/octet-stream"],
    ["a POST to a GET-only route", "/api/courses", "application/json"],
    ["a POST to a GET-only page", "/kurzy/neexistuje", "application/x-www-form-urlencoded"],
    ["logout without a session", "/api/auth/logout", "text/plain"],
    ["the back-channel receiver with a body it cannot parse", "/api/auth/backchannel-logout", "application/octet-stream"],
    ["the erasure receiver with a body it cannot parse", "/api/auth/erasure", "application/octet-stream"],
  ])("%s: the next request on the connection is answered", async (_name, path, type) => {
    const first = `POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: ${type}\r\nContent-Length: ${big.length}\r\n\r\n${big}`;
    const second = `GET /api/courses?pageSize=1 HTTP/1.1\r\nHost: ${host()}\r\n\r\n`;
    const { responses, text } = await rawExchange(app.port, [first, second], { expect: 2, timeoutMs: 8000 });
    expect(responses.length, text.slice(0, 500)).toBe(2);
    expect(responses[0].status).toBeLessThan(500);
    expect(responses[1].status).toBe(200);
  });
});

describe("NUL bytes in slugs, tags and other URL parts", () => {
  const shapes = [
    "/api/courses?tag=%00",
    "/api/courses?tag=a%00b",
    "/api/courses?q=%00",
    "/api/courses?page=%00",
    "/api/courses?%00=1",
    "/api/courses/%00",
    "/api/courses/a%00b",
    "/api/courses/%00/preview",
    "/api/%00",
    "/kurzy/%00",
    "/kurzy/a%00b",
    "/kurzy/%00/kupit",
    "/?tag=%00",
    "/%00",
    "/ucet?x=%00",
    "/api/auth/login?returnTo=%00",
    "/api/auth/callback?code=%00&state=%00",
    "/kurzy/%00.data",
  ];
  it.each(shapes)("%s → 404 or 422 (or a redirect), never 500", async (path) => {
    const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
    expect([302, 303, 404, 422]).toContain(res.status);
    const text = await res.text();
    noStack(text);
    if (path.startsWith("/api/") && res.status >= 400) expect(JSON.parse(text)).toEqual(errorBody(res.status === 404 ? "not_found" : "validation"));
  });
});

describe("security headers", () => {
  it("pages: a CSP whose nonce every inline script carries, frame-ancestors, Permissions-Policy", async () => {
    const res = await fetch(`${app.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self' 'nonce"); // scripts: self + nonce only
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe(`'self' 'nonce-${nonce}'`);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    // a second request gets another nonce
    const again = (await fetch(`${app.url}/`)).headers.get("content-security-policy");
    expect(again).not.toContain(nonce!);
  });

  it("JSON answers: a CSP that allows nothing; no HSTS outside production", async () => {
    const res = await fetch(`${app.url}/api/courses?pageSize=1`);
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
    expect(res.headers.get("permissions-policy")).toBeTruthy();
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the JSON API (served from node:http, server/http/fast-api.ts) keeps the page pipeline's headers", () => {
  // a page goes through Express; /api/ does not: every header the front door, the
  // compression wrapper and the caching rules give both must be the same
  const shared = [
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "permissions-policy",
    "cross-origin-opener-policy",
    "strict-transport-security",
    "x-powered-by",
  ];
  it("anonymous: the same security headers, request id, Vary and public caching with an ETag", async () => {
    const [page, api] = await Promise.all([fetch(`${app.url}/`), fetch(`${app.url}/api/courses?pageSize=1`)]);
    expect(page.status).toBe(200);
    expect(api.status).toBe(200);
    for (const name of shared) expect(api.headers.get(name), name).toBe(page.headers.get(name));
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    for (const res of [page, api]) {
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
      expect(res.headers.get("cache-control")).toBe("public, no-cache");
      expect(res.headers.get("etag")).toMatch(/^W\/"/);
      await res.arrayBuffer();
    }
    expect(api.headers.get("x-request-id")).not.toBe(page.headers.get("x-request-id"));
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
  });

  it("compressed alike: a page and an /api answer over the 1 KB threshold are gzipped, a small one is not", async () => {
    const ask = { headers: { "accept-encoding": "gzip" } };
    const [page, api, small] = await Promise.all([
      fetch(`${app.url}/`, ask),
      fetch(`${app.url}/api/courses`, ask),
      fetch(`${app.url}/api/courses?pageSize=1`, ask),
    ]);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(api.headers.get("content-encoding")).toBe("gzip");
    expect(small.headers.get("content-encoding")).toBeNull();
    for (const res of [page, api, small]) {
      expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
      await res.arrayBuffer();
    }
  });

  it("a sane X-Request-Id is kept, an If-None-Match answered 304 without a policy, on both", async () => {
    for (const path of ["/", "/api/courses?pageSize=1"]) {
      const first = await fetch(`${app.url}${path}`, { headers: { "x-request-id": "proxy-1234abcd" } });
      expect(first.headers.get("x-request-id"), path).toBe("proxy-1234abcd");
      await first.arrayBuffer();
      const again = await fetch(`${app.url}${path}`, { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("content-security-policy"), path).toBeNull();
      expect(again.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("an error answer under /api and a page's error answer carry the same security headers", async () => {
    const [page, api] = await Promise.all([fetch(`${app.url}/kurzy/nic-take-tu-nie-je`), fetch(`${app.url}/api/courses/nic-take-tu-nie-je`)]);
    expect(page.status).toBe(404);
    expect(api.status).toBe(404);
    for (const name of shared) expect(api.headers.get(name), name).toBe(page.headers.get(name));
    expect(api.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.json()).toEqual(errorBody("not_found"));
  });
});

describe("every /api answer has the error body", () => {
  it("404 for an unknown path, 405 for a method the route lacks, 431 for oversized headers", async () => {
    const notFound = await fetch(`${app.url}/api/nope/deeper`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual(errorBody("not_found"));

    const wrongMethod = await fetch(`${app.url}/api/courses`, { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toEqual(errorBody("method_not_allowed"));

    const { responses } = await rawExchange(
      app.port,
      [`GET /api/courses HTTP/1.1\r\nHost: ${host()}\r\nX-Big: ${"a".repeat(20 * 1024)}\r\nConnection: close\r\n\r\n`],
      { expect: 1 },
    );
    expect(responses[0]?.status).toBe(431);
    expect(JSON.parse(responses[0].body)).toEqual(errorBody("headers_too_large"));
  });

  it("a request id on every answer; a sane X-Request-Id from a proxy is kept", async () => {
    const res = await fetch(`${app.url}/api/courses?pageSize=1`);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${app.url}/api/courses?pageSize=1`, { headers: { "x-request-id": "proxy-1234abcd" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-1234abcd");
    const replaced = await fetch(`${app.url}/api/courses?pageSize=1`, { headers: { "x-request-id": "bad" } });
    // replaced by a fresh UUID (whose hex may well contain "bad", so no substring check)
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
