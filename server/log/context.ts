// The request being served, for code that has no Request at hand: log lines (pino's
// mixin), the details of a 500 error body, audit rows. server.mjs runs every request
// inside `runWithRequest`; AsyncLocalStorage carries it through awaits.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export type RequestScope = { requestId: string };

const storage = new AsyncLocalStorage<RequestScope>();

export function runWithRequest<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * The id of a request: the caller's `X-Request-Id` when it is a short token of safe
 * characters (a proxy in front made it), else a new UUID.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{8,128}$/.test(value) ? value : randomUUID();
}
