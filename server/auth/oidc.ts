// The relying-party side of OpenID Connect (spec: Authentication 3-4): authorization
// code flow with PKCE S256, state and nonce through remix-auth + remix-auth-oauth2, ID
// token checks with jose, refresh, and the provider's end-session URL.
//
// remix-auth-oauth2 keeps state and PKCE verifier in its own cookie ("oidc-state:<uuid>"
// per attempt) but has no nonce: OidcStrategy adds one to the authorization request and
// keeps it, with the page to return to, in a second cookie named after the state.
import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy, CodeChallengeMethod } from "remix-auth-oauth2";
import type { OidcSettings } from "./provider";
import { randomToken, sha256 } from "./crypto";
import { readCookie, type ProviderTokens } from "./sessions";
import { discoverProvider, TokenError, verifyIdToken, type IdTokenClaims, type TokenVerifierOptions } from "./tokens";

const STATE_COOKIE = "oidc-state";
const NONCE_COOKIE_PREFIX = "oidc-nonce-";
const FLOW_COOKIE_PATH = "/api/auth";
const FLOW_MAX_AGE_SEC = 10 * 60;
const SCOPES = ["openid", "profile", "email", "offline_access"];
// startLogin's step-up options, carried to authorizationParams on the strategy's request
const STEP_UP_MAX_AGE_PARAM = "__step_up_max_age";
const STEP_UP_PROMPT_PARAM = "__step_up_prompt";

export type LoginResult = {
  claims: IdTokenClaims;
  tokens: ProviderTokens;
  accessExpiresAt: Date;
  returnTo: string;
};

/** Why a login did not complete; shown to the person as a Slovak message, logged as code. */
export type LoginFailure = "state_missing" | "state_mismatch" | "provider_error" | "access_denied" | "token_exchange" | "id_token" | "nonce_missing";

