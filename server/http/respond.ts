// React Router behind Express, with the answer's caching rules. Replaces
// @react-router/express's handler (same Request in, same Response out) and adds:
// - the body is gathered and sent in one write with Content-Length (so compression skips
//   bodies under its threshold instead of gzipping a stream of unknown length); a body
//   still streaming after BUFFER_WAIT_MS or past BUFFER_MAX_BYTES (a page with deferred
//   data, a large file) streams on as it comes, without an ETag;
// - GET and HEAD answers with status 200 get a weak ETag of their bytes (a document's CSP
//   nonce left out, so the same page has the same tag) and a 304 Not Modified when
//   If-None-Match names it;
// - Cache-Control when the route set none: `public, no-cache` (stored by browsers and
//   shared caches, revalidated on every use) for an answer to a request without
//   credentials, `private, no-cache` for one with an Authorization header; an answer
//   that sets a cookie, and anything the root middleware marked `private, no-store`
//   (a signed-in person's answer), is never given an ETag or made public. Every such
//   answer varies with Cookie (the same URL answers differently once signed in).
// docs/decisions/platform/a-fast-request-pipeline.md > HTTP caching.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import type { AnswerCache, AnswerTracking, StoredAnswer } from "./answer-cache";
import { routeManifestContext } from "./route-methods";
import { knownBodyOf } from "../kernel/errors";

export const BUFFER_MAX_BYTES = 2 * 1024 * 1024;
export const BUFFER_WAIT_MS = 100;

export type AppHandlerOptions = {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider | Promise<RouterContextProvider>;
  /** answers to anonymous visitors kept for a few seconds (server/http/answer-cache.ts) */
  answers?: AnswerCache;
};

/**
 * React Router's route-pattern matcher instead of its default one, which compiles a regular
 * expression for every route it tries, twice per request: with this app's routes that was
 * the largest single cost of a signed-in JSON read after the queries (docs/decisions/learning/the-student-path-at-scale.md >
 * The student path at scale: React Router's share). The flag is read by the server's static
 * handler from the build's `future`; the framework's config does not offer it yet. Only the
 * JSON API (resource routes) is matched this way: a document hands its `future` to the
 * browser, whose hydration would then ask for a matcher the client bundle does not load.
 */
function withRoutePatternMatching(build: AppHandlerOptions["build"]): AppHandlerOptions["build"] {
  unstable_preloadRoutePattern();
  const enable = (b: ServerBuild): ServerBuild => ({ ...b, future: Object.assign({}, b.future, { unstable_routePatternMatching: true }) });
  return typeof build === "function" ? async () => enable(await build()) : enable(build);
}

export function createAppHandler(options: AppHandlerOptions) {
  const handleDocument = createRequestHandler(options.build, options.mode);
  const handleApi = createRequestHandler(withRoutePatternMatching(options.build), options.mode);
  const handlerOf = (req: ExpressRequest) => (req.path.startsWith("/api/") ? handleApi : handleDocument);
  // the route manifest travels with every request, so the root middleware can tell the
  // methods of the route React Router matched (route-methods.ts)
  const contextOf = async (req: ExpressRequest, res: ExpressResponse) => {
    const context = await options.getLoadContext(req, res);
    const build = typeof options.build === "function" ? await options.build() : options.build;
    context.set(routeManifestContext, build.routes);
    return context;
  };
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const answers = options.answers?.eligible(req) ? options.answers : undefined;
      if (!answers) {
        const request = toFetchRequest(req, res);
        await send(req, res, await handlerOf(req)(request, await contextOf(req, res)));
        return;
      }
      // the URL React Router sees (a trusted X-Forwarded-Host included): what the answer
      // may depend on, so no header can slip another host's answer under this key
      const key = fetchUrl(req);
      const stored = await answers.take(key, req.ip ?? "unknown");
      if (stored) {
        sendStored(req, res, stored, answers);
        return;
      }
      const request = toFetchRequest(req, res, key);
      const context = await contextOf(req, res);
      const { result: response, tracking, version } = await answers.track(() => handlerOf(req)(request, context));
      await send(req, res, response, (body) => {
        if (storable(res, tracking)) {
          answers.store(key, {
            headers: storedHeaders(res, response),
            body,
            etag: String(res.getHeader("ETag")),
            nonce: nonceOf(res),
            csp: (res.getHeader("Content-Security-Policy") as string | undefined) ?? null,
            limits: [...tracking.limits],
            version,
          });
        }
      });
    } catch (error) {
      next(error);
    }
  };
}

