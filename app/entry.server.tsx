import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { documentCsp } from "#server/http/front";
import { NonceContext } from "./lib/nonce";
import { requestContext, servicesContext } from "./context";
import { isConnectionLoss } from "#server/kernel/errors";

// The HTTP server (server.mjs) reaches start-up through the build's entry module, so
// the services and the routes share one bundle and one set of singletons.
export { startServices, migrateDatabase, ConfigError } from "#server/services";
export { createLoadContext } from "./context";
// the front door (request id, methods, Host, body cap, security headers, probes, metrics)
export { createFrontDoor, installClientErrorHandler, serveMetrics } from "#server/http/front";
// a warning when X-Forwarded-For comes from a peer TRUST_PROXY does not trust
export { warnUntrustedForwarding } from "#server/http/proxy-trust";
// static files looked up in a list made at start, not with a stat per request
export { createStaticFiles } from "#server/http/static-files";
// React Router behind Express: one write with Content-Length, ETag/304, Cache-Control
export { createAppHandler } from "#server/http/respond";
// the JSON API from node:http through the same handlers, without Express's router
export { createApiPipeline } from "#server/http/fast-api";

/** Errors React Router caught in loaders, actions and rendering: one structured log line. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  let log;
  try {
    log = (context as RouterContextProvider).get(servicesContext).log;
  } catch {
    log = undefined;
  }
  const path = new URL(request.url).pathname;
  if (isConnectionLoss(error)) {
    // answered 503 by the root middleware (app/lib/request-guard.server.ts)
    try {
      (context as RouterContextProvider).get(requestContext).connectionLost = true;
    } catch {
      // no request context (not our server): the 500 stays
    }
    log?.warn("database connection lost during a request", { method: request.method, path, error: (error as Error).message });
    return;
  }
  if (log) log.error("request failed", { method: request.method, path, error });
  else console.error(error);
};

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // scripts React Router writes inline run only with this nonce (Content-Security-Policy)
    const nonce = randomBytes(16).toString("base64");
    responseHeaders.set("Content-Security-Policy", documentCsp(nonce));
    const userAgent = request.headers.get("user-agent");
    // bots and no-JS clients get the whole document at once
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce: { script: nonce },
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
