// The front door: what every HTTP request meets before routing, as Express middleware
// and a server hook that server.mjs installs (it reaches them through the build's entry
// module). In order:
// - a request id (the caller's X-Request-Id when sane, else a UUID) in AsyncLocalStorage,
//   so log lines, 500 bodies and audit rows carry it; one log line and one duration
//   sample (by route pattern) per request;
// - methods: GET, HEAD, POST, PUT, PATCH, DELETE; OPTIONS is answered here (204 + Allow,
//   no loader runs); anything else (TRACE, PROPFIND, …) is 405 with the error body;
// - the request target must be a path and Host a host name: else 400 with the error body;
// - security headers on every answer (CSP defaults to `default-src 'none'` when the
//   answer sets none: the document renderer sets its own with script nonces);
// - the body cap: counted while it streams (chunked bodies too) → 413, connection closed;
// - a body the route did not read is drained after the answer (bounded by the cap), so
//   a kept-alive connection serves its next request.
// Errors the HTTP parser meets (431 headers too large, malformed requests) get the error
// body too (`installClientErrorHandler`).
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { matchRoutes, type RouteObject } from "react-router";
import type { Logger } from "../log";
import { currentRequestId, requestIdFrom, runWithRequest } from "../log/context";
import { httpRequestDuration, metricsRegistry } from "../log/metrics";
import { errorBody, type ErrorCode, type ErrorDetails } from "../kernel/errors";
import { ID_HEX } from "../../shared/ids";

export const MAX_BODY_BYTES = 1024 * 1024;
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const allowed = new Set<string>(ALLOWED_METHODS);

/** A host name, IPv4 or bracketed IPv6 literal, with an optional port. */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function isValidHost(host: string | undefined): boolean {
  return typeof host === "string" && host.length > 0 && host.length <= 261 && HOST_PATTERN.test(host);
}

/** The policy of answers that render no HTML of the app (JSON, files, redirects). */
export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
/** HTML that is not the app's document (the stand-ins' pages): own inline styles, no scripts. */
const PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** The document policy: scripts only from this origin or with the request's nonce. */
export function documentCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://image.mux.com",
    "media-src 'self' blob: https://*.mux.com",
    // Mux direct uploads go to Google Cloud Storage (the admin video page's XHR PUT)
    "connect-src 'self' https://*.mux.com https://*.litix.io https://storage.googleapis.com",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=(), fullscreen=(self), picture-in-picture=(self)";

export type Readiness = { ready: boolean; checks: Record<string, { ok: boolean; detail?: string }> };

export type FrontDoorOptions = {
  log: Logger;
  production: boolean;
  /** React Router's route manifest (build.routes), for the route label of metrics */
  routes?: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }>;
  /** database reachable, migrations current, job workers running */
  ready(): Promise<Readiness>;
  /** a bearer token that opens GET /metrics on the main port */
  metricsToken?: string;
  /** paths (by prefix) whose bodies may be larger than MAX_BODY_BYTES: the local video stand-in's uploads */
  bodyLimits?: { prefix: string; maxBytes: number; /** only when the query string has this parameter */ query?: string }[];
  /** called when a request other than GET, HEAD or OPTIONS has been answered */
  afterWrite?: () => void;
};

export type FrontDoor = {
  /** request id, logging, method, target, Host, security headers, body cap, drain */
  begin: RequestHandler;
  /** GET /healthz, GET /readyz, GET /metrics (with the token) */
  probes: RequestHandler;
  /** the last handler: anything thrown reaches here; never a stack in the answer */
  errors: ErrorRequestHandler;
  /** from now on: /readyz 503, each answer closes its connection */
  beginShutdown(): void;
  /** requests being served */
  inFlight(): number;
};

