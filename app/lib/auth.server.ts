// Request-side authentication: the root middleware (Origin check, session lookup,
// provider token refresh, cookie renewal) and the guards loaders and actions call.
// spec: Authentication 1, 2, 8, 9.
import { redirectDocument, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import {
  clearSessionCookieHeader,
  csrfTokenFor,
  readCookie,
  refreshSessionIfDue,
  resolveSession,
  SESSION_COOKIE,
  sessionCookieHeader,
  verifyCsrfToken,
  type SessionRow,
} from "#server/auth";
import { APP_ROLES, hasRole, type AppRole, type CachedUser } from "#server/identity";
import { rolesOf, type ApiArea } from "#server/http/openapi";
import type { AuditActor } from "#server/audit";
import { connectionLossOf, DomainError, isConnectionLoss, type ErrorCode } from "#server/kernel/errors";
import { domainErrorResponse } from "./api.server";
import { pageError } from "./page.server";
import { checkOrigin } from "#server/http/origin";
import { authContext, requestContext, servicesContext, type AuthState } from "../context";

function isApi(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return path === "/api" || path.startsWith("/api/");
}

/** Thrown from middleware: JSON under /api, the Slovak error page elsewhere. */
function refuse(request: Request, code: ErrorCode): never {
  const error = new DomainError(code);
  if (isApi(request)) throw domainErrorResponse(error);
  throw pageError(error);
}

/**
 * The session's reads and its sliding touch, tried once more on a fresh connection when the
 * database cut the first (both are safe to repeat); a second loss is the 503 `database_unavailable`.
 */
async function survivingConnectionLoss<T>(
  request: Request,
  log: { warn(message: string, fields?: Record<string, unknown>): void },
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isConnectionLoss(error)) throw error;
    try {
      return await read();
    } catch (again) {
      const lost = connectionLossOf(again);
      if (!lost) throw again;
      log.warn("database connection lost while reading the session", { url: new URL(request.url).pathname, error: (again as Error).message });
      if (isApi(request)) throw domainErrorResponse(lost);
      throw pageError(lost);
    }
  }
}

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);

  const verdict = checkOrigin(request, services.site.allowedOrigins);
  if (!verdict.allowed) {
    services.log.warn("request refused: origin not allowed", { origin: verdict.origin, url: new URL(request.url).pathname });
    refuse(request, "origin_not_allowed");
  }

  const cookieValue = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  const setCookies: string[] = [];
  let state: AuthState = { session: null, user: null, csrfToken: null };
  if (cookieValue) {
    const lookup = await survivingConnectionLoss(request, services.log, () => resolveSession(services.db, services.auth.keys, cookieValue, { ip: clientIp }));
    if (lookup.status === "active") {
      const { session } = lookup;
      const refreshed = await survivingConnectionLoss(request, services.log, () =>
        refreshSessionIfDue(services.db, services.auth, session, { log: services.log, ip: clientIp }),
      );
      if (refreshed.status === "ended") {
        setCookies.push(clearSessionCookieHeader());
      } else {
        if (refreshed.status === "rotated") setCookies.push(sessionCookieHeader(refreshed.cookieValue));
        else if (lookup.slid) setCookies.push(sessionCookieHeader(cookieValue));
        state = { session, user: lookup.user, csrfToken: csrfTokenFor(services.auth.keys, session.id) };
      }
    } else {
      setCookies.push(clearSessionCookieHeader());
    }
  }
  context.set(authContext, state);

  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  if (state.session && !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
};

export function getAuth(context: Readonly<RouterContextProvider>): AuthState {
  return context.get(authContext);
}

export type SignedIn = { session: SessionRow; user: CachedUser; csrfToken: string };

/** The signed-in person, or DomainError 401 `unauthorized`. */
export function requireUser(context: Readonly<RouterContextProvider>): SignedIn {
  const auth = getAuth(context);
  if (!auth.session || !auth.user || !auth.csrfToken) throw new DomainError("unauthorized");
  return { session: auth.session, user: auth.user, csrfToken: auth.csrfToken };
}

/**
 * The page a request is for: React Router's data requests (client-side navigation) ask
 * for `/ucet.data` (`/_root.data` for the home page) with a `_routes` parameter.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path.endsWith(".data")) path = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return path + (search ? `?${search}` : "");
}

/** For pages: the signed-in person, or a redirect to sign-in that comes back here. */
export function requireUserForPage(request: Request, context: Readonly<RouterContextProvider>): SignedIn {
  const auth = getAuth(context);
  if (!auth.session || !auth.user || !auth.csrfToken) {
    // a document redirect: sign-in is a resource route, which client-side navigation
    // cannot render
    throw redirectDocument(`/api/auth/login?returnTo=${encodeURIComponent(pagePath(request))}`);
  }
  return { session: auth.session, user: auth.user, csrfToken: auth.csrfToken };
}

