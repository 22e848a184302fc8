// Root middleware before the session lookup: input no route should ever see, and the
// error body on every /api answer.
// - A NUL byte anywhere in the path → 404; in a query parameter → 422 (PostgreSQL text
//   cannot hold NUL, so such a slug or tag would otherwise end as a 500).
// - A 500 caused by a lost database connection → 503 `database_unavailable`.
// - A method the matched route does not serve → 405 with `Allow` and the error body (the
//   Slovak error page on pages), before any loader or action runs: one rule for every
//   route (methodGuardMiddleware, the last root middleware; server/http/route-methods.ts;
//   docs/decisions/platform/one-answer-to-a-method-a-route.md > One answer to a method a route does not serve); a page's 405 gets
//   its Allow back here.
// - Under /api, an error answer React Router made itself (405 for a method a resource
//   route lacks, a bare thrown status) gets the spec's JSON error body.
import type { MiddlewareFunction } from "react-router";
import { apiError, DomainError } from "#server/kernel/errors";
import { answersMethod, methodsOfRoute, routeManifestContext } from "#server/http/route-methods";
import { declaredApiMethods } from "./openapi.server";
import { requestContext } from "../context";
import { domainErrorResponse } from "./api.server";
import { pageError } from "./page.server";

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

function hasNul(value: string): boolean {
  return value.includes("\0") || /%00/i.test(value);
}

/**
 * A method the matched route does not serve: 405 with Allow and the error body (the Slovak
 * error page on pages), after the Origin check and the session lookup (a foreign POST is
 * 403 whatever its route), before any role check, loader or action.
 */
export const methodGuardMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const methods = methodsOfRoute(context.get(routeManifestContext), declaredApiMethods, pattern);
  if (methods && !answersMethod(methods, request.method)) {
    const error = new DomainError("method_not_allowed", undefined, { allowed: methods }, { headers: { Allow: methods.join(", ") } });
    throw isApiPath(new URL(request.url).pathname) ? domainErrorResponse(error) : pageError(error);
  }
  return next();
};

export const requestGuardMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const url = new URL(request.url);
  const api = isApiPath(url.pathname);
  const refuse = (error: DomainError): never => {
    throw api ? domainErrorResponse(error) : pageError(error);
  };
  if (hasNul(url.pathname)) refuse(new DomainError("not_found"));
  for (const [name, value] of url.searchParams) {
    if (name.includes("\0") || value.includes("\0")) {
      refuse(
        new DomainError("validation", undefined, [{ path: name.replace(/\0/g, "\\0"), message: "Hodnota nesmie obsahovať znak NUL.", code: "invalid_string" }]),
      );
    }
  }
  let response = await next();
  if (response.status === 405 && !response.headers.has("Allow")) {
    // a page's error page drops the refusal's headers (React Router renders a middleware's
    // throw without them): Allow is put back here
    const methods = methodsOfRoute(context.get(routeManifestContext), declaredApiMethods, pattern);
    if (methods) {
      const headers = new Headers(response.headers);
      headers.set("Allow", methods.join(", "));
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  }
  if (response.status === 500 && context.get(requestContext).connectionLost) {
    // a loader or action lost its database connection (handleError noted it): the spec's
    // 503, which a client may retry, instead of a 500 (docs/decisions/platform/database-connection-loss.md > Database connection loss)
    refuse(new DomainError("database_unavailable", undefined, {}, { headers: { "Retry-After": "1" } }));
  }
  if (api && response.status >= 400 && !response.headers.get("Content-Type")?.includes("application/json")) {
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Type");
    return apiError(response.status, { headers });
  }
  return response;
};
