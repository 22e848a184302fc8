// Sign-in end to end over real HTTP: the app's /api/auth/* routes against the local
// OpenID provider (real oidc-provider) on the same server, the session cookie, guards,
// Origin and CSRF checks, refresh-token rotation with reuse detection, back-channel
// logout and erasure. Session rows are inspected in the app's own database: on a
// PostgreSQL server the app runs as `node server.mjs` and the test opens a second client;
// on embedded PGlite (one process only) the build runs inside the test process
// (tests/support/in-process-app.ts) and the test uses the app's own client.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema, type Database } from "#server/db";
import { createOidcClient, MeResponse, openTokens, sessionKeys, SESSION_COOKIE, userInfoForSession, WhoAmIResponse } from "#server/auth";
import { startApp } from "../support/app";
import { serverUrl } from "../support/db";
import { startInProcessApp } from "../support/in-process-app";
import { allowConsoleError } from "../support/console-guard";
import { CookieJar, follow, formAction } from "../support/idp-login";
import { signIn, startSignIn } from "../support/app-login";
import { expectMatchesContract } from "../support/contract";

const SECRET = "auth-test-session-secret-0123456789abcdef";
const keys = sessionKeys(SECRET);
const CLIENT = { id: "learning-platform", secret: "local-dev-client-secret" };

