// One helper for /api resource routes: expected failures (HttpError, thrown Responses)
// become the spec's error body; anything else is logged and answered 500 without a stack.
import { apiError, HttpError } from "#server/http/errors";
import { servicesContext } from "../context";
import type { RouterContextProvider } from "react-router";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

export function apiRoute<A extends Args>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      return toApiErrorResponse(error, args);
    }
  };
}

export function toApiErrorResponse(error: unknown, args: Args): Response {
  if (error instanceof HttpError) return error.toResponse();
  if (error instanceof Response) {
    if (error.headers.get("Content-Type")?.includes("application/json")) return error;
    return apiError(error.status);
  }
  const services = args.context.get(servicesContext);
  services.log.error("unhandled API error", {
    url: args.request.url,
    error: error instanceof Error ? error.stack ?? error.message : String(error),
  });
  return apiError(500);
}
