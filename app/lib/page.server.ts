// The one conversion for pages. A page loader or action wrapped in `pageRoute` that throws
// a DomainError (its own or a domain function's) answers with the DomainError's status
// and renders the nearest ErrorBoundary instead of a 500.
//
// Contract with the error boundary (app/root.tsx, app/components): the boundary receives
// `error` with `isRouteErrorResponse(error) === true`, `error.status` = the HTTP status
// from the table in server/kernel/errors.ts, and `error.data` = the spec's error body
// `{ error: <code>, message: <Slovak text for people>, details }` (an `ErrorBody`). It shows
// `error.data.message` when present. Headers of the DomainError (Retry-After) reach the
// response through root `headers` (`errorHeaders`). Anything else thrown stays a 500
// (React Router hides its message in production).
//
// Why a wrapper and not middleware: React Router catches loader errors before they reach
// `next()`, and sanitizes any thrown `Error` in production, so the conversion must happen
// where the loader runs.
import { data, type RouterContextProvider } from "react-router";
import { connectionLossOf, DomainError, inputRefusalOf, isConnectionLoss, type ErrorBody, type ErrorCode, type ErrorDetails } from "#server/kernel/errors";
import { logOutboundFailure } from "./api.server";

/** `throw pageError(...)` / what the wrapper throws: `data(errorBody, { status })`. */
export function pageError(error: DomainError) {
  return data<ErrorBody>(error.toBody(), { status: error.status, headers: error.headers });
}

/** The same from a code, for a page that decides the failure itself. */
export function pageErrorFor(code: ErrorCode, message?: string, details?: ErrorDetails) {
  return pageError(new DomainError(code, message, details));
}

/**
 * A refusal an admin can read and act on where the form is (a conflict, a limit, a
 * validation): every DomainError but not_found, forbidden and unauthorized, which go to the
 * error page. Else null.
 */
export function formRefusalOf(error: unknown): DomainError | null {
  return error instanceof DomainError && error.code !== "not_found" && error.code !== "forbidden" && error.code !== "unauthorized" ? error : null;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as ErrorBody).error === "string" && typeof (value as ErrorBody).message === "string";
}

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** Wraps a page loader or action: a DomainError becomes `data(errorBody, { status })`. */
export function pageRoute<A extends Args, R>(handler: (args: A) => Promise<R>) {
  return async (args: A): Promise<R> => {
    try {
      return await handler(args);
    } catch (first) {
      let error = first;
      // a loader whose database connection was cut wrote nothing: once more on a fresh
      // connection (docs/decisions/platform/database-connection-loss.md > Database connection loss)
      if (isConnectionLoss(error) && (args.request.method === "GET" || args.request.method === "HEAD")) {
        try {
          return await handler(args);
        } catch (again) {
          error = again;
        }
      }
      if (error instanceof DomainError) {
        logOutboundFailure(error, args);
        throw pageError(error);
      }
      const lost = connectionLossOf(error);
      if (lost) throw pageError(lost);
      // a value the database cannot hold (NUL, out of range): the form's 422, not a 500
      const refused = inputRefusalOf(error);
      if (refused) throw pageError(refused);
      throw error;
    }
  };
}

/**
 * The one lookup of a page's POST by its `intent` field (every page with several forms:
 * admin pages through handleIntents, student pages through dispatchIntent): the handler of
 * the named intent; a form sent without one (Enter, a timer's requestSubmit) takes
 * `fallback`; an unknown intent is 400 `bad_request` (docs/decisions/platform/one-page-action-shape.md).
 */
export function pickIntent<H>(form: FormData, handlers: Record<string, H>, options: { fallback?: string } = {}): { name: string; handler: H } {
  const name = String(form.get("intent") ?? "") || options.fallback || "";
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (!handler) throw new DomainError("bad_request", "Formulár poslal neznámu akciu.");
  return { name, handler };
}

/** Runs the handler of the form's intent (pickIntent): the student pages' action shape. */
export function dispatchIntent<T>(form: FormData, handlers: Record<string, (form: FormData) => T>, options: { fallback?: string } = {}): T {
  return pickIntent(form, handlers, options).handler(form);
}

/**
 * The body of a page form (an action, or its `.data` twin): urlencoded or multipart, as
 * browsers send forms. Another content type is 415 `unsupported_media_type`, a body that
 * cannot be read as the form it says it is 400 `bad_request`: never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") throw new DomainError("unsupported_media_type");
  try {
    return await request.formData();
  } catch (error) {
    throw new DomainError("bad_request", "Telo formulára sa nedá prečítať.", {}, { cause: error });
  }
}
