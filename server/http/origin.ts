// Origin check on state-changing requests (spec: Authentication 9). Webhook receivers and
// the provider's own back-channel posts are exempt: they authenticate by signature.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths whose POSTs come from servers, not browsers, and carry a signed body instead. */
export const ORIGIN_EXEMPT_PATHS = [/^\/api\/webhooks\//, /^\/api\/auth\/backchannel-logout$/, /^\/api\/auth\/erasure$/];

export type OriginVerdict = { allowed: true } | { allowed: false; origin: string };

/**
 * Compares the request's Origin (or, without one, the origin of its Referer) with the
 * allowed origins. A request with neither header does not come from a browser form or
 * script (browsers send Origin on every cross-site POST) and is let through; cookies are
 * SameSite=Lax, so a cross-site page cannot make such a request with a session anyway.
 */
export function checkOrigin(request: { method: string; url: string; headers: Headers }, allowedOrigins: readonly string[]): OriginVerdict {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return { allowed: true };
  const path = new URL(request.url).pathname;
  if (ORIGIN_EXEMPT_PATHS.some((p) => p.test(path))) return { allowed: true };
  const origin = request.headers.get("origin") ?? refererOrigin(request.headers.get("referer"));
  if (origin === null) return { allowed: true };
  const allowed = allowedOrigins.some((o) => normalizeOrigin(o) === origin);
  return allowed ? { allowed: true } : { allowed: false, origin };
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "invalid";
  }
}

function normalizeOrigin(url: string): string {
  return new URL(url).origin;
}
