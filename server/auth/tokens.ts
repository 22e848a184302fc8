// Checks of the tokens the identity provider signs (spec: Authentication 4-5): the ID
// token at login, the logout token of Back-Channel Logout 1.0 and the erasure token of
// the provider's erasure relay. Pure: keys and expectations come in as options.
import { timingSafeEqual } from "node:crypto";
import { ERASURE_EVENT, ERASURE_TOKEN_TYPE } from "../identity";
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";

export type TokenVerifierOptions = {
  /** compared verbatim with iss */
  issuer: string;
  /** must be (in) aud */
  clientId: string;
  keys: JWTVerifyGetKey;
  /** the roles claim is `${claimPrefix}_roles` */
  claimPrefix: string;
  clockToleranceSec?: number;
  currentDate?: Date;
};

export type TokenFailure =
  | "malformed"
  | "bad_signature"
  | "wrong_issuer"
  | "wrong_audience"
  | "expired"
  | "not_yet_valid"
  | "missing_claim"
  | "nonce_mismatch"
  | "wrong_type"
  | "bad_event";

export class TokenError extends Error {
  constructor(
    readonly failure: TokenFailure,
    message: string,
  ) {
    super(message);
    this.name = "TokenError";
  }
}

export type IdTokenClaims = JWTPayload & {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  nonce: string;
  sid?: string;
  [claim: string]: unknown;
};

export { ERASURE_EVENT, ERASURE_TOKEN_TYPE };

/** Asymmetric algorithms only: never "none", never a shared-secret HS*. */
const ALGORITHMS = ["RS256", "PS256", "ES256", "EdDSA"];
export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
/** a logout token without exp is not accepted once its iat is older than this */
const LOGOUT_TOKEN_MAX_AGE_SEC = 10 * 60;

/** The header's typ as written (the signature is checked afterwards by jwtVerify). */
function headerType(token: string): string | undefined {
  try {
    const typ = decodeProtectedHeader(token).typ;
    return typeof typ === "string" ? typ : undefined;
  } catch {
    throw new TokenError("malformed", "token header cannot be decoded");
  }
}

/** RFC 7515 4.1.9: media types are case-insensitive and "application/" may be omitted. */
function mediaType(typ: string | undefined): string | undefined {
  return typ?.toLowerCase().replace(/^application\//, "");
}

function toTokenError(error: unknown): TokenError {
  if (error instanceof TokenError) return error;
  if (error instanceof errors.JWTExpired) return new TokenError("expired", error.message);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === "missing") return new TokenError("missing_claim", error.message);
    if (error.claim === "iss") return new TokenError("wrong_issuer", error.message);
    if (error.claim === "aud") return new TokenError("wrong_audience", error.message);
    if (error.claim === "nbf" || error.claim === "iat") return new TokenError("not_yet_valid", error.message);
    return new TokenError("malformed", error.message);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return new TokenError("bad_signature", error.message);
  }
  // "none" and shared-secret algorithms: as good as no signature
  if (error instanceof errors.JOSEAlgNotAllowed) return new TokenError("bad_signature", error.message);
  if (error instanceof errors.JOSEError) return new TokenError("malformed", error.message);
  return new TokenError("malformed", error instanceof Error ? error.message : String(error));
}

function tolerance(options: TokenVerifierOptions): number {
  return options.clockToleranceSec ?? 60;
}

function nowSec(options: TokenVerifierOptions): number {
  return Math.floor((options.currentDate ?? new Date()).getTime() / 1000);
}

async function verify(token: string, options: TokenVerifierOptions, requiredClaims: string[]): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, options.keys, {
      issuer: options.issuer,
      audience: options.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: tolerance(options),
      currentDate: options.currentDate,
      requiredClaims,
    }));
  } catch (error) {
    throw toTokenError(error);
  }
  // jose checks iat only together with maxTokenAge; a token from the future is refused here
  if (payload.iat !== undefined && payload.iat > nowSec(options) + tolerance(options)) {
    throw new TokenError("not_yet_valid", "iat is in the future");
  }
  return payload;
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** OIDC Core 3.1.3.7: several audiences need azp; an azp present must name this client. */
function checkAuthorizedParty(payload: JWTPayload, clientId: string) {
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    throw new TokenError("wrong_audience", "several audiences without this client as azp");
  }
  if (payload.azp !== undefined && payload.azp !== clientId) {
    throw new TokenError("wrong_audience", "azp names another client");
  }
}

/** The ID token of a login: signature, iss, aud (azp), exp, iat, nonce, spec-required claims. */
export async function verifyIdToken(idToken: string, expectedNonce: string, options: TokenVerifierOptions): Promise<IdTokenClaims> {
  const typ = mediaType(headerType(idToken));
  if (typ === "logout+jwt" || typ === ERASURE_TOKEN_TYPE) throw new TokenError("wrong_type", `a ${typ} is not an ID token`);
  const payload = await verify(idToken, options, ["iss", "sub", "aud", "exp", "iat", "nonce"]);
  checkAuthorizedParty(payload, options.clientId);
  if (typeof payload.nonce !== "string" || !sameString(payload.nonce, expectedNonce)) {
    throw new TokenError("nonce_mismatch", "nonce differs from the one sent with the authorization request");
  }
  if (typeof payload.name !== "string" || payload.name.trim() === "") throw new TokenError("missing_claim", "name is missing");
  if (typeof payload.email !== "string") throw new TokenError("missing_claim", "email is missing");
  if (typeof payload.email_verified !== "boolean") throw new TokenError("missing_claim", "email_verified is missing");
  const roles = payload[`${options.claimPrefix}_roles`];
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === "string")) {
    throw new TokenError("missing_claim", `${options.claimPrefix}_roles is missing`);
  }
  return payload as IdTokenClaims;
}