/** Made from memory alone, public, no cookie (answer-cache.ts has the rules). */
function storable(res: ServerResponse, tracking: AnswerTracking): boolean {
  return (
    res.statusCode === 200 &&
    tracking.databaseQueries === 0 &&
    !tracking.untracked &&
    res.hasHeader("ETag") &&
    !res.hasHeader("Set-Cookie") &&
    /(^|,)\s*public\b/i.test(String(res.getHeader("Cache-Control") ?? ""))
  );
}

/** The answer's own headers (not the per-request ones the front door sets). */
function storedHeaders(res: ServerResponse, response: Response): [string, string | string[]][] {
  const out: [string, string | string[]][] = [];
  for (const [key, value] of response.headers) {
    if (key === "set-cookie" || key === "content-security-policy" || key === "content-length") continue;
    out.push([key, value]);
  }
  for (const name of ["ETag", "Cache-Control", "Vary"]) {
    const value = res.getHeader(name);
    if (value !== undefined) out.push([name, value as string | string[]]);
  }
  return out;
}

function sendStored(req: IncomingMessage, res: ServerResponse, stored: StoredAnswer, answers: AnswerCache) {
  res.statusCode = 200;
  for (const [key, value] of stored.headers) res.setHeader(key, value);
  // as any HTTP cache says of a stored answer: how old it is (seconds)
  res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - stored.storedAt) / 1000))));
  if (ifNoneMatch(req.headers["if-none-match"], stored.etag)) {
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    res.statusMessage = "Not Modified";
    res.end();
    return;
  }
  const { body, csp } = answers.renonce(stored);
  if (csp) res.setHeader("Content-Security-Policy", csp);
  res.setHeader("Content-Length", body.byteLength);
  res.end(body);
}

/** The request's URL as @react-router/express builds it (Host, or a trusted X-Forwarded-Host). */
function fetchUrl(req: ExpressRequest): string {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const a = Number.parseInt(forwardedPort, 10);
  const b = Number.parseInt(hostPort, 10);
  const port = Number.isSafeInteger(a) ? a : Number.isSafeInteger(b) ? b : "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href;
}

/** The Fetch API Request React Router handles, as @react-router/express builds it. */
function toFetchRequest(req: ExpressRequest, res: ServerResponse, url = fetchUrl(req)): Request {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = readableFrom(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

function readableFrom(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on("end", () => controller.close());
      req.on("error", (error) => controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.resume();
    },
  });
}

const closed = (res: ServerResponse) => res.destroyed || res.writableEnded;

async function send(req: ExpressRequest, res: ExpressResponse, response: Response, complete?: (body: Buffer) => void): Promise<void> {
  if (closed(res)) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);

  const body = response.body;
  if (!body) {
    res.end();
    return;
  }
  // a JSON answer made by `json`: its bytes are known, no stream to read
  const known = knownBodyOf(response);
  if (known !== undefined) {
    void body.cancel().catch(() => {});
    finish(req, res, Buffer.from(known), complete);
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) {
    res.flushHeaders();
    await stream(res, body.getReader(), []);
    return;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), BUFFER_WAIT_MS)));
  try {
    for (;;) {
      const next = reader.read();
      const result = await Promise.race([next, wait]);
      if (result === null || size > BUFFER_MAX_BYTES) {
        // still coming after the wait, or large: stream on without an ETag
        await stream(res, reader, chunks, next);
        return;
      }
      if (result.done) break;
      chunks.push(result.value);
      size += result.value.byteLength;
    }
  } finally {
    clearTimeout(timer);
  }
  const bytes = chunks.length === 1 ? Buffer.from(chunks[0].buffer, chunks[0].byteOffset, chunks[0].byteLength) : Buffer.concat(chunks, size);
  if (closed(res)) return;
  finish(req, res, bytes, complete);
}

