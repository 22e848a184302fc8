// The JSON API without Express's router (docs/decisions/platform/json-api-without-express.md).
// server.mjs answers a request under /api/ here, straight from node:http, when nothing but
// the routes could answer it (no mount and no static file lies under /api/); everything
// else still goes through the Express app. Each request meets the same functions in the
// same order as in the Express stack — the untrusted-forwarding warning, the front door
// (request id, log line, metrics, methods, Host, security headers, body cap), the
// canonical host, the React Router handler, the error handler — with Express's own
// request and response prototypes (req.ip, req.protocol, res.redirect behave as there),
// called one after the other instead of through the router's layer matching. What is left
// out does no work for these answers:
// - the probes (/healthz, /readyz, /metrics are not under /api/), the mounts and the
//   static files (checked at start: none under /api/);
// - the compression wrapper on a request without Accept-Encoding (it never compresses
//   one: its default coding is identity). What it does there, `Vary: Accept-Encoding` on a
//   compressible answer that allows transformation, is done here at the same moment.
//   A request that accepts an encoding gets the wrapper as before.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response, ErrorRequestHandler } from "express";
import compression from "compression";

export type ApiPipelineOptions = {
  /** the Express app the rest is served by: its request/response prototypes and settings */
  app: Express;
  /** the handlers the Express app runs first, in its order (warning, front door, …) */
  before: RequestHandler[];
  /** the compression middleware the Express app uses */
  compress: RequestHandler;
  /** the canonical-host redirect (after compression, as in the Express app) */
  canonicalHost: RequestHandler;
  /** the React Router handler (respond.ts) */
  handler: RequestHandler;
  /** the Express app's last handler */
  errors: ErrorRequestHandler;
  /** mount paths of the Express app (e.g. /idp); none may lie under /api/ */
  mounts: string[];
  /** the paths the static-file handler serves; none may lie under /api/ */
  staticPaths: Iterable<string>;
};

export type ApiPipeline = {
  /** false when a mount or a static file lies under /api/: then Express serves everything */
  enabled: boolean;
  /** whether this request is served here */
  takes(req: IncomingMessage): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
};

export const API_PREFIX = "/api/";

const COMPRESSIBLE = compression.filter;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/**
 * The same headers as the compression wrapper gives an answer it does not compress, at the
 * same moment (the head going out; headers given to writeHead itself count, as there).
 */
function varyLikeCompression(req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headerIndex = typeof rest[0] === "string" ? 1 : 0;
    const headers = rest[headerIndex];
    this.statusCode = statusCode;
    if (Array.isArray(headers)) {
      if (headers.length > 0 && Array.isArray(headers[0])) for (const [key, value] of headers as [string, string][]) this.appendHeader(key, value);
      else for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(String(headers[i]), String(headers[i + 1]));
    } else if (headers && typeof headers === "object") {
      for (const [key, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(key, value as string);
    }
    const cacheControl = this.getHeader("Cache-Control");
    if (COMPRESSIBLE(req as Request, this as Response) && !(cacheControl && NO_TRANSFORM.test(String(cacheControl)))) addVary(this, "Accept-Encoding");
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, [this.statusCode, ...rest.slice(0, headerIndex)]);
  } as ServerResponse["writeHead"];
  // as the wrapper's end: the head goes out first, so an answer ended without a
  // Content-Length of its own is sent chunked there too (respond.ts always sets one)
  const end = res.end;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["end"];
}

function addVary(res: ServerResponse, field: string) {
  const current = res.getHeader("Vary");
  const text = Array.isArray(current) ? current.join(", ") : current === undefined ? "" : String(current);
  const fields = text
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes("*") || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  res.setHeader("Vary", text ? `${text}, ${field}` : field);
}

export function createApiPipeline(options: ApiPipelineOptions): ApiPipeline {
  const under = (path: string) => path === "/api" || path.startsWith(API_PREFIX);
  const clashes = [...options.mounts.filter(under), ...[...options.staticPaths].filter(under)];
  const enabled = clashes.length === 0;
  const { app } = options;
  // Express's app.handle: its prototypes (req.ip with the trust-proxy setting, res.redirect, …)
  const requestPrototype = app.request as object;
  const responsePrototype = app.response as object;
  const poweredBy = app.enabled("x-powered-by");

  return {
    enabled,
    takes(req) {
      return enabled && typeof req.url === "string" && req.url.startsWith(API_PREFIX);
    },
    handle(rawReq, rawRes) {
      if (poweredBy) rawRes.setHeader("X-Powered-By", "Express");
      const req = Object.setPrototypeOf(rawReq, requestPrototype) as Request;
      const res = Object.setPrototypeOf(rawRes, responsePrototype) as Response;
      (req as Request & { res: Response }).res = res;
      (res as Response & { req: Request }).req = req;
      if (!res.locals) res.locals = Object.create(null);
      // as Express's router sets them at its top level
      req.originalUrl = req.originalUrl || req.url;
      req.baseUrl = "";

      const fail: NextFunction = (error?: unknown) => {
        if (error === undefined || error === "route" || error === "router") {
          // nothing answered (cannot happen: the handler always answers); as Express's final handler would
          if (!res.headersSent) res.status(404).type("text/plain").end(`Cannot ${req.method} ${req.originalUrl}`);
          return;
        }
        options.errors(error, req, res, () => {});
      };
      const steps: RequestHandler[] = [
        ...options.before,
        (rq, rs, next) => {
          if (rq.headers["accept-encoding"]) return options.compress(rq, rs, next);
          varyLikeCompression(rq, rs);
          next();
        },
        options.canonicalHost,
        options.handler,
      ];
      let at = 0;
      const next: NextFunction = (error?: unknown) => {
        if (error !== undefined) return fail(error);
        const step = steps[at++];
        if (!step) return fail();
        try {
          const result = step(req, res, next) as unknown;
          if (result instanceof Promise) result.catch(fail);
        } catch (thrown) {
          fail(thrown);
        }
      };
      next();
    },
  };
}
