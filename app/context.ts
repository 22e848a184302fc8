// What every loader and action receives through React Router's context
// (STYLE.md > Server code: the database client reaches loaders through context).
import { createContext, RouterContextProvider } from "react-router";
import type { AppServices } from "#server/services";
import type { SessionRow } from "#server/auth";
import type { CachedUser } from "#server/identity";

export type RequestInfo = {
  /** the socket address, or X-Forwarded-For when TRUST_PROXY trusts the proxy it came through */
  clientIp: string;
  /**
   * Set by handleError (app/entry.server.tsx) when a loader or action failed because the
   * database connection was lost; the root middleware then answers 503, not 500.
   */
  connectionLost?: boolean;
};

/** Set by the root middleware (app/lib/auth.server.ts) for every request. */
export type AuthState = {
  session: SessionRow | null;
  /** the user cache row, read for this request (roles are never taken from the cookie) */
  user: CachedUser | null;
  /** anti-CSRF token of the session, for forms that POST under /api/auth/* */
  csrfToken: string | null;
};

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
export const authContext = createContext<AuthState>({ session: null, user: null, csrfToken: null });

export function createLoadContext(services: AppServices, request: RequestInfo) {
  return new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [servicesContext, services],
      [requestContext, request],
    ]),
  );
}
