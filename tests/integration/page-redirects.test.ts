// A protected page asked for by client-side navigation (a React Router data request,
// `/ucet.data`) sends the browser to sign-in as a document load, returning to the page
// itself, not to its data URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe("sign-in redirect of a protected page", () => {
  it("from a document request: 302 to sign-in with the page as returnTo", async () => {
    const res = await fetch(`${app.url}/ucet?x=1`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/api/auth/login?returnTo=${encodeURIComponent("/ucet?x=1")}`);
  });

  it("from a data request: a document reload to sign-in, returnTo without .data or _routes", async () => {
    const res = await fetch(`${app.url}/ucet.data?x=1&_routes=routes%2Faccount`, { redirect: "manual" });
    const body = await res.text();
    expect(body).toContain(`/api/auth/login?returnTo=${encodeURIComponent("/ucet?x=1")}`);
    expect(body).not.toContain(".data");
    // the single-fetch redirect payload: ..."reload",true...
    expect(body).toMatch(/"reload",true/);
  });
});