/** A whole body in one write: ETag and 304 (cacheRules), Content-Length. */
function finish(req: ExpressRequest, res: ExpressResponse, bytes: Buffer, complete?: (body: Buffer) => void): void {
  const notModified = cacheRules(req, res, bytes);
  complete?.(bytes);
  if (notModified) {
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    res.removeHeader("Content-Security-Policy");
    res.statusCode = 304;
    res.statusMessage = "Not Modified";
    res.end();
    return;
  }
  res.setHeader("Content-Length", bytes.byteLength);
  res.end(bytes);
}

async function stream(
  res: ServerResponse,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  gathered: Uint8Array[],
  pending?: Promise<ReadableStreamReadResult<Uint8Array>>,
): Promise<void> {
  const aborted = new Promise<"closed">((resolve) => res.once("close", () => resolve("closed")));
  try {
    for (const chunk of gathered) res.write(chunk);
    let next = pending ?? reader.read();
    for (;;) {
      const result = await Promise.race([next, aborted]);
      if (result === "closed") {
        await reader.cancel().catch(() => {});
        return;
      }
      if (result.done) break;
      if (!res.write(result.value)) {
        const drained = await Promise.race([new Promise<"drain">((resolve) => res.once("drain", () => resolve("drain"))), aborted]);
        if (drained === "closed") {
          await reader.cancel().catch(() => {});
          return;
        }
      }
      next = reader.read();
    }
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    if (!closed(res)) res.destroy(error as Error);
  } finally {
    try {
      reader.releaseLock();
    } catch {
      // the stream is gone already
    }
  }
}

/**
 * ETag, Cache-Control and Vary of a complete answer (header comment); true when the
 * request's If-None-Match names the ETag (answer 304).
 */
export function cacheRules(req: IncomingMessage, res: ServerResponse, body: Buffer): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || res.statusCode !== 200) return false;
  // the same URL answers differently with a session cookie; compression varies the bytes
  addVary(res, "Cookie");
  addVary(res, "Accept-Encoding");
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  if (res.hasHeader("Set-Cookie")) {
    if (!cacheControl) res.setHeader("Cache-Control", "private, no-store");
    return false;
  }
  if (/no-store/i.test(cacheControl)) return false;
  let etag = res.getHeader("ETag") as string | undefined;
  if (!etag) {
    etag = weakEtag(body, nonceOf(res));
    res.setHeader("ETag", etag);
  }
  if (!cacheControl) res.setHeader("Cache-Control", req.headers.authorization ? "private, no-cache" : "public, no-cache");
  return ifNoneMatch(req.headers["if-none-match"], etag);
}

function nonceOf(res: ServerResponse): string | null {
  const csp = res.getHeader("Content-Security-Policy");
  const match = typeof csp === "string" ? /'nonce-([^']+)'/.exec(csp) : null;
  return match ? match[1] : null;
}

/** W/"<sha1 of the bytes, base64url>"; a document's nonce is left out of the hash. */
export function weakEtag(body: Buffer, nonce: string | null = null): string {
  const hash = createHash("sha1");
  if (nonce) {
    // the bytes between the nonce's occurrences
    const needle = Buffer.from(nonce);
    let from = 0;
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
      hash.update(body.subarray(from, at));
      from = at + needle.length;
    }
    hash.update(body.subarray(from));
  } else hash.update(body);
  return `W/"${hash.digest("base64url")}"`;
}

/** Weak comparison (RFC 9110 13.1.2): `*`, or any listed tag equal to ours ignoring W/. */
export function ifNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(",") : header;
  if (value.trim() === "*") return true;
  const ours = etag.replace(/^W\//, "");
  return value.split(",").some((tag) => tag.trim().replace(/^W\//, "") === ours);
}

function addVary(res: ServerResponse, field: string) {
  const current = String(res.getHeader("Vary") ?? "");
  const fields = current
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes("*") || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", [...fields, field].join(", "));
}
