// Drives the local identity provider's login form with plain fetch (no JavaScript, as a
// browser with scripts off would): a cookie jar per "browser", manual redirects.
import { createHash, randomBytes } from "node:crypto";

export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const pathAttr = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith("path="));
      const path = pathAttr ? pathAttr.slice(5) : "/";
      const expired = attrs.some((a) => /^expires=thu, 01 jan 1970/i.test(a.trim())) || value === "";
      const key = `${name}\u0000${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  names(): string[] {
    return [...this.cookies.keys()].map((key) => key.split("\u0000")[0]);
  }

  get(name: string): string | undefined {
    return [...this.cookies].find(([key]) => key.split("\u0000")[0] === name)?.[1].value;
  }

  set(name: string, value: string, path = "/") {
    for (const key of [...this.cookies.keys()]) if (key.split("\u0000")[0] === name) this.cookies.delete(key);
    this.cookies.set(`${name}\u0000${path}`, { value, path });
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`) || c.path === "/")
      .map(([key, c]) => `${key.split("\u0000")[0]}=${c.value}`)
      .join("; ");
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    this.store(res);
    return res;
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

export type AuthorizationRequest = {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
};

export function authorizationRequest(options: {
  issuer: string;
  appUrl: string;
  clientId?: string;
  scope?: string;
  extra?: Record<string, string>;
}): AuthorizationRequest {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(16).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  const redirectUri = `${options.appUrl}/api/auth/callback`;
  const params = new URLSearchParams({
    client_id: options.clientId ?? "learning-platform",
    response_type: "code",
    scope: options.scope ?? "openid profile email offline_access",
    redirect_uri: redirectUri,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...options.extra,
  });
  return { url: `${options.issuer}/auth?${params}`, state, nonce, verifier, redirectUri };
}

/** Follows redirects inside the provider until a page answers or the app's callback is reached. */
export async function follow(jar: CookieJar, res: Response, base: string, stopAt: string): Promise<{ res: Response; location?: string }> {
  let current = res;
  for (let i = 0; i < 10 && current.status >= 300 && current.status < 400; i++) {
    const location = new URL(current.headers.get("location")!, base).href;
    if (location.startsWith(stopAt)) return { res: current, location };
    current = await jar.fetch(location);
  }
  return { res: current };
}

export function formAction(html: string): string {
  const m = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!m) throw new Error(`no form in page:\n${html.slice(0, 500)}`);
  return m[1].replace(/&amp;/g, "&");
}

/**
 * Runs the authorization request through the login form; returns the callback URL
 * (with code and state) the provider redirects to.
 */
export async function loginAtLocalIdp(jar: CookieJar, request: AuthorizationRequest, credentials: { email: string; password?: string }): Promise<string> {
  const origin = new URL(request.url).origin;
  const start = await follow(jar, await jar.fetch(request.url), origin, request.redirectUri);
  if (start.location) return start.location; // an existing provider session: no form
  const html = await start.res.text();
  const submitted = await jar.fetch(new URL(formAction(html), origin).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: credentials.email, password: credentials.password ?? "demo1234" }),
  });
  const done = await follow(jar, submitted, origin, request.redirectUri);
  if (!done.location) throw new Error(`login did not reach the callback (status ${done.res.status})`);
  return done.location;
}