function eventMember(payload: JWTPayload, event: string) {
  const events = payload.events;
  if (!events || typeof events !== "object" || Array.isArray(events)) throw new TokenError("bad_event", "events claim is missing");
  const member = (events as Record<string, unknown>)[event];
  if (!member || typeof member !== "object" || Array.isArray(member)) throw new TokenError("bad_event", `events lacks ${event}`);
}

export type LogoutToken = { sub: string | null; sid: string | null; jti: string; iat: number; exp: number | null };

/** OIDC Back-Channel Logout 1.0, 2.6: the logout token's checks. */
export async function verifyLogoutToken(token: string, options: TokenVerifierOptions): Promise<LogoutToken> {
  const typ = headerType(token);
  if (typ !== undefined && mediaType(typ) !== "logout+jwt") throw new TokenError("wrong_type", `typ ${typ} is not logout+jwt`);
  const payload = await verify(token, options, ["iss", "aud", "iat", "jti"]);
  checkAuthorizedParty(payload, options.clientId);
  eventMember(payload, BACKCHANNEL_LOGOUT_EVENT);
  if ("nonce" in payload) throw new TokenError("malformed", "a logout token must not carry a nonce");
  const sub = typeof payload.sub === "string" && payload.sub ? payload.sub : null;
  const sid = typeof payload.sid === "string" && payload.sid ? payload.sid : null;
  if (!sub && !sid) throw new TokenError("missing_claim", "neither sub nor sid");
  if (payload.exp === undefined && nowSec(options) - payload.iat! > LOGOUT_TOKEN_MAX_AGE_SEC + tolerance(options)) {
    throw new TokenError("expired", "logout token without exp is too old");
  }
  return { sub, sid, jti: payload.jti!, iat: payload.iat!, exp: payload.exp ?? null };
}

export type ErasureToken = { sub: string; jti: string; iat: number; exp: number | null };

/** The provider's erasure relay: typ exactly erasure+jwt, the erasure event, sub, jti, exp. */
export async function verifyErasureToken(token: string, options: TokenVerifierOptions): Promise<ErasureToken> {
  const typ = headerType(token);
  if (typ !== ERASURE_TOKEN_TYPE) throw new TokenError("wrong_type", `typ ${typ ?? "(none)"} is not erasure+jwt`);
  const payload = await verify(token, options, ["iss", "aud", "iat", "exp", "jti", "sub"]);
  checkAuthorizedParty(payload, options.clientId);
  eventMember(payload, ERASURE_EVENT);
  return { sub: payload.sub!, jti: payload.jti!, iat: payload.iat!, exp: payload.exp ?? null };
}

export type DiscoveredProvider = {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  endSessionEndpoint: string | null;
  userinfoEndpoint: string | null;
  revocationEndpoint: string | null;
  jwks: JWTVerifyGetKey;
};

async function fetchDiscoveryDocument(url: string, fetchImpl: typeof fetch): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new Error(`OpenID discovery at ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) throw new Error(`OpenID discovery at ${url} answered ${res.status}`);
  const doc: unknown = await res.json().catch(() => null);
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new Error(`OpenID discovery at ${url} is not a JSON object`);
  return doc as Record<string, unknown>;
}

/** Reads the provider's discovery document; its issuer must equal the configured one. */
export async function discoverProvider(issuer: string, fetchImpl: typeof fetch = fetch): Promise<DiscoveredProvider> {
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const doc = await fetchDiscoveryDocument(url, fetchImpl);
  if (doc.issuer !== issuer) throw new Error(`OpenID discovery at ${url} names issuer ${String(doc.issuer)}, expected ${issuer}`);
  const required = (key: string) => {
    if (typeof doc[key] !== "string") throw new Error(`OpenID discovery at ${url} lacks ${key}`);
    return doc[key] as string;
  };
  const optional = (key: string) => (typeof doc[key] === "string" ? (doc[key] as string) : null);
  const jwksUri = required("jwks_uri");
  if (!URL.canParse(jwksUri)) throw new Error(`OpenID discovery at ${url} has an invalid jwks_uri ${jwksUri}`);
  return {
    authorizationEndpoint: required("authorization_endpoint"),
    tokenEndpoint: required("token_endpoint"),
    endSessionEndpoint: optional("end_session_endpoint"),
    userinfoEndpoint: optional("userinfo_endpoint"),
    revocationEndpoint: optional("revocation_endpoint"),
    jwks: createRemoteJWKSet(new URL(jwksUri)),
  };
}

/** The provider's key set, found through discovery. */
export async function discoverJwks(issuer: string, fetchImpl: typeof fetch = fetch): Promise<JWTVerifyGetKey> {
  return (await discoverProvider(issuer, fetchImpl)).jwks;
}
