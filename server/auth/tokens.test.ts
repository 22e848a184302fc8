// Each way an ID token, logout token or erasure token can be wrong is refused with its
// own failure code; the valid ones pass with their claims. Keys are local (no network)
// except the discovery test, which serves a document over real HTTP.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWK, type JWTPayload, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKCHANNEL_LOGOUT_EVENT,
  discoverJwks,
  discoverProvider,
  ERASURE_EVENT,
  TokenError,
  verifyErasureToken,
  verifyIdToken,
  verifyLogoutToken,
  type TokenVerifierOptions,
} from "./tokens";

const ISSUER = "https://idp.example/idp";
const CLIENT = "learning-platform";
const NONCE = "n-0123456789abcdefghijklmnopqrstuvwxyzABCDEF";

let signingKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: JWK;
let options: TokenVerifierOptions;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const other = await generateKeyPair("RS256", { extractable: true });
  signingKey = pair.privateKey;
  otherKey = other.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  options = { issuer: ISSUER, clientId: CLIENT, keys: createLocalJWKSet({ keys: [publicJwk] }), claimPrefix: "sportup" };
});

/** The promise is refused with a TokenError carrying exactly this failure code. */
async function expectFailure(promise: Promise<unknown>, failure: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenError);
  expect(error).toMatchObject({ failure });
}

const now = () => Math.floor(Date.now() / 1000);

function idClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: CLIENT,
    sub: "p-1001",
    iat: now(),
    exp: now() + 3600,
    nonce: NONCE,
    name: "Jana Nováková",
    email: "jana.novakova@demo.sk",
    email_verified: true,
    sportup_roles: ["user"],
    sid: "sid-1",
    ...overrides,
  };
}

async function sign(payload: JWTPayload, header: { typ?: string; kid?: string } = {}, key: CryptoKey = signingKey) {
  const clean = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined));
  return new SignJWT(clean).setProtectedHeader({ alg: "RS256", kid: header.kid ?? "k1", ...(header.typ ? { typ: header.typ } : {}) }).sign(key);
}

describe("verifyIdToken", () => {
  it("accepts a valid token and returns its claims", async () => {
    const claims = await verifyIdToken(await sign(idClaims()), NONCE, options);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: CLIENT,
      sub: "p-1001",
      nonce: NONCE,
      name: "Jana Nováková",
      email: "jana.novakova@demo.sk",
      email_verified: true,
      sid: "sid-1",
      sportup_roles: ["user"],
    });
  });

  it("accepts several audiences when azp names this client", async () => {
    const token = await sign(idClaims({ aud: [CLIENT, "other"], azp: CLIENT }));
    await expect(verifyIdToken(token, NONCE, options)).resolves.toMatchObject({ sub: "p-1001" });
  });

  const cases: [string, () => Promise<string>, string, string?][] = [
    ["wrong issuer", () => sign(idClaims({ iss: "https://evil.example" })), "wrong_issuer"],
    ["issuer with a trailing slash (compared verbatim)", () => sign(idClaims({ iss: `${ISSUER}/` })), "wrong_issuer"],
    ["wrong audience", () => sign(idClaims({ aud: "another-client" })), "wrong_audience"],
    ["several audiences without azp", () => sign(idClaims({ aud: [CLIENT, "other"] })), "wrong_audience"],
    ["several audiences, azp another client", () => sign(idClaims({ aud: [CLIENT, "other"], azp: "other" })), "wrong_audience"],
    ["azp another client", () => sign(idClaims({ azp: "other" })), "wrong_audience"],
    ["expired beyond the clock tolerance", () => sign(idClaims({ iat: now() - 3600, exp: now() - 120 })), "expired"],
    ["wrong nonce", () => sign(idClaims({ nonce: NONCE.replace(/.$/, "X") })), "nonce_mismatch"],
    ["nonce of another length", () => sign(idClaims({ nonce: "short" })), "nonce_mismatch"],
    ["no nonce", () => sign(idClaims({ nonce: undefined })), "missing_claim"],
    ["no sub", () => sign(idClaims({ sub: undefined })), "missing_claim"],
    ["no iat", () => sign(idClaims({ iat: undefined })), "missing_claim"],
    ["no email", () => sign(idClaims({ email: undefined })), "missing_claim"],
    ["no email_verified", () => sign(idClaims({ email_verified: undefined })), "missing_claim"],
    ["no name", () => sign(idClaims({ name: "  " })), "missing_claim"],
    ["no roles claim", () => sign(idClaims({ sportup_roles: undefined })), "missing_claim"],
    ["roles claim not a string list", () => sign(idClaims({ sportup_roles: "admin" })), "missing_claim"],
    ["signed by another key under the same kid", () => sign(idClaims(), {}, otherKey), "bad_signature"],
    ["signed by an unknown key id", () => sign(idClaims(), { kid: "k2" }, otherKey), "bad_signature"],
    [
      "HS256 with a shared secret",
      () => new SignJWT(idClaims()).setProtectedHeader({ alg: "HS256", kid: "k1" }).sign(new TextEncoder().encode("x".repeat(32))),
      "bad_signature",
    ],
    ["unsecured (alg none)", async () => new UnsecuredJWT(idClaims()).encode(), "bad_signature"],
    ["iat in the future", () => sign(idClaims({ iat: now() + 600 })), "not_yet_valid"],
    ["nbf in the future", () => sign(idClaims({ nbf: now() + 600 })), "not_yet_valid"],
    ["a logout token presented as ID token", () => sign(idClaims(), { typ: "logout+jwt" }), "wrong_type"],
    ["not a JWT at all", async () => "not-a-token", "malformed"],
  ];
  for (const [name, make, failure] of cases) {
    it(`refuses: ${name} → ${failure}`, async () => {
      await expectFailure(verifyIdToken(await make(), NONCE, options), failure);
    });
  }

  it("tolerates a clock 30 s behind the provider's", async () => {
    const token = await sign(idClaims({ iat: now() + 30, nbf: now() + 30 }));
    await expect(verifyIdToken(token, NONCE, options)).resolves.toMatchObject({ sub: "p-1001" });
  });

  it("a token valid an hour ago is refused now (currentDate is honoured)", async () => {
    const token = await sign(idClaims({ iat: now(), exp: now() + 60 }));
    await expectFailure(verifyIdToken(token, NONCE, { ...options, currentDate: new Date(Date.now() + 3600_000) }), "expired");
  });
});

function logoutClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: CLIENT,
    iat: now(),
    exp: now() + 120,
    jti: `jti-${Math.random()}`,
    sub: "p-1001",
    sid: "sid-1",
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    ...overrides,
  };
}

describe("verifyLogoutToken", () => {
  it("accepts a token with sid and sub", async () => {
    const token = await verifyLogoutToken(await sign(logoutClaims({ jti: "jti-1" }), { typ: "logout+jwt" }), options);
    expect(token).toEqual({ sub: "p-1001", sid: "sid-1", jti: "jti-1", iat: expect.any(Number), exp: expect.any(Number) });
  });

  it("accepts one with sid only", async () => {
    const token = await verifyLogoutToken(await sign(logoutClaims({ sub: undefined }), { typ: "logout+jwt" }), options);
    expect(token).toMatchObject({ sub: null, sid: "sid-1" });
  });

  it("accepts typ application/logout+jwt (the same media type) and one without exp issued just now", async () => {
    await expect(verifyLogoutToken(await sign(logoutClaims(), { typ: "application/logout+jwt" }), options)).resolves.toMatchObject({
      sid: "sid-1",
    });
    await expect(verifyLogoutToken(await sign(logoutClaims({ exp: undefined }), { typ: "logout+jwt" }), options)).resolves.toMatchObject({
      exp: null,
    });
  });

  it("accepts one with sub only (all of the person's sessions) and one without typ", async () => {
    await expect(verifyLogoutToken(await sign(logoutClaims({ sid: undefined }), { typ: "logout+jwt" }), options)).resolves.toMatchObject({
      sub: "p-1001",
      sid: null,
    });
    await expect(verifyLogoutToken(await sign(logoutClaims()), options)).resolves.toMatchObject({ sid: "sid-1" });
  });

  const cases: [string, () => Promise<string>, string][] = [
    ["no events", () => sign(logoutClaims({ events: undefined }), { typ: "logout+jwt" }), "bad_event"],
    ["another event", () => sign(logoutClaims({ events: { "https://example/other": {} } }), { typ: "logout+jwt" }), "bad_event"],
    ["event member not an object", () => sign(logoutClaims({ events: { [BACKCHANNEL_LOGOUT_EVENT]: "yes" } }), { typ: "logout+jwt" }), "bad_event"],
    ["a nonce inside", () => sign(logoutClaims({ nonce: NONCE }), { typ: "logout+jwt" }), "malformed"],
    ["neither sub nor sid", () => sign(logoutClaims({ sub: undefined, sid: undefined }), { typ: "logout+jwt" }), "missing_claim"],
    ["typ JWT", () => sign(logoutClaims(), { typ: "JWT" }), "wrong_type"],
    ["expired", () => sign(logoutClaims({ iat: now() - 600, exp: now() - 300 }), { typ: "logout+jwt" }), "expired"],
    ["no exp and an old iat", () => sign(logoutClaims({ exp: undefined, iat: now() - 3600 }), { typ: "logout+jwt" }), "expired"],
    ["no exp and an iat far in the future", () => sign(logoutClaims({ exp: undefined, iat: now() + 86400 * 365 }), { typ: "logout+jwt" }), "not_yet_valid"],
    ["no jti", () => sign(logoutClaims({ jti: undefined }), { typ: "logout+jwt" }), "missing_claim"],
    ["no iat", () => sign(logoutClaims({ iat: undefined }), { typ: "logout+jwt" }), "missing_claim"],
    ["wrong issuer", () => sign(logoutClaims({ iss: "https://evil.example" }), { typ: "logout+jwt" }), "wrong_issuer"],
    ["wrong audience", () => sign(logoutClaims({ aud: "other" }), { typ: "logout+jwt" }), "wrong_audience"],
    ["another key", () => sign(logoutClaims(), { typ: "logout+jwt" }, otherKey), "bad_signature"],
  ];
  for (const [name, make, failure] of cases) {
    it(`refuses: ${name} → ${failure}`, async () => {
      await expectFailure(verifyLogoutToken(await make(), options), failure);
    });
  }
});

function erasureClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  return { iss: ISSUER, aud: CLIENT, iat: now(), exp: now() + 300, jti: "e-1", sub: "p-1001", events: { [ERASURE_EVENT]: {} }, ...overrides };
}

describe("verifyErasureToken", () => {
  it("accepts a valid erasure+jwt", async () => {
    await expect(verifyErasureToken(await sign(erasureClaims(), { typ: "erasure+jwt" }), options)).resolves.toEqual({
      sub: "p-1001",
      jti: "e-1",
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
  });

  const cases: [string, () => Promise<string>, string][] = [
    ["typ logout+jwt", () => sign(erasureClaims(), { typ: "logout+jwt" }), "wrong_type"],
    ["no typ", () => sign(erasureClaims()), "wrong_type"],
    ["a logout event", () => sign(erasureClaims({ events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } }), { typ: "erasure+jwt" }), "bad_event"],
    ["no sub", () => sign(erasureClaims({ sub: undefined }), { typ: "erasure+jwt" }), "missing_claim"],
    ["no exp", () => sign(erasureClaims({ exp: undefined }), { typ: "erasure+jwt" }), "missing_claim"],
    ["no jti", () => sign(erasureClaims({ jti: undefined }), { typ: "erasure+jwt" }), "missing_claim"],
    ["expired", () => sign(erasureClaims({ iat: now() - 600, exp: now() - 300 }), { typ: "erasure+jwt" }), "expired"],
    ["no events", () => sign(erasureClaims({ events: undefined }), { typ: "erasure+jwt" }), "bad_event"],
    ["wrong issuer", () => sign(erasureClaims({ iss: "https://evil.example" }), { typ: "erasure+jwt" }), "wrong_issuer"],
  ];
  for (const [name, make, failure] of cases) {
    it(`refuses: ${name} → ${failure}`, async () => {
      await expectFailure(verifyErasureToken(await make(), options), failure);
    });
  }
});

describe("discoverProvider", () => {
  let server: http.Server;
  let base: string;
  let advertisedIssuer: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/idp/.well-known/openid-configuration") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            issuer: advertisedIssuer,
            authorization_endpoint: `${base}/idp/auth`,
            token_endpoint: `${base}/idp/token`,
            jwks_uri: `${base}/idp/jwks`,
            end_session_endpoint: `${base}/idp/session/end`,
          }),
        );
      } else if (req.url === "/idp/jwks") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ keys: [publicJwk] }));
      } else if (req.url === "/html/.well-known/openid-configuration") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>login</html>");
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the endpoints of the configured issuer", async () => {
    advertisedIssuer = `${base}/idp`;
    const provider = await discoverProvider(`${base}/idp`);
    expect(provider).toMatchObject({
      authorizationEndpoint: `${base}/idp/auth`,
      tokenEndpoint: `${base}/idp/token`,
      endSessionEndpoint: `${base}/idp/session/end`,
      userinfoEndpoint: null,
    });
  });

  it("refuses a document that names another issuer", async () => {
    advertisedIssuer = "https://evil.example/idp";
    await expect(discoverProvider(`${base}/idp`)).rejects.toThrow(/names issuer https:\/\/evil\.example\/idp/);
  });

  it("strips one trailing slash to find the document but compares the issuer verbatim", async () => {
    advertisedIssuer = `${base}/idp/`;
    await expect(discoverProvider(`${base}/idp/`)).resolves.toMatchObject({ tokenEndpoint: `${base}/idp/token` });
    await expect(discoverProvider(`${base}/idp`)).rejects.toThrow(/expected http:\/\/127\.0\.0\.1:\d+\/idp$/);
  });

  it("discoverJwks returns the advertised key set, which checks real tokens", async () => {
    advertisedIssuer = `${base}/idp`;
    const keys = await discoverJwks(`${base}/idp`);
    const token = await sign(idClaims());
    await expect(verifyIdToken(token, NONCE, { ...options, keys })).resolves.toMatchObject({ sub: "p-1001" });
    await expectFailure(verifyIdToken(await sign(idClaims(), {}, otherKey), NONCE, { ...options, keys }), "bad_signature");
  });

  it("fails clearly when there is no document", async () => {
    await expect(discoverProvider(`${base}/nothing`)).rejects.toThrow(/answered 404/);
  });

  it("fails clearly when the document is not JSON", async () => {
    await expect(discoverProvider(`${base}/html`)).rejects.toThrow(/is not a JSON object/);
  });

  it("fails clearly when the provider cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(discoverJwks(`http://127.0.0.1:${port}/idp`)).rejects.toThrow(/OpenID discovery at .* failed/);
  });
});