export function optionalUser(context: Readonly<RouterContextProvider>): CachedUser | null {
  return getAuth(context).user;
}

/** The roles an operation's contract declares (server/http/openapi.ts rolesOf), as application roles. */
export function operationRoles(area: ApiArea, operationId: string): AppRole[] {
  return rolesOf(area, operationId).filter((r): r is AppRole => (APP_ROLES as readonly string[]).includes(r));
}

/** What an operation says when the role is missing: "<action> môže len administrátor." */
export type RoleOptions = { action: string };

const roleNames: Record<AppRole, string> = {
  student: "študent",
  instructor: "lektor",
  content_manager: "správca obsahu",
  admin: "administrátor",
};

/**
 * The signed-in person holding one of the roles, else 401 / 403. The roles come from the
 * user cache row read for this very request (the middleware joins it to the session),
 * never from anything the cookie carries. With `{ action }` last, the 403 names the
 * action ("Zverejniť kurz môže len administrátor."). The one role check of API routes
 * and page intents (pages' loaders use requireRoleForPage).
 */
export function requireRole(context: Readonly<RouterContextProvider>, ...roles: AppRole[]): SignedIn;
export function requireRole(context: Readonly<RouterContextProvider>, ...args: [...roles: AppRole[], options: RoleOptions]): SignedIn;
export function requireRole(context: Readonly<RouterContextProvider>, ...args: (AppRole | RoleOptions)[]): SignedIn {
  const last = args.at(-1);
  const options = typeof last === "object" ? last : undefined;
  const roles = args.filter((a): a is AppRole => typeof a === "string");
  const signedIn = requireUser(context);
  if (!roles.some((role) => hasRole(signedIn.user.roles, role))) {
    const message = options ? `${options.action} môže len ${roles.map((r) => roleNames[r]).join(" alebo ")}.` : undefined;
    throw new DomainError("forbidden", message, { requiredRoles: roles });
  }
  return signedIn;
}

/**
 * The signed-in person of this request as the actor of audit rows: id, roles from the
 * user cache row read for this request, and the client's IP. The one place an actor is
 * built.
 */
export function actorOf(context: Readonly<RouterContextProvider>, user: Pick<CachedUser, "id" | "roles"> = requireUser(context).user): AuditActor {
  return { actorId: user.id, actorRoles: user.roles, ip: context.get(requestContext).clientIp };
}

const roleLabels: Record<AppRole, string> = {
  student: "študent",
  instructor: "lektor",
  content_manager: "správca obsahu",
  admin: "administrátor",
};

/**
 * For pages (the /admin layout's middleware): the signed-in person holding one of the
 * roles. Anonymous → redirect to sign-in and back; signed in without the role → the
 * Slovak 403 page (the error boundary gets the API error body as `error.data`). Roles are
 * the user cache row read for this request, as in `requireRole`.
 */
export function requireRoleForPage(request: Request, context: Readonly<RouterContextProvider>, ...roles: AppRole[]): SignedIn {
  const signedIn = requireUserForPage(request, context);
  if (!roles.some((role) => hasRole(signedIn.user.roles, role))) {
    const needed = roles.map((role) => roleLabels[role]).join(" alebo ");
    const message = `Táto stránka je len pre rolu ${needed}. Ak ju potrebujete, požiadajte o ňu správcu akadémie.`;
    throw pageError(new DomainError("forbidden", message, { requiredRoles: roles }));
  }
  return signedIn;
}

/** Ownership check for a student's own resource; someone else's reads as not found. */
export function assertOwner(user: Pick<CachedUser, "id">, ownerId: string | null | undefined): void {
  if (ownerId !== user.id) throw new DomainError("not_found");
}

/** Anti-CSRF token check for POSTs under /api/auth/* (form field `csrf` or header X-CSRF-Token). */
export function requireCsrf(context: Readonly<RouterContextProvider>, session: SessionRow, presented: string | null): void {
  const services = context.get(servicesContext);
  if (!verifyCsrfToken(services.auth.keys, session.id, presented)) {
    throw new DomainError("csrf_token_invalid");
  }
}
