// sign-in hardening: abandoned sign-in starts do not pile up flow cookies until
// the Cookie header passes the server's limit (431 after ~55 starts before), and signing
// in again ends the session the old cookie named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { signIn, startSignIn } from "../support/app-login";
import { CookieJar } from "../support/idp-login";

const SESSION = "__Secure-app.session";
let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe("sign-in flow cookies", () => {
  it("120 abandoned starts keep at most the newest three flows' cookies; signing in still works", async () => {
    const jar = new CookieJar();
    for (let i = 0; i < 120; i++) {
      const res = await jar.fetch(`${app.url}/api/auth/login?returnTo=%2F`);
      expect(res.status, `start ${i + 1}`).toBe(302);
    }
    const flow = jar.names().filter((name) => name.startsWith("oidc-"));
    expect(flow.length).toBeLessThanOrEqual(2 * 3 + 2);
    expect(jar.header(`${app.url}/api/auth/callback`).length).toBeLessThan(4096);

    const { callbackUrl } = await startSignIn(jar, app.url, "jana.novakova@demo.sk");
    const callback = await jar.fetch(callbackUrl);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/");
    expect(jar.get(SESSION)).toBeTruthy();
  });
});

describe("signing in again", () => {
  it("revokes the session in the old cookie", async () => {
    const first = await signIn(app.url, "jana.novakova@demo.sk");
    const oldCookie = first.jar.get(SESSION)!;
    expect((await first.jar.fetch(`${app.url}/api/me`)).status).toBe(200);

    // the same browser (its old session cookie, no provider session) signs in again
    const browser = new CookieJar();
    browser.set(SESSION, oldCookie);
    const { callbackUrl } = await startSignIn(browser, app.url, "peter.horvath@demo.sk");
    const callback = await browser.fetch(callbackUrl);
    expect(callback.status).toBe(302);
    const newCookie = browser.get(SESSION)!;
    expect(newCookie).not.toBe(oldCookie);
    const me = await browser.fetch(`${app.url}/api/me`);
    expect(me.status).toBe(200);
    expect((await me.json()) as { id?: string; user?: { id: string } }).toBeTruthy();

    const stale = new CookieJar();
    stale.set(SESSION, oldCookie);
    const old = await stale.fetch(`${app.url}/api/me`);
    expect(old.status).toBe(401);
  });
});
