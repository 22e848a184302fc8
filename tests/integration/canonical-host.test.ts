// Opening the app under another name of the same machine (127.0.0.1 while PUBLIC_URL
// names localhost) first redirects to the PUBLIC_URL host, so sign-in works from either.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

function get(host: string, path: string, method = "GET"): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: app.port, path, method, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("canonical host", () => {
  it("redirects a page opened as 127.0.0.1 to the PUBLIC_URL host, path and query kept", async () => {
    const res = await get(`127.0.0.1:${app.port}`, "/kurzy/x?tag=a");
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${app.url}/kurzy/x?tag=a`);
  });

  it("serves the PUBLIC_URL host itself", async () => {
    expect((await get(`localhost:${app.port}`, "/")).status).toBe(200);
  });

  it("does not redirect a POST (the Origin check answers it)", async () => {
    const res = await get(`127.0.0.1:${app.port}`, "/api/courses", "POST");
    expect(res.status).toBe(405);
    expect(res.location).toBeUndefined();
  });
});
