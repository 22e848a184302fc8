// The local OpenID provider mounted at /idp on the app's own server: discovery, the
// Slovak login form (code + PKCE, no JavaScript), claims, UserInfo, refresh-token
// rotation with reuse detection, the REST API. Real oidc-provider, real HTTP.
import type { Server } from "node:http";
import express from "express";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalIdp, type LocalIdp } from "#server/stand-ins/identity-provider";
import { freePort, startApp, type RunningApp } from "../support/app";
import { authorizationRequest, CookieJar, follow, formAction, loginAtLocalIdp } from "../support/idp-login";

const CLIENT = { id: "learning-platform", secret: "local-dev-client-secret" };
const API_TOKEN = "local-dev-api-token";
const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`;

let app: RunningApp;
let issuer: string;

beforeAll(async () => {
  app = await startApp({ seed: false });
  issuer = `${app.url}/idp`;
});
afterAll(async () => {
  await app?.stop();
});

async function token(body: Record<string, string>) {
  const res = await fetch(`${issuer}/token`, {
    method: "POST",
    headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function login(email: string) {
  const jar = new CookieJar();
  const request = authorizationRequest({ issuer, appUrl: app.url });
  const callback = new URL(await loginAtLocalIdp(jar, request, { email }));
  expect(callback.searchParams.get("state")).toBe(request.state);
  const tokens = await token({
    grant_type: "authorization_code",
    code: callback.searchParams.get("code")!,
    redirect_uri: request.redirectUri,
    code_verifier: request.verifier,
  });
  expect(tokens.status).toBe(200);
  return { jar, request, callback, tokens: tokens.body };
}

describe("local identity provider: discovery", () => {
  it("publishes its endpoints under /idp", async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
      code_challenge_methods_supported: ["S256"],
    });
    expect(doc.claims_supported).toEqual(expect.arrayContaining(["sportup_roles", "sportup_orgs", "sportup_person_id", "birthdate"]));
    const jwks = await (await fetch(doc.jwks_uri)).json();
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: "RSA", alg: "RS256", use: "sig" })]);
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe("local identity provider: login form", () => {
  it("shows a Slovak form without scripts or outside resources, listing the demo accounts", async () => {
    const jar = new CookieJar();
    const request = authorizationRequest({ issuer, appUrl: app.url });
    const { res } = await follow(jar, await jar.fetch(request.url), app.url, request.redirectUri);
    expect(res.status).toBe(200);
    expect(res.url === "" || res.url.startsWith(issuer)).toBe(true);
    const html = await res.text();
    expect(html).toContain('<html lang="sk">');
    // the app's icon, so the browser asks for no /favicon.ico (a 404 in its console)
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain("Prihlásiť sa");
    expect(html).toContain("jana.novakova@demo.sk");
    expect(html).toContain("tomas.balaz@demo.sk");
    expect(html).not.toMatch(/<script|fonts\.googleapis|https?:\/\/(?!localhost)/);
    expect(formAction(html)).toMatch(/^\/idp\/interaction\/[\w-]+\/login$/);
  });

  it("rejects a wrong password with a Slovak error and issues no code", async () => {
    const jar = new CookieJar();
    const request = authorizationRequest({ issuer, appUrl: app.url });
    const { res } = await follow(jar, await jar.fetch(request.url), app.url, request.redirectUri);
    const action = new URL(formAction(await res.text()), app.url).href;
    const wrong = await jar.fetch(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "jana.novakova@demo.sk", password: "zle-heslo" }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("location")).toBeNull();
    const html = await wrong.text();
    expect(html).toContain("Nesprávny e-mail alebo heslo.");
    expect(html).toContain('value="jana.novakova@demo.sk"');
    expect(html).not.toContain("zle-heslo");
    // an unknown e-mail gets the same answer
    const unknown = await jar.fetch(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nikto@demo.sk", password: "demo1234" }),
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("Nesprávny e-mail alebo heslo.");
    // the same interaction still accepts the right password afterwards
    const right = await jar.fetch(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "jana.novakova@demo.sk", password: "demo1234" }),
    });
    const done = await follow(jar, right, app.url, request.redirectUri);
    expect(done.location).toMatch(/\/api\/auth\/callback\?code=/);
  });

  it("requires PKCE: an authorization request without code_challenge gets no code", async () => {
    const jar = new CookieJar();
    const request = authorizationRequest({ issuer, appUrl: app.url });
    const url = new URL(request.url);
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const res = await jar.fetch(url.href);
    const location = res.headers.get("location") ?? "";
    expect(location.startsWith(request.redirectUri)).toBe(true);
    const params = new URL(location).searchParams;
    expect(params.get("error")).toBe("invalid_request");
    expect(params.get("code")).toBeNull();
  });

  it("code + PKCE login gives an ID token with the contract's claims, nonce echoed", async () => {
    const { request, callback, tokens } = await login("tomas.balaz@demo.sk");
    expect(callback.searchParams.get("iss")).toBe(issuer);
    expect(tokens).toMatchObject({ token_type: "Bearer", id_token: expect.any(String), access_token: expect.any(String) });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: CLIENT.id });
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: "p-5001",
      nonce: request.nonce,
      name: "Tomáš Baláž",
      given_name: "Tomáš",
      family_name: "Baláž",
      email: "tomas.balaz@demo.sk",
      email_verified: true,
      sportup_roles: ["user", "club_admin:o-5001"],
      sportup_orgs: [{ org_id: "o-5001", roles: ["club_admin"] }],
      sportup_person_id: "p-5001",
      sid: expect.any(String),
    });
    // extended data stays out of the ID token
    expect(payload.birthdate).toBeUndefined();
    expect(payload.address).toBeUndefined();
  });

  it("uses the configured app role prefix in the roles claim", async () => {
    const { tokens } = await login("zuzana.bielikova@demo.sk");
    const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
    const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer, audience: CLIENT.id });
    expect(payload).toMatchObject({ sub: "p-4001", sportup_roles: ["user", "academy:admin"], sportup_orgs: [] });
  });

  it("UserInfo adds birth date, phone, address and organizations", async () => {
    const { tokens } = await login("peter.horvath@demo.sk");
    const res = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      sub: "p-1002",
      name: "Peter Horváth",
      email: "peter.horvath@demo.sk",
      birthdate: "1985-09-30",
      phone_number: expect.stringMatching(/^\+421/),
      address: { country: "SK", locality: "Trnava", postal_code: "91701", street_address: "Hlavná 5" },
      organizations: [{ org_id: "o-5001", name: "ŠK Tatran Demo", role: "member" }],
      sportup_roles: ["user"],
    });
    const bad = await fetch(`${issuer}/me`, { headers: { authorization: "Bearer nonsense" } });
    expect(bad.status).toBe(401);
  });

  it("a second authorization in the same browser needs no form and no consent screen", async () => {
    const { jar } = await login("eva.kovacova@demo.sk");
    const again = authorizationRequest({ issuer, appUrl: app.url });
    const { location } = await follow(jar, await jar.fetch(again.url), app.url, again.redirectUri);
    expect(location).toMatch(/\/api\/auth\/callback\?code=/);
  });
});

describe("local identity provider: re-authentication (step-up)", () => {
  async function idTokenOf(jar: CookieJar, request: ReturnType<typeof authorizationRequest>, callbackUrl: string) {
    const callback = new URL(callbackUrl);
    const tokens = await token({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code")!,
      redirect_uri: request.redirectUri,
      code_verifier: request.verifier,
    });
    expect(tokens.status).toBe(200);
    const { payload } = await jwtVerify(tokens.body.id_token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer, audience: CLIENT.id });
    return payload;
  }

  it("every ID token carries auth_time, also without max_age", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { tokens } = await login("zuzana.bielikova@demo.sk");
    const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer, audience: CLIENT.id });
    expect(payload.auth_time).toEqual(expect.any(Number));
    expect(payload.auth_time as number).toBeGreaterThanOrEqual(before - 1);
  });

  it("honours max_age: a provider session older than it shows the login form again; a younger one does not", async () => {
    const { jar } = await login("zuzana.bielikova@demo.sk");
    const signedInAt = Math.floor(Date.now() / 1000);
    // within max_age: back to the app at once, with the first sign-in's auth_time
    const lenient = authorizationRequest({ issuer, appUrl: app.url, extra: { max_age: "3600" } });
    const silent = await follow(jar, await jar.fetch(lenient.url), app.url, lenient.redirectUri);
    expect(silent.location).toMatch(/\/api\/auth\/callback\?code=/);
    expect((await idTokenOf(jar, lenient, silent.location!)).auth_time as number).toBeLessThanOrEqual(signedInAt);

    // older than max_age (the provider's clock is real: wait past a 1-second limit)
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const strict = authorizationRequest({ issuer, appUrl: app.url, extra: { max_age: "1" } });
    const asked = await follow(jar, await jar.fetch(strict.url), app.url, strict.redirectUri);
    expect(asked.location).toBeUndefined();
    expect(asked.res.status).toBe(200);
    expect(await asked.res.text()).toContain('name="password"');
    // signing in again gives a fresh auth_time
    const callbackUrl = await loginAtLocalIdp(jar, strict, { email: "zuzana.bielikova@demo.sk" });
    expect((await idTokenOf(jar, strict, callbackUrl)).auth_time as number).toBeGreaterThanOrEqual(signedInAt + 2);
  });

  it("honours prompt=login: the form is shown even to a fresh provider session", async () => {
    const { jar } = await login("zuzana.bielikova@demo.sk");
    const forced = authorizationRequest({ issuer, appUrl: app.url, extra: { max_age: "3600", prompt: "login" } });
    const asked = await follow(jar, await jar.fetch(forced.url), app.url, forced.redirectUri);
    expect(asked.location).toBeUndefined();
    expect(await asked.res.text()).toContain('name="password"');
  });
});

describe("local identity provider: refresh tokens", () => {
  it("rotate on every use; reusing a rotated-out token revokes the grant", async () => {
    const { tokens } = await login("jana.novakova@demo.sk");
    const first = tokens.refresh_token;
    const rotated = await token({ grant_type: "refresh_token", refresh_token: first });
    expect(rotated.status).toBe(200);
    const second = rotated.body.refresh_token;
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    expect(rotated.body.id_token).toEqual(expect.any(String));

    const reuse = await token({ grant_type: "refresh_token", refresh_token: first });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");

    // the whole grant is gone: the newly rotated token and the access token too
    const afterReuse = await token({ grant_type: "refresh_token", refresh_token: second });
    expect(afterReuse.status).toBe(400);
    expect(afterReuse.body.error).toBe("invalid_grant");
    const me = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${rotated.body.access_token}` } });
    expect(me.status).toBe(401);
  });

  it("reject another client's credentials", async () => {
    const { tokens } = await login("jana.novakova@demo.sk");
    const res = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT.id}:wrong`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
    });
    expect(res.status).toBe(401);
    // the token is still good with the right secret
    expect((await token({ grant_type: "refresh_token", refresh_token: tokens.refresh_token })).status).toBe(200);
  });
});

describe("local identity provider: REST API", () => {
  const api = (path: string, init: RequestInit = {}, tokenValue: string | null = API_TOKEN) =>
    fetch(`${issuer}/api${path}`, {
      ...init,
      headers: { ...(tokenValue ? { authorization: `Bearer ${tokenValue}` } : {}), ...(init.headers ?? {}) },
    });

  it("answers 401 without or with a wrong application token", async () => {
    for (const t of [null, "wrong-token"]) {
      const res = await api("/persons/p-1001", {}, t);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.json()).toEqual({ error: "unauthorized", message: expect.any(String), details: {} });
    }
  });

  it("returns a person", async () => {
    const res = await api("/persons/p-5001");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: "p-5001",
      displayName: "Tomáš Baláž",
      email: "tomas.balaz@demo.sk",
      avatarUrl: null,
      roles: ["user", "club_admin:o-5001"],
      organizations: [{ org_id: "o-5001", roles: ["club_admin"] }],
      birthdate: "1975-01-08",
    });
  });

  it("returns an organization", async () => {
    const res = await api("/organizations/o-5001");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: "o-5001",
      name: "ŠK Tatran Demo",
      legalName: expect.any(String),
      ico: "12345678",
      dic: expect.any(String),
      icDph: null,
      type: "sport_club",
      address: { street: expect.any(String), city: "Trnava", postalCode: "91701", country: "SK" },
    });
    const partner = await (await api("/organizations/o-9001")).json();
    expect(partner).toMatchObject({ name: "Slovenská akadémia športového manažmentu", type: "accredited_educational_institution" });
  });

  it("looks up memberships", async () => {
    const admin = await api("/organizations/o-5001/members/p-5001");
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual({ orgId: "o-5001", personId: "p-5001", roles: ["club_admin"] });
    const member = await (await api("/organizations/o-5001/members/p-1002")).json();
    expect(member).toEqual({ orgId: "o-5001", personId: "p-1002", roles: ["member"] });
  });

  it("searches persons and organizations by name (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name)", async () => {
    // every word, without case or accents; people who never signed in are there too
    const people = (await (await api(`/persons?q=${encodeURIComponent("PETER horvath")}`)).json()) as {
      data: { id: string; displayName: string; organizations: unknown[] }[];
    };
    expect(people.data.map((p) => p.id)).toEqual(["p-1002"]);
    expect(people.data[0]).toMatchObject({ displayName: "Peter Horváth", organizations: [{ org_id: "o-5001", roles: ["member"] }] });
    expect((await (await api("/persons?q=nikto")).json()) as unknown).toEqual({ data: [] });
    const clubs = (await (await api("/organizations?q=demo&type=sport_club")).json()) as { data: { id: string }[] };
    expect(clubs.data.map((o) => o.id)).toEqual(["o-5001", "o-5002"]);
    const byIco = (await (await api("/organizations?q=87654321")).json()) as { data: { id: string; name: string }[] };
    expect(byIco.data).toEqual([expect.objectContaining({ id: "o-9001", name: "Slovenská akadémia športového manažmentu" })]);
    for (const path of ["/organizations", "/organizations?q=", `/persons?q=${"x".repeat(201)}`]) {
      const res = await api(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: "bad_request", message: expect.any(String), details: {} });
    }
    expect((await api("/persons?q=eva", {}, null)).status).toBe(401);
  });

  it("answers 404 for unknown persons, organizations, memberships and paths", async () => {
    for (const path of [
      "/persons/p-9999",
      "/organizations/o-0000",
      "/organizations/o-5001/members/p-1001",
      "/organizations/o-0000/members/p-5001",
      "/nothing",
    ]) {
      const res = await api(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: expect.any(String), details: {} });
    }
  });

  it("answers 405 to writes", async () => {
    const res = await api("/persons/p-1001", { method: "DELETE" });
    expect(res.status).toBe(405);
  });
});

// The provider in-process on a small Express server whose /api/auth/* receivers record what
// the provider sends, so logout and erasure tokens can be inspected before the app's
// receivers exist (they are the auth flow's part).
describe("local identity provider: back-channel logout and erasure requests", () => {
  let server: Server;
  let base: string;
  let idp: LocalIdp;
  const received: { path: string; body: URLSearchParams }[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    idp = await startLocalIdp({
      issuer: `${base}/idp`,
      appUrl: base,
      claimPrefix: "sportup",
      rolePrefix: "academy",
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      apiToken: API_TOKEN,
      cookieKeys: ["test-cookie-key"],
      production: false,
      log: { info() {}, warn: (m, f) => problems.push(`${m} ${JSON.stringify(f)}`), error: (m, f) => problems.push(`${m} ${JSON.stringify(f)}`) },
    });
    const web = express();
    web.use("/idp", idp.handler);
    web.post(["/api/auth/backchannel-logout", "/api/auth/erasure"], express.urlencoded({ extended: false }), (req, res) => {
      received.push({ path: req.path, body: new URLSearchParams(req.body as Record<string, string>) });
      res.status(200).set("cache-control", "no-store").end();
    });
    await new Promise<void>((resolve) => {
      server = web.listen(port, "127.0.0.1", () => resolve());
    });
  });
  afterAll(async () => {
    await idp?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function loginHere(email: string) {
    const jar = new CookieJar();
    const request = authorizationRequest({ issuer: idp.issuer, appUrl: base });
    const callback = new URL(await loginAtLocalIdp(jar, request, { email }));
    const res = await fetch(`${idp.issuer}/token`, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: request.redirectUri,
        code_verifier: request.verifier,
      }),
    });
    expect(res.status).toBe(200);
    return { jar, tokens: (await res.json()) as Record<string, string> };
  }

  it("ending the session at the provider (confirmed without JavaScript) POSTs a logout token to the app", async () => {
    const { jar, tokens } = await loginHere("jana.novakova@demo.sk");
    const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
    const idToken = (await jwtVerify(tokens.id_token, jwks, { issuer: idp.issuer, audience: CLIENT.id })).payload;
    received.length = 0;

    const end = new URL(`${idp.issuer}/session/end`);
    end.search = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${base}/`, state: "s1" }).toString();
    const page = await jar.fetch(end.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Odhlásenie");
    expect(html).toContain("Áno, odhlásiť aj z poskytovateľa identity");
    expect(html).toContain("Nie, zostať prihlásený u poskytovateľa identity");
    expect(html).not.toMatch(/<script|fonts\.googleapis/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const confirm = await jar.fetch(new URL(formAction(html), base).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe(`${base}/?state=s1`);

    expect(problems).toEqual([]);
    expect(received.map((r) => r.path)).toEqual(["/api/auth/backchannel-logout"]);
    const logoutToken = received[0].body.get("logout_token")!;
    expect(decodeProtectedHeader(logoutToken).typ).toBe("logout+jwt");
    const { payload } = await jwtVerify(logoutToken, jwks, { issuer: idp.issuer, audience: CLIENT.id });
    expect(payload).toMatchObject({
      sub: "p-1001",
      sid: idToken.sid,
      jti: expect.any(String),
      events: { "http://schemas.openid.net/event/backchannel-logout": {} },
    });
    expect(payload.nonce).toBeUndefined();

    // the provider session and the grant are gone: no silent login, refresh token revoked
    const again = authorizationRequest({ issuer: idp.issuer, appUrl: base });
    const { res, location } = await follow(jar, await jar.fetch(again.url), base, again.redirectUri);
    expect(location).toBeUndefined();
    expect(await res.text()).toContain("Prihlásiť sa");
    const refresh = await fetch(`${idp.issuer}/token`, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
    });
    expect(refresh.status).toBe(400);
  });

  it("requestErasure signs an erasure+jwt with the provider key and POSTs it to the app", async () => {
    received.length = 0;
    expect(await idp.requestErasure("p-1002")).toBe(200);
    expect(received.map((r) => r.path)).toEqual(["/api/auth/erasure"]);
    const erasureToken = received[0].body.get("erasure_token")!;
    expect(decodeProtectedHeader(erasureToken)).toMatchObject({ alg: "RS256", typ: "erasure+jwt", kid: expect.any(String) });
    const jwks = createRemoteJWKSet(new URL(`${idp.issuer}/jwks`));
    const { payload } = await jwtVerify(erasureToken, jwks, { issuer: idp.issuer, audience: CLIENT.id, typ: "erasure+jwt" });
    expect(payload).toMatchObject({
      sub: "p-1002",
      jti: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
      events: { "https://schemas.sportup.example/erasure": {} },
    });
  });

  it("the REST API relays an erasure request for a known person", async () => {
    received.length = 0;
    const res = await fetch(`${idp.apiUrl}/persons/p-1001/erasure`, { method: "POST", headers: { authorization: `Bearer ${API_TOKEN}` } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ personId: "p-1001", appStatus: 200 });
    expect(received).toHaveLength(1);
    const unknown = await fetch(`${idp.apiUrl}/persons/p-0000/erasure`, { method: "POST", headers: { authorization: `Bearer ${API_TOKEN}` } });
    expect(unknown.status).toBe(404);
    expect(received).toHaveLength(1);
  });
});
