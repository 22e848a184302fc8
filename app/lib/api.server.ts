// The one conversion for /api resource routes. A DomainError becomes the spec's JSON body
// {error, message, details} with the status from server/kernel/errors.ts's table; a thrown
// Response passes (a redirect as it is, a bare error status gets the body); anything else
// is logged and answered 500 `internal`, never with a stack.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { apiError, connectionLossOf, DomainError, inputRefusalOf, isConnectionLoss, nulCharacterPath, parseJsonBody, zodDetails } from "#server/kernel/errors";
import { servicesContext } from "../context";
import { outboundFailureOf } from "#server/http/outbound";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

export function apiRoute<A extends Args>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      // a read whose database connection was cut wrote nothing: it runs once more on a
      // fresh connection before the client hears of it (docs/decisions/platform/database-connection-loss.md > Database connection loss)
      if (isConnectionLoss(error) && isRead(args.request)) {
        try {
          return await handler(args);
        } catch (again) {
          return toApiErrorResponse(again, args);
        }
      }
      return toApiErrorResponse(error, args);
    }
  };
}

/** URL query parameters (each once) through a zod schema; 422 `validation` with details when they do not parse. */
export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) raw[key] = url.searchParams.get(key)!;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new DomainError("validation", "Neplatné parametre dopytu.", zodDetails(parsed.error.issues));
  return parsed.data;
}

function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

export function toApiErrorResponse(error: unknown, args: Pick<Args, "request" | "context">): Response {
  if (error instanceof DomainError) {
    logOutboundFailure(error, args);
    return domainErrorResponse(error);
  }
  if (error instanceof Response) {
    if (error.status < 400 || error.headers.get("Content-Type")?.includes("application/json")) return error;
    return apiError(error.status, { headers: error.headers });
  }
  const services = args.context.get(servicesContext);
  const refused = inputRefusalOf(error);
  if (refused) {
    services.log.warn("input refused by the database", { url: args.request.url, reason: refused.message });
    return domainErrorResponse(refused);
  }
  const lost = connectionLossOf(error);
  if (lost) {
    services.log.warn("database connection lost during a request", { url: args.request.url, error: (error as Error).message });
    return domainErrorResponse(lost);
  }
  services.log.error("unhandled API error", {
    url: args.request.url,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return apiError({ code: "internal" });
}

/**
 * A 5xx whose cause is an outside system (gateway, provider API, video provider, SMTP):
 * one warning with the target, its status or error code and the request id (the logger
 * adds it), so the operator sees why (docs/decisions/platform/outbound-failures-carry-their-cause.md > Outbound failures carry their cause).
 */
export function logOutboundFailure(error: DomainError, args: Pick<Args, "request" | "context">): void {
  if (error.status < 500) return;
  const failure = outboundFailureOf(error);
  if (!failure) return;
  const url = new URL(args.request.url);
  args.context.get(servicesContext).log.warn("outbound call failed", { method: args.request.method, path: url.pathname, answered: error.code, ...failure });
}

export function domainErrorResponse(error: DomainError): Response {
  return apiError(error.status, { code: error.code, message: error.message, details: error.details, headers: error.headers });
}

/**
 * Reads a JSON body (empty: `{}`): malformed JSON, or a NUL character in any string or
 * key (PostgreSQL stores none in text or JSON; refused with its path), is 422 `validation`.
 */
export async function readJson(request: Request): Promise<unknown> {
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text.trim() === "" ? {} : parseJsonBody(text);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError("validation", "Telo požiadavky nie je platný JSON.", [
      { path: "", message: "Telo požiadavky nie je platný JSON.", code: "invalid_json" },
    ]);
  }
  const nul = nulCharacterPath(raw);
  if (nul !== null) {
    const message = "Text obsahuje nepovolený znak NUL.";
    throw new DomainError("validation", message, [{ path: nul, message, code: "nul_character" }]);
  }
  return raw;
}

/** Reads and validates a JSON body: malformed JSON, a NUL character or a failing schema is 422 `validation`. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const raw = await readJson(request);
  const parsed = await schema.safeParseAsync(raw);
  if (!parsed.success) throw new DomainError("validation", undefined, zodDetails(parsed.error.issues));
  return parsed.data;
}