export class LoginError extends Error {
  constructor(
    readonly failure: LoginFailure,
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The provider said the refresh token is no longer good (reused, revoked, expired). */
export class RefreshRejectedError extends Error {}

/** Only a same-origin path may be returned to after login (no open redirect). */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/api/auth/")) return "/";
  return /^[\x21-\x7e]*$/.test(value) ? value : "/";
}

function nonceCookieName(state: string): string {
  // the state is base64url; hash it so the cookie name stays short and token-safe
  return `${NONCE_COOKIE_PREFIX}${sha256(state).slice(0, 22)}`;
}

function flowCookie(name: string, value: string, maxAge: number): string {
  return `${name}=${value}; Path=${FLOW_COOKIE_PATH}; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

/** Sign-in starts whose flow cookies are kept (tabs signing in at once); older ones go. */
export const KEPT_FLOW_STARTS = 3;

/**
 * Set-Cookie headers that remove the flow cookies of abandoned sign-in starts: of each
 * kind (state, nonce) all but the newest `keep` the request carried. Browsers send cookies
 * of one path oldest first, so the last ones are the newest. Without this, every start
 * left two cookies behind until the Cookie header passed the server's 16 KB (431).
 */
export function staleFlowCookies(request: Request, keep = KEPT_FLOW_STARTS): string[] {
  const names = (request.headers.get("cookie") ?? "").split(";").map((part) => part.split("=")[0].trim());
  const stale = (prefix: string) => {
    const matching = names.filter((name) => name.startsWith(prefix));
    return matching.slice(0, Math.max(0, matching.length - keep));
  };
  return [...stale(STATE_COOKIE), ...stale(NONCE_COOKIE_PREFIX)].map((name) => flowCookie(name, "", 0));
}

/** Set-Cookie headers that remove every login-flow cookie the request carried. */
export function clearFlowCookies(request: Request): string[] {
  const header = request.headers.get("cookie") ?? "";
  return header
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name.startsWith(STATE_COOKIE) || name.startsWith(NONCE_COOKIE_PREFIX))
    .map((name) => flowCookie(name, "", 0));
}

class OidcStrategy extends OAuth2Strategy<LoginResult> {
  override name = "oidc";

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const next = new URLSearchParams(params);
    next.set("nonce", randomToken());
    // a step-up (startLogin's options travel on the request it hands the strategy)
    const asked = new URL(request.url).searchParams;
    const maxAge = asked.get(STEP_UP_MAX_AGE_PARAM);
    if (maxAge && /^\d{1,6}$/.test(maxAge)) next.set("max_age", maxAge);
    if (asked.get(STEP_UP_PROMPT_PARAM) === "login") next.set("prompt", "login");
    return next;
  }

  /**
   * Refresh without a scope parameter: the grant's scopes stay as they are (sending the
   * login's scopes again is refused by providers that do not grant offline_access twice).
   */
  override refreshToken(refreshToken: string) {
    return this.client.refreshAccessToken(this.options.tokenEndpoint.toString(), refreshToken, []);
  }

  override async authenticate(request: Request): Promise<LoginResult> {
    try {
      return await super.authenticate(request);
    } catch (thrown) {
      // the redirect to the provider: keep its nonce (and where to return) in a cookie
      if (thrown instanceof Response && thrown.status === 302) {
        const location = new URL(thrown.headers.get("Location")!);
        const state = location.searchParams.get("state")!;
        const nonce = location.searchParams.get("nonce")!;
        const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
        const value = new URLSearchParams({ n: nonce, r: returnTo }).toString();
        thrown.headers.append("Set-Cookie", flowCookie(nonceCookieName(state), encodeURIComponent(value), FLOW_MAX_AGE_SEC));
        thrown.headers.set("Cache-Control", "no-store");
      }
      throw thrown;
    }
  }
}

function readFlowCookie(request: Request, state: string) {
  const raw = readCookie(request.headers.get("cookie"), nonceCookieName(state));
  if (!raw) return null;
  const params = new URLSearchParams(decodeURIComponent(raw));
  const nonce = params.get("n");
  return nonce ? { nonce, returnTo: safeReturnTo(params.get("r")) } : null;
}

type Discovered = Awaited<ReturnType<typeof discoverProvider>>;

export type OidcClient = {
  /**
   * a 302 to the provider's authorization endpoint with the flow cookies set; a step-up
   * asks with `max_age`; `forceLogin` asks with `prompt=login` (a step-up the provider may
   * not honour by max_age alone, or a browser that signed out of the academy)
   */
  startLogin(request: Request, ask?: { maxAgeSec?: number; forceLogin: boolean }): Promise<Response>;
  /** checks the callback (state, code, PKCE, ID token, nonce) and returns the person */
  completeLogin(request: Request): Promise<LoginResult>;
  refresh(refreshToken: string): Promise<{ tokens: Omit<ProviderTokens, "idToken"> & { idToken: string | null }; accessExpiresAt: Date }>;
  /** the provider's RP-initiated logout URL, or null when it has none */
  endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null>;
  /** key set and expectations for tokens the provider posts to us (logout, erasure) */
  verifierOptions(): Promise<TokenVerifierOptions>;
  /** the provider's UserInfo endpoint, or null when it publishes none */
  userinfoEndpoint(): Promise<string | null>;
};

export function createOidcClient(settings: OidcSettings & { redirectUri: string; claimPrefix: string }): OidcClient {
  let discovery: Promise<{ provider: Discovered; strategy: OidcStrategy; authenticator: Authenticator<LoginResult> }> | null = null;

  // discovered on first use (the local provider is served by this very server, which
  // is not listening yet at start-up); a failure is retried on the next request
  function ready() {
    discovery ??= (async () => {
      const provider = await discoverProvider(settings.issuer);
      const strategy = new OidcStrategy(
        {
          clientId: settings.clientId,
          clientSecret: settings.clientSecret,
          authorizationEndpoint: provider.authorizationEndpoint,
          tokenEndpoint: provider.tokenEndpoint,
          tokenRevocationEndpoint: provider.revocationEndpoint ?? undefined,
          redirectURI: settings.redirectUri,
          scopes: SCOPES,
          codeChallengeMethod: CodeChallengeMethod.S256,
          cookie: { name: STATE_COOKIE, path: FLOW_COOKIE_PATH, httpOnly: true, secure: true, sameSite: "Lax", maxAge: FLOW_MAX_AGE_SEC },
        },
        async ({ request, tokens }) => {
          const state = new URL(request.url).searchParams.get("state") ?? "";
          const flow = readFlowCookie(request, state);
          if (!flow) throw new LoginError("nonce_missing", "login flow cookie with the nonce is missing");
          const idToken = tokens.idToken();
          let claims: IdTokenClaims;
          try {
            claims = await verifyIdToken(idToken, flow.nonce, verifier(provider));
          } catch (error) {
            throw new LoginError("id_token", `ID token refused: ${error instanceof TokenError ? error.failure : String(error)}`, error);
          }
          return {
            claims,
            tokens: { accessToken: tokens.accessToken(), refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null, idToken },
            accessExpiresAt: expiresAt(tokens),
            returnTo: flow.returnTo,
          };
        },
      );
      const authenticator = new Authenticator<LoginResult>().use(strategy, "oidc");
      return { provider, strategy, authenticator };
    })();
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  }

  function verifier(provider: Discovered): TokenVerifierOptions {
    return { issuer: settings.issuer, clientId: settings.clientId, keys: provider.jwks, claimPrefix: settings.claimPrefix };
  }

  return {
    async startLogin(request, ask) {
      const { authenticator } = await ready();
      // the URL carries no state, so the strategy throws its redirect to the provider
      const url = new URL(request.url);
      url.searchParams.delete("state");
      url.searchParams.delete(STEP_UP_MAX_AGE_PARAM);
      url.searchParams.delete(STEP_UP_PROMPT_PARAM);
      if (ask?.maxAgeSec !== undefined) url.searchParams.set(STEP_UP_MAX_AGE_PARAM, String(ask.maxAgeSec));
      if (ask?.forceLogin) url.searchParams.set(STEP_UP_PROMPT_PARAM, "login");
      try {
        await authenticator.authenticate("oidc", new Request(url, { headers: request.headers }));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
      throw new Error("the OAuth2 strategy did not redirect");
    },

    async completeLogin(request) {
      const { authenticator } = await ready();
      try {
        return await authenticator.authenticate("oidc", request);
      } catch (error) {
        throw toLoginError(error);
      }
    },

    async refresh(refreshToken) {
      const { strategy } = await ready();
      try {
        const tokens = await strategy.refreshToken(refreshToken);
        return {
          tokens: {
            accessToken: tokens.accessToken(),
            // a provider that does not rotate keeps the old refresh token valid
            refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : refreshToken,
            idToken: "id_token" in tokens.data && typeof tokens.data.id_token === "string" ? tokens.data.id_token : null,
          },
          accessExpiresAt: expiresAt(tokens),
        };
      } catch (error) {
        if (error instanceof OAuth2RequestError && error.code === "invalid_grant") throw new RefreshRejectedError(error.description ?? error.code);
        throw error;
      }
    },

    async endSessionUrl(idToken, postLogoutRedirectUri) {
      const { provider } = await ready();
      if (!provider.endSessionEndpoint) return null;
      const url = new URL(provider.endSessionEndpoint);
      url.searchParams.set("id_token_hint", idToken);
      url.searchParams.set("post_logout_redirect_uri", postLogoutRedirectUri);
      url.searchParams.set("client_id", settings.clientId);
      return url.href;
    },

    async verifierOptions() {
      return verifier((await ready()).provider);
    },

    async userinfoEndpoint() {
      return (await ready()).provider.userinfoEndpoint;
    },
  };
}

function expiresAt(tokens: { accessTokenExpiresInSeconds(): number; data: object }): Date {
  // a token response without expires_in: treat the access token as good for 5 minutes
  const seconds = "expires_in" in tokens.data ? tokens.accessTokenExpiresInSeconds() : 300;
  return new Date(Date.now() + seconds * 1000);
}

function toLoginError(error: unknown): LoginError {
  if (error instanceof LoginError) return error;
  if (error instanceof OAuth2RequestError) {
    const failure: LoginFailure = error.code === "access_denied" ? "access_denied" : "provider_error";
    return new LoginError(failure, `provider answered ${error.code}${error.description ? `: ${error.description}` : ""}`, error);
  }
  if (error instanceof ReferenceError && /state on cookie/i.test(error.message)) return new LoginError("state_missing", error.message, error);
  if (error instanceof RangeError && /state/i.test(error.message)) return new LoginError("state_mismatch", error.message, error);
  if (error instanceof ReferenceError) return new LoginError("provider_error", error.message, error);
  return new LoginError("token_exchange", error instanceof Error ? error.message : String(error), error);
}