describe("sign-in with the local OpenID provider", () => {
  let app: { url: string; stop(): Promise<void>; output?: () => string };
  let database: Database;
  let closeDatabase = async () => {};
  const db = () => database;

  beforeAll(async () => {
    if (serverUrl()) {
      const running = await startApp({ env: { SESSION_SECRET: SECRET } });
      app = running;
      const handle = await openDatabase({ databaseUrl: running.database.url, poolSize: 2 });
      database = handle.db;
      closeDatabase = () => handle.close();
    } else {
      const inProcess = await startInProcessApp({ env: { SESSION_SECRET: SECRET } });
      app = inProcess;
      database = inProcess.db;
    }
  });
  afterAll(async () => {
    if (process.env.DEBUG_APP_OUTPUT) console.log(app?.output?.());
    await closeDatabase();
    await app?.stop();
  });

  const sessionsOf = (userId: string) => db().select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
  const me = (jar: CookieJar) => jar.fetch(`${app.url}/api/me`);

  describe("login", () => {
    it("redirects to the provider with PKCE S256, state and nonce; verifier and nonce stay in cookies", async () => {
      const jar = new CookieJar();
      const res = await jar.fetch(`${app.url}/api/auth/login?returnTo=%2Fucet`);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location")!);
      expect(location.href.startsWith(`${app.url}/idp/auth?`)).toBe(true);
      const q = location.searchParams;
      expect(q.get("response_type")).toBe("code");
      expect(q.get("client_id")).toBe(CLIENT.id);
      expect(q.get("redirect_uri")).toBe(`${app.url}/api/auth/callback`);
      expect(q.get("code_challenge_method")).toBe("S256");
      expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get("state")).toBeTruthy();
      expect(q.get("nonce")).toMatch(/^[A-Za-z0-9_-]{32,}$/);
      expect(q.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["openid", "profile", "email"]));

      const cookies = res.headers.getSetCookie();
      const state = cookies.find((c) => c.startsWith("oidc-state:"))!;
      const nonce = cookies.find((c) => c.startsWith("oidc-nonce-"))!;
      for (const c of [state, nonce]) {
        expect(c).toMatch(/HttpOnly/i);
        expect(c).toMatch(/SameSite=Lax/i);
        expect(c).toMatch(/Secure/i);
      }
      // the verifier is in the cookie, never in the URL
      const verifier = new URLSearchParams(decodeURIComponent(state.split(";")[0].split("=").slice(1).join("="))).get(q.get("state")!);
      expect(verifier).toBeTruthy();
      expect(location.href).not.toContain(verifier!);
      expect(decodeURIComponent(nonce)).toContain(q.get("nonce")!);
    });

    it("starts a session after the provider's form: cookie attributes, user cache, session row, return page", async () => {
      const { jar, callback } = await signIn(app.url, "jana.novakova@demo.sk", "/ucet");
      expect(callback.status).toBe(302);
      expect(callback.headers.get("location")).toBe("/ucet");
      const sessionCookie = callback.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(sessionCookie).toBeTruthy();
      expect(sessionCookie).toMatch(/; HttpOnly/);
      expect(sessionCookie).toMatch(/; Secure/);
      expect(sessionCookie).toMatch(/; SameSite=Lax/);
      expect(sessionCookie).toMatch(/; Path=\//);
      expect(sessionCookie).toMatch(/; Max-Age=1209600/);
      // the flow cookies are removed
      expect(
        callback.headers
          .getSetCookie()
          .filter((c) => /^oidc-(state|nonce)/.test(c))
          .every((c) => /Max-Age=0/.test(c)),
      ).toBe(true);
      // the cookie is sealed: it shows neither the session id nor the person
      const value = sessionCookie.split(";")[0].slice(SESSION_COOKIE.length + 1);
      const [row] = await sessionsOf("p-1001");
      expect(value).not.toContain(row.id);
      expect(value).not.toContain("p-1001");

      expect(row).toMatchObject({ userId: "p-1001", revokedAt: null, idpSid: expect.any(String) });
      expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
      const tokens = openTokens(keys, row)!;
      expect(tokens.refreshToken).toBeTruthy();
      expect(row.tokens).not.toContain(tokens.accessToken);

      const [user] = await db().select().from(schema.users).where(eq(schema.users.id, "p-1001"));
      expect(user).toMatchObject({ displayName: "Jana Nováková", email: "jana.novakova@demo.sk", roles: ["student"] });

      const res = await me(jar);
      expect(res.status).toBe(200);
      const body = await res.json();
      MeResponse.parse(body);
      await expectMatchesContract("GET", "/api/me", res, body);
      expect(body.user).toMatchObject({ id: "p-1001", displayName: "Jana Nováková", roles: ["student"] });
      expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers.get("cache-control")).toContain("no-store");
    });

    it("refuses an ID token whose nonce differs from the cookie's: no session", async () => {
      allowConsoleError(/^\[warn\] login refused/); // the refusal is logged (on PGlite the app logs in this process)
      const jar = new CookieJar();
      const { callbackUrl } = await startSignIn(jar, app.url, "peter.horvath@demo.sk");
      const before = (await sessionsOf("p-1002")).length;
      // swap the stored nonce for another one (as if the token was issued for another login)
      const cookieName = jar.names().find((n) => n.startsWith("oidc-nonce-"))!;
      jar.set(cookieName, encodeURIComponent(new URLSearchParams({ n: "A".repeat(43), r: "/" }).toString()), "/api/auth");
      const res = await jar.fetch(callbackUrl);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/prihlasenie?chyba=id_token");
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
      expect((await sessionsOf("p-1002")).length).toBe(before);
      expect((await me(jar)).status).toBe(401);
    });

    it("refuses a callback whose state was not issued to this browser", async () => {
      allowConsoleError(/^\[warn\] login refused/); // the refusal is logged (on PGlite the app logs in this process)
      const jar = new CookieJar();
      const { callbackUrl } = await startSignIn(jar, app.url, "peter.horvath@demo.sk");
      const other = new CookieJar();
      const res = await other.fetch(callbackUrl);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/prihlasenie?chyba=state_missing");
      const tampered = new URL(callbackUrl);
      tampered.searchParams.set("state", "not-the-state");
      const res2 = await jar.fetch(tampered.href);
      expect(res2.headers.get("location")).toBe("/prihlasenie?chyba=state_mismatch");
      expect(res2.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    });

    it("accepts only same-site paths as the return page", async () => {
      const { callback } = await signIn(app.url, "peter.horvath@demo.sk", "https://evil.example/");
      expect(callback.headers.get("location")).toBe("/");
      const { callback: c2 } = await signIn(app.url, "peter.horvath@demo.sk", "//evil.example/x");
      expect(c2.headers.get("location")).toBe("/");
    });
  });

  describe("guards", () => {
    it("no cookie → 401 with the error body; a cookie that is not ours → 401 and the cookie is cleared", async () => {
      const res = await fetch(`${app.url}/api/me`);
      expect(res.status).toBe(401);
      expect(await res.clone().json()).toEqual({ error: "unauthorized", message: expect.any(String), details: {} });
      await expectMatchesContract("GET", "/api/me", res);
      const forged = await fetch(`${app.url}/api/me`, { headers: { cookie: `${SESSION_COOKIE}=Zm9yZ2VkLWNvb2tpZS12YWx1ZS0xMjM0NTY3ODkw` } });
      expect(forged.status).toBe(401);
      expect(forged.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/.test(c))).toBe(true);
    });

    it("a student on an admin endpoint → 403; an admin → 200; roles are re-read from the user cache", async () => {
      const student = await signIn(app.url, "jana.novakova@demo.sk");
      const denied = await student.jar.fetch(`${app.url}/api/admin/whoami`);
      expect(denied.status).toBe(403);
      expect(await denied.clone().json()).toMatchObject({ error: "forbidden" });
      await expectMatchesContract("GET", "/api/admin/whoami", denied);
      expect((await fetch(`${app.url}/api/admin/whoami`)).status).toBe(401);

      const admin = await signIn(app.url, "zuzana.bielikova@demo.sk");
      // a privileged sign-in is in the audit log; a student's is not
      const staffLogins = await db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "session.create"));
      expect(staffLogins.map((a) => a.actorId)).toContain("p-4001");
      expect(staffLogins.map((a) => a.actorId)).not.toContain("p-1001");
      const ok = await admin.jar.fetch(`${app.url}/api/admin/whoami`);
      expect(ok.status).toBe(200);
      expect(WhoAmIResponse.parse(await ok.clone().json())).toMatchObject({ id: "p-4001", roles: expect.arrayContaining(["admin", "student"]) });
      await expectMatchesContract("GET", "/api/admin/whoami", ok);

      // the provider took the admin role away (nightly refresh wrote the cache): the same
      // session is refused on its next admin request
      await db()
        .update(schema.users)
        .set({ roles: ["student"] })
        .where(eq(schema.users.id, "p-4001"));
      expect((await admin.jar.fetch(`${app.url}/api/admin/whoami`)).status).toBe(403);
      await db()
        .update(schema.users)
        .set({ roles: ["student", "admin"] })
        .where(eq(schema.users.id, "p-4001"));
      expect((await admin.jar.fetch(`${app.url}/api/admin/whoami`)).status).toBe(200);
    });

    it("a POST with a foreign Origin → 403 origin_not_allowed, before anything else runs", async () => {
      allowConsoleError(/^\[warn\] request refused: origin not allowed/); // the refusal is logged (on PGlite the app logs in this process)
      const { jar } = await signIn(app.url, "jana.novakova@demo.sk");
      const csrf = (await (await me(jar)).json()).csrfToken as string;
      const res = await jar.fetch(`${app.url}/api/auth/logout`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "origin_not_allowed", message: expect.any(String), details: {} });
      expect((await me(jar)).status).toBe(200); // the session was not ended

      for (const origin of ["null", "http://localhost:1"]) {
        const r = await fetch(`${app.url}/api/courses`, { method: "POST", headers: { origin } });
        expect(r.status).toBe(403);
      }
      // a Referer from elsewhere without Origin is refused too
      const byReferer = await fetch(`${app.url}/api/courses`, { method: "POST", headers: { referer: "https://evil.example/page" } });
      expect(byReferer.status).toBe(403);
      // the app's own origin passes the check (and meets the route's own answer)
      const own = await fetch(`${app.url}/api/courses`, { method: "POST", headers: { origin: app.url } });
      expect(own.status).toBe(405);
      // a page form POST from elsewhere gets the HTML error page
      const page = await fetch(`${app.url}/ucet`, { method: "POST", headers: { origin: "https://evil.example" } });
      expect(page.status).toBe(403);
      // webhook receivers and the provider's back-channel are exempt (they answer on their own)
      const bcl = await fetch(`${app.url}/api/auth/backchannel-logout`, { method: "POST", headers: { origin: "https://evil.example" } });
      expect(bcl.status).toBe(400);
    });

    it("the account page sends a visitor without a session to sign in and back", async () => {
      const res = await fetch(`${app.url}/ucet`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/api/auth/login?returnTo=%2Fucet");
      const { jar } = await signIn(app.url, "peter.horvath@demo.sk");
      const page = await jar.fetch(`${app.url}/ucet`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Peter Horváth");
      expect(html).toContain("Zatiaľ nemáte žiadne kurzy.");
      expect(html).toContain('action="/api/auth/logout"');
    });
  });

  describe("UserInfo", () => {
    it("reads the birth date with the access token kept in the session", async () => {
      await signIn(app.url, "jana.novakova@demo.sk");
      const [row] = (await sessionsOf("p-1001")).filter((s) => !s.revokedAt).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const client = createOidcClient({
        issuer: `${app.url}/idp`,
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        apiUrl: `${app.url}/idp/api`,
        apiToken: "local-dev-api-token",
        redirectUri: `${app.url}/api/auth/callback`,
        claimPrefix: "sportup",
      });
      const auth = { client, keys, names: { claimPrefix: "sportup", rolePrefix: "academy" }, stepUpMaxAgeSec: 900 };
      const info = await userInfoForSession(auth, row);
      expect(info).toMatchObject({ sub: "p-1001", birthdate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      await expect(userInfoForSession(auth, { ...row, userId: "p-9999" })).rejects.toThrow(/does not match/);
    });
  });

  describe("course detail with a session", () => {
    it("carries the active enrollment of the signed-in person, null for others and anonymous visitors", async () => {
      const [course] = await db().select().from(schema.courses).where(eq(schema.courses.slug, "riadenie-sportoveho-klubu"));
      const progress = { completedModules: 1, totalModules: 6, completedLevels: 0, totalLevels: 3, lastActivityAt: null };
      await db().insert(schema.enrollments).values({
        courseId: course.id,
        courseVersionId: course.id,
        courseTitle: course.title,
        courseSlug: course.slug,
        studentId: "p-5001",
        studentDisplayName: "Tomáš Baláž",
        reason: "admin_grant",
        progress,
      });
      const enrolled = await signIn(app.url, "tomas.balaz@demo.sk");
      const res = await enrolled.jar.fetch(`${app.url}/api/courses/${course.slug}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("private");
      expect((await res.json()).enrollment).toEqual({ state: "active", currentLevelId: null, progress });

      const other = await signIn(app.url, "peter.horvath@demo.sk");
      expect((await (await other.jar.fetch(`${app.url}/api/courses/${course.slug}`)).json()).enrollment).toBeNull();
      expect((await (await fetch(`${app.url}/api/courses/${course.slug}`)).json()).enrollment).toBeNull();

      // and the account page lists it
      const page = await (await enrolled.jar.fetch(`${app.url}/ucet`)).text();
      expect(page).toContain(course.title);
      expect(page).not.toContain("Zatiaľ nemáte žiadne kurzy.");
    });
  });

  describe("logout", () => {
    it("needs the anti-CSRF token; then ends the session and hands over to the provider's end-session endpoint", async () => {
      const { jar } = await signIn(app.url, "peter.horvath@demo.sk");
      const csrf = (await (await me(jar)).json()).csrfToken as string;
      const live = async () => (await sessionsOf("p-1002")).filter((s) => !s.revokedAt).length;
      const before = await live();

      const missing = await jar.fetch(`${app.url}/api/auth/logout`, { method: "POST", headers: { origin: app.url } });
      expect(missing.status).toBe(403);
      expect(await missing.json()).toMatchObject({ error: "csrf_token_invalid" });
      const wrong = await jar.fetch(`${app.url}/api/auth/logout`, {
        method: "POST",
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: csrf.replace(/^./, (c) => (c === "A" ? "B" : "A")) }),
      });
      expect(wrong.status).toBe(403);
      expect(await live()).toBe(before);
      expect((await jar.fetch(`${app.url}/api/auth/logout`)).status).toBe(405);

      const res = await jar.fetch(`${app.url}/api/auth/logout`, {
        method: "POST",
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf }),
      });
      expect(res.status).toBe(303);
      const end = new URL(res.headers.get("location")!);
      expect(end.href.startsWith(`${app.url}/idp/session/end?`)).toBe(true);
      expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${app.url}/`);
      expect(end.searchParams.get("id_token_hint")).toBeTruthy();
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
      expect(await live()).toBe(before - 1);
      expect((await me(jar)).status).toBe(401);
    });
  });

  describe("sign-out that signs out (issue 29, item 8)", () => {
    /** "Odhlásiť sa" through the whole flow: the app, the provider's question, the answer. */
    async function signOutThroughProvider(jar: CookieJar, choice: "yes" | "no") {
      const csrf = (await (await me(jar)).json()).csrfToken as string;
      const out = await jar.fetch(`${app.url}/api/auth/logout`, {
        method: "POST",
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf }),
      });
      expect(out.status).toBe(303);
      const marker = out.headers.getSetCookie().find((c) => c.startsWith("__Secure-app.signed-out=1"));
      expect(marker).toMatch(/HttpOnly/);
      const end = new URL(out.headers.get("location")!);
      expect(end.pathname).toBe("/idp/session/end");
      expect(end.searchParams.get("id_token_hint")).toBeTruthy();
      expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${app.url}/`);
      const page = await jar.fetch(end.href);
      expect(page.status).toBe(200);
      const html = await page.text();
      // the question says what each answer does
      expect(html).toContain("ste odhlásený");
      expect(html).toContain("Áno, odhlásiť aj z poskytovateľa identity");
      expect(html).toContain("ďalšie prihlásenie si vyžiada heslo");
      expect(html).toContain("Nie, zostať prihlásený u poskytovateľa identity");
      expect(html).toContain("aj tak prihlásite znova len s heslom");
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
      const answered = await jar.fetch(new URL(formAction(html), app.url).href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(choice === "yes" ? { xsrf, logout: "yes" } : { xsrf }),
      });
      const back = await follow(jar, answered, app.url, `${app.url}/`);
      expect(back.location).toBe(`${app.url}/`);
      expect((await me(jar)).status).toBe(401);
    }

    /** GET /ucet and every redirect after it: where does the browser end? */
    async function openAccount(jar: CookieJar) {
      const first = await jar.fetch(`${app.url}/ucet`, { headers: { accept: "text/html" } });
      expect(first.status).toBe(302);
      let authorize: URL | null = null;
      let current = first;
      for (let i = 0; i < 10 && current.status >= 300 && current.status < 400; i++) {
        const location = new URL(current.headers.get("location")!, app.url);
        if (location.pathname === "/idp/auth") authorize = location;
        if (location.pathname === "/api/auth/callback") return { authorize, signedInSilently: true, html: "" };
        current = await jar.fetch(location.href);
      }
      return { authorize, signedInSilently: false, html: await current.text(), status: current.status };
    }

    for (const choice of ["no", "yes"] as const) {
      it(`after "Odhlásiť sa" and ${choice === "no" ? '"Nie, zostať prihlásený"' : '"Áno, odhlásiť"'} at the provider, /ucet asks for a password`, async () => {
        const { jar } = await signIn(app.url, "jana.novakova@demo.sk");
        await signOutThroughProvider(jar, choice);

        // the next person at the same computer opens /ucet: the provider's login form, nobody signed in
        const next = await openAccount(jar);
        expect(next.signedInSilently).toBe(false);
        expect(next.status).toBe(200);
        expect(next.html).toContain('name="password"');
        expect(next.authorize?.searchParams.get("prompt")).toBe("login");
        expect((await me(jar)).status).toBe(401);

        // that person signs in with a password: the marker is gone, later sign-ins are single sign-on again
        const form = await jar.fetch(new URL(formAction(next.html), app.url).href, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: "peter.horvath@demo.sk", password: "demo1234" }),
        });
        let done = await follow(jar, form, app.url, `${app.url}/api/auth/callback`);
        if (!done.location) {
          // another account than the kept provider session: oidc-provider first ends that
          // session with a self-submitting form (a "Continue" button without JavaScript)
          const page = await done.res.text();
          expect(page).toContain("/idp/session/end/confirm");
          const fields = Object.fromEntries([...page.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
          const confirmed = await jar.fetch(new URL(formAction(page), app.url).href, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields),
          });
          done = await follow(jar, confirmed, app.url, `${app.url}/api/auth/callback`);
        }
        const callback = await jar.fetch(done.location!);
        expect(callback.status).toBe(302);
        expect(callback.headers.getSetCookie().some((c) => c.startsWith("__Secure-app.signed-out=;"))).toBe(true);
        expect(await (await me(jar)).json()).toMatchObject({ user: { id: "p-1002" } });
        const again = await jar.fetch(`${app.url}/api/auth/login?returnTo=%2Fucet`);
        expect(new URL(again.headers.get("location")!).searchParams.get("prompt")).toBeNull();
      });
    }
  });

  describe("refresh-token rotation", () => {
    it("refreshes an expired access token, rotates the cookie, and revokes the session when a rotated-out cookie returns", async () => {
      const { jar } = await signIn(app.url, "jana.novakova@demo.sk");
      const [row] = (await sessionsOf("p-1001")).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const oldCookie = jar.get(SESSION_COOKIE)!;
      const oldRefresh = openTokens(keys, row)!.refreshToken;
      await db()
        .update(schema.sessions)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.sessions.id, row.id));

      const res = await me(jar);
      expect(res.status).toBe(200);
      const newCookie = jar.get(SESSION_COOKIE)!;
      expect(newCookie).not.toBe(oldCookie);
      const [after] = await db().select().from(schema.sessions).where(eq(schema.sessions.id, row.id));
      expect(after.accessExpiresAt.getTime()).toBeGreaterThan(Date.now());
      expect(openTokens(keys, after)!.refreshToken).not.toBe(oldRefresh); // the provider rotated it
      expect(after.previousTokenHash).toBe(row.tokenHash);

      // a request already in flight with the old cookie is still served (grace period)
      const inFlight = await fetch(`${app.url}/api/me`, { headers: { cookie: `${SESSION_COOKIE}=${oldCookie}` } });
      expect(inFlight.status).toBe(200);
      // later, the old cookie coming back means a copy exists elsewhere: the session ends
      await db()
        .update(schema.sessions)
        .set({ rotatedAt: new Date(Date.now() - 5 * 60 * 1000) })
        .where(eq(schema.sessions.id, row.id));
      const reused = await fetch(`${app.url}/api/me`, { headers: { cookie: `${SESSION_COOKIE}=${oldCookie}` } });
      expect(reused.status).toBe(401);
      const [revoked] = await db().select().from(schema.sessions).where(eq(schema.sessions.id, row.id));
      expect(revoked.revokedReason).toBe("token_reuse");
      expect((await me(jar)).status).toBe(401); // the legitimate cookie is gone with it
      const audit = await db()
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.targetId, row.id), eq(schema.auditLog.action, "session.revoke")));
      expect(audit).toHaveLength(1);
    });

    it("a refresh token used elsewhere makes the provider refuse the app's refresh: the session ends", async () => {
      const { jar } = await signIn(app.url, "peter.horvath@demo.sk");
      const [row] = (await sessionsOf("p-1002")).filter((s) => !s.revokedAt).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const stolen = openTokens(keys, row)!.refreshToken!;
      // the thief uses the refresh token first (and gets a rotated one)
      const theft = await fetch(`${app.url}/idp/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: stolen }),
      });
      expect(theft.status).toBe(200);
      // the app's own refresh now presents a rotated-out token: the provider revokes the grant
      await db()
        .update(schema.sessions)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(schema.sessions.id, row.id));
      const res = await me(jar);
      expect(res.status).toBe(401);
      const [after] = await db().select().from(schema.sessions).where(eq(schema.sessions.id, row.id));
      expect(after.revokedReason).toBe("refresh_rejected");
      // and the thief's rotated token died with the grant
      const thiefTokens = (await theft.json()) as { refresh_token: string };
      const again = await fetch(`${app.url}/idp/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: thiefTokens.refresh_token }),
      });
      expect(again.status).toBe(400);
    });
  });

  describe("provider-initiated events", () => {
    it("back-channel logout: signing out at the provider ends the app session of that sid", async () => {
      const { jar } = await signIn(app.url, "eva.kovacova@demo.sk");
      const other = await signIn(app.url, "eva.kovacova@demo.sk"); // a second browser: its own provider session
      expect((await me(jar)).status).toBe(200);

      // the person signs out at the provider itself (not through the app)
      const page = await jar.fetch(`${app.url}/idp/session/end?client_id=${CLIENT.id}`);
      const html = await page.text();
      expect(page.status).toBe(200);
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
      const confirmed = await jar.fetch(new URL(formAction(html), app.url).href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ xsrf, logout: "yes" }),
      });
      await follow(jar, confirmed, app.url, "never");

      expect((await me(jar)).status).toBe(401);
      expect((await me(other.jar)).status).toBe(200); // another sid is not touched
      const rows = await sessionsOf("p-2001");
      expect(rows.filter((s) => s.revokedReason === "backchannel_logout")).toHaveLength(1);
    });

    it("back-channel logout refuses a token that is not the provider's", async () => {
      allowConsoleError(/^\[warn\] logout_token refused/); // the refusal is logged (on PGlite the app logs in this process)
      const res = await fetch(`${app.url}/api/auth/backchannel-logout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ logout_token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiJwLTEwMDEifQ." }),
      });
      expect(res.status).toBe(400);
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(await res.clone().json()).toMatchObject({ error: "invalid_request" });
      await expectMatchesContract("POST", "/api/auth/backchannel-logout", res);
      expect((await fetch(`${app.url}/api/auth/backchannel-logout`, { method: "POST" })).status).toBe(400);
    });

    it("erasure relayed by the provider: cache row deleted, sessions revoked", async () => {
      allowConsoleError(/^\[warn\] erasure_token refused/); // the refusal is logged (on PGlite the app logs in this process)
      const { jar } = await signIn(app.url, "martin.simko@demo.sk");
      expect((await me(jar)).status).toBe(200);
      const relay = await fetch(`${app.url}/idp/api/persons/p-3001/erasure`, {
        method: "POST",
        headers: { authorization: "Bearer local-dev-api-token" },
      });
      expect(relay.status).toBe(202);
      expect(await relay.json()).toEqual({ personId: "p-3001", appStatus: 200 });
      expect(await db().select().from(schema.users).where(eq(schema.users.id, "p-3001"))).toEqual([]);
      expect((await sessionsOf("p-3001")).every((s) => s.revokedReason === "erasure")).toBe(true);
      expect((await me(jar)).status).toBe(401);
      const audit = await db()
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, "user.erase"), eq(schema.auditLog.targetId, "p-3001")));
      expect(audit).toHaveLength(1);

      const forged = await fetch(`${app.url}/api/auth/erasure`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ erasure_token: "e30.e30.e30" }),
      });
      expect(forged.status).toBe(400);
    });
  });
});