function send(res: ServerResponse, status: number, code: ErrorCode, details?: ErrorDetails, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  const body = JSON.stringify(errorBody(code, undefined, details));
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** After the answer is out: stop reading, let the client take the answer, then close. */
function closeAfterAnswer(res: ServerResponse, socket: Socket | null, beforeClose?: () => void) {
  if (!socket) return;
  // the answer is read by the client before the connection goes: closing with unread
  // bytes sends a reset, which can overtake the answer in the client's own error handling
  // (3 s: a client on a busy machine may take more than a second to read it; seen in CI)
  const close = () => {
    socket.pause();
    setTimeout(() => {
      beforeClose?.();
      socket.destroy();
    }, 3000).unref();
  };
  if (res.writableFinished) close();
  else res.once("finish", close);
}

const ID_SEGMENT = new RegExp(`/${ID_HEX}(?=/|\\.data$|$)`, "g");

function routeMatcher(manifest: FrontDoorOptions["routes"]) {
  if (!manifest) return () => "unmatched";
  const entries = Object.values(manifest);
  const build = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? ({ id: r.id, index: true, path: r.path } as RouteObject)
          : ({ id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: build(r.id) } as RouteObject),
      );
  const tree = build(undefined);
  const cache = new Map<string, string>();
  return (pathname: string): string => {
    if (pathname.startsWith("/assets/")) return "/assets/*";
    if (pathname === "/idp" || pathname.startsWith("/idp/")) return "/idp/*";
    // every id is the same to a pattern (a parameter matches it, no static segment is one),
    // so paths that differ only in their ids share one entry: matchRoutes flattens and ranks
    // the whole route tree on each call, which cost a new attempt's submit 6 % of its CPU
    const key = pathname.replace(ID_SEGMENT, "/-");
    const cached = cache.get(key);
    if (cached) return cached;
    const matches = matchRoutes(tree, key.replace(/\.data$/, "")) ?? [];
    const pattern =
      "/" +
      matches
        .map((m) => m.route.path)
        .filter((p): p is string => !!p && p !== "/")
        .join("/")
        .replace(/\/+/g, "/");
    if (cache.size < 5000) cache.set(key, pattern);
    return pattern;
  };
}

export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  const { log } = options;
  const routeOf = routeMatcher(options.routes);
  let stopping = false;
  let inFlight = 0;

  const begin: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    inFlight++;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      inFlight--;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = pathOnly(req.originalUrl ?? req.url ?? "");
      const route = res.statusCode === 405 || res.statusCode === 400 ? "rejected" : safeRoute(routeOf, path);
      httpRequestDuration.observe({ method: allowed.has(req.method) ? req.method : "other", route, status: String(res.statusCode) }, seconds);
      const probe = path === "/healthz" || path === "/readyz" || path === "/metrics";
      runWithRequest({ requestId }, () =>
        log[probe ? "debug" : res.statusCode >= 500 ? "error" : "info"]("request", {
          method: req.method,
          path,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1000 * 10) / 10,
          ip: req.ip,
          aborted: !res.writableFinished || undefined,
        }),
      );
    };
    res.once("finish", done);
    res.once("close", done);
    if (options.afterWrite && req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      res.once("finish", options.afterWrite);
    }

    runWithRequest({ requestId }, () => {
      securityHeaders(res, options.production, () => stopping);

      // a body the route left unread is drained after the answer (the cap still applies)
      res.once("finish", () => {
        if (!req.complete && !req.destroyed) {
          req.removeAllListeners("data");
          req.on("data", () => {});
          req.resume();
        }
      });

      if (!allowed.has(req.method)) {
        send(res, 405, "method_not_allowed", { allowed: [...ALLOWED_METHODS] }, { Allow: ALLOWED_METHODS.join(", ") });
        return;
      }
      const target = req.url ?? "";
      if (!(target.startsWith("/") || (req.method === "OPTIONS" && target === "*")) || target.startsWith("//")) {
        send(res, 400, "bad_request", { reason: "request target must be a path" }, { Connection: "close" });
        closeAfterAnswer(res, req.socket);
        return;
      }
      if (!isValidHost(req.headers.host)) {
        send(res, 400, "bad_request", { reason: "missing or malformed Host header" }, { Connection: "close" });
        closeAfterAnswer(res, req.socket);
        return;
      }
      if (req.method === "OPTIONS") {
        res.writeHead(204, { Allow: ALLOWED_METHODS.join(", "), "Cache-Control": "no-store" });
        res.end();
        return;
      }
      const path = pathOnly(req.url ?? "");
      const limit =
        options.bodyLimits?.find((l) => path.startsWith(l.prefix) && (!l.query || hasQueryParam(req.url ?? "", l.query)))?.maxBytes ?? MAX_BODY_BYTES;
      if (capBody(req, res, limit)) return;
      next();
    });
  };

  const probes: RequestHandler = (req, res, next) => {
    const path = pathOnly(req.url ?? "");
    if (path !== "/healthz" && path !== "/readyz" && path !== "/metrics") return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(res, 405, "method_not_allowed", { allowed: ["GET", "HEAD"] }, { Allow: "GET, HEAD" });
      return;
    }
    if (path === "/healthz") {
      json(res, 200, { status: "ok" });
      return;
    }
    if (path === "/readyz") {
      if (stopping) {
        send(res, 503, "not_ready", { checks: { shutdown: { ok: false, detail: "the server is stopping" } } });
        return;
      }
      options
        .ready()
        .then((report) => {
          if (report.ready) json(res, 200, { status: "ready", checks: report.checks });
          else send(res, 503, "not_ready", { checks: report.checks });
        })
        .catch(next);
      return;
    }
    // /metrics on the main port only with the token; else it does not exist here
    const token = options.metricsToken;
    if (!token) return next();
    if (!sameSecret(req.headers.authorization ?? "", `Bearer ${token}`)) {
      send(res, 401, "unauthorized", {}, { "WWW-Authenticate": 'Bearer realm="metrics"' });
      return;
    }
    serveMetrics(res).catch(next);
  };

  const errors: ErrorRequestHandler = (error, req, res, _next) => {
    void _next;
    log.error("unhandled error", { method: req.method, path: pathOnly(req.originalUrl ?? ""), error });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    send(res, 500, "internal", { requestId: currentRequestId() ?? res.getHeader("X-Request-Id") });
  };

  return {
    begin,
    probes,
    errors,
    beginShutdown() {
      stopping = true;
    },
    inFlight: () => inFlight,
  };
}