describe("login callback rate limit", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({ seed: false, env: { RATE_LIMIT_LOGIN_PER_15MIN: "2" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("the 3rd callback from one IP within 15 minutes gets 429 with Retry-After", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.url}/api/auth/callback?state=x&code=y`, { redirect: "manual" });
      expect(res.status).toBe(302);
    }
    const res = await fetch(`${app.url}/api/auth/callback?state=x&code=y`, { redirect: "manual" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ error: "rate_limited" });
    // a browser is sent to the Slovak sign-in page, which answers 429 and says when to try again
    const browser = await fetch(`${app.url}/api/auth/callback?state=x&code=y`, { redirect: "manual", headers: { Accept: "text/html,application/xhtml+xml" } });
    expect(browser.status).toBe(302);
    const location = new URL(browser.headers.get("location")!, app.url);
    expect(location.pathname).toBe("/prihlasenie");
    expect(location.searchParams.get("chyba")).toBe("limit");
    const wait = Number(location.searchParams.get("za"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(900);
    const page = await fetch(location, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBe(String(wait));
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("Z tejto siete prišlo priveľa pokusov o prihlásenie. Skúste to znova o ");
    expect(html).toContain("Skúsiť znova");
    // other routes are not affected
    expect((await fetch(`${app.url}/api/auth/login`, { redirect: "manual" })).status).toBe(302);
  });
});