function safeRoute(routeOf: (p: string) => string, path: string): string {
  try {
    return routeOf(path);
  } catch {
    return "unmatched";
  }
}

function hasQueryParam(url: string, name: string): boolean {
  const q = url.indexOf("?");
  return q !== -1 && new URLSearchParams(url.slice(q + 1)).has(name);
}

function pathOnly(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** The Prometheus text of the process's metrics. */
export async function serveMetrics(res: ServerResponse): Promise<void> {
  const text = await metricsRegistry.metrics();
  res.writeHead(200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" });
  res.end(text);
}

function securityHeaders(res: ServerResponse, production: boolean, stopping: () => boolean) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  // set when the head goes out, unless the answer brought its own (the HTML documents)
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    // (not on 304 Not Modified: its headers would replace the stored page's policy)
    if (!this.hasHeader("Content-Security-Policy") && this.statusCode !== 304) {
      const html = /text\/html/i.test(String(this.getHeader("Content-Type") ?? ""));
      this.setHeader("Content-Security-Policy", html ? PAGE_CSP : DEFAULT_CSP);
    }
    // while stopping, an answer also ends its kept-alive connection
    if (stopping()) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * Caps the body while it streams: a declared Content-Length over the cap is refused at
 * once; otherwise every chunk the parser pushes is counted, and past the cap the answer is
 * 413 (when none went out yet), the rest of the body is dropped and the connection closed.
 * Returns true when it answered.
 */
function capBody(req: IncomingMessage, res: ServerResponse, maxBytes = MAX_BODY_BYTES): boolean {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > maxBytes) {
    send(res, 413, "payload_too_large", { maxBytes }, { Connection: "close" });
    closeAfterAnswer(res, req.socket);
    return true;
  }
  let received = 0;
  let over = false;
  const push = req.push;
  req.push = function (this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (chunk === null || over) return over ? false : push.call(this, chunk, encoding);
    received += (chunk as Buffer).length;
    if (received > maxBytes) {
      over = true;
      if (!res.headersSent) {
        res.setHeader("Connection", "close");
        send(res, 413, "payload_too_large", { maxBytes });
      }
      // whoever reads the body learns it ended badly, when the connection goes: destroying
      // the request destroys its socket, so not before the 413 had its time to be read
      closeAfterAnswer(res, req.socket, () => this.destroy(Object.assign(new Error("request body too large"), { code: "payload_too_large" })));
      return false;
    }
    return push.call(this, chunk, encoding);
  };
  return false;
}

/** Errors of the HTTP parser (header block over the limit, malformed request): the error body. */
export function installClientErrorHandler(server: Server, log: Logger): void {
  server.on("clientError", (error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket) => {
    if (!socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW" ? 413 : 400;
    const code: ErrorCode = status === 431 ? "headers_too_large" : status === 413 ? "payload_too_large" : "bad_request";
    if (error.code !== "ECONNRESET") log.debug("malformed request", { code: error.code, status });
    const body = JSON.stringify(errorBody(code));
    const reason = status === 431 ? "Request Header Fields Too Large" : status === 413 ? "Payload Too Large" : "Bad Request";
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Constant-time comparison of a presented secret with the expected one (hashed to one length). */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (v: string) => createHash("sha256").update(v, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
