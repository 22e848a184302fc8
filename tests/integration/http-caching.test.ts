// HTTP caching of the running app (docs/decisions/platform/a-fast-request-pipeline.md > HTTP caching):
// ETag and 304 on If-None-Match for public answers (a document's per-response CSP nonce
// does not change its ETag), Cache-Control public for answers without credentials and
// private for a signed-in person's (with Vary: Cookie), the answer cache (Age, a fresh
// nonce each time, per-IP limits still spent, emptied by a catalog change made here).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { signIn } from "../support/app-login";

const LIMIT = 10;
const COURSE = "riadenie-sportoveho-klubu";
let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ env: { RATE_LIMIT_CATALOG_PER_MIN: String(LIMIT), RATE_LIMIT_PUBLIC_PER_MIN: "100000" } });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** GET from a chosen local address (each case its own budget), with extra headers. */
function get(path: string, headers: Record<string, string> = {}, from = "127.0.0.1"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: app.port, path, localAddress: from, headers: { host: new URL(app.url).host, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

const nonceOf = (reply: Reply) => /'nonce-([^']+)'/.exec(String(reply.headers["content-security-policy"]))?.[1];

describe("public answers: ETag, Cache-Control, Vary, 304", () => {
  it("the catalog list has a weak ETag, public no-cache, Vary: Cookie; If-None-Match with it gives 304 without a body", async () => {
    const first = await get("/api/courses", {}, "127.0.0.71");
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    expect(first.headers.vary).toMatch(/\bCookie\b/);
    expect(first.headers["content-length"]).toBe(String(Buffer.byteLength(first.body)));

    const again = await get("/api/courses", { "If-None-Match": first.headers.etag! }, "127.0.0.71");
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("public, no-cache");
    expect(again.headers["content-type"]).toBeUndefined();

    // a list of tags, a strong form of the same tag, and * match too; another tag does not
    const tag = first.headers.etag!;
    expect((await get("/api/courses", { "If-None-Match": `W/"other", ${tag}` }, "127.0.0.71")).status).toBe(304);
    expect((await get("/api/courses", { "If-None-Match": tag.slice(2) }, "127.0.0.71")).status).toBe(304);
    expect((await get("/api/courses", { "If-None-Match": "*" }, "127.0.0.71")).status).toBe(304);
    const other = await get("/api/courses", { "If-None-Match": 'W/"other"' }, "127.0.0.71");
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body)).toEqual(JSON.parse(first.body));
    // another query, another answer, another tag
    expect((await get("/api/courses?pageSize=1", {}, "127.0.0.71")).headers.etag).not.toBe(tag);
  });

  it("a page keeps its ETag while each answer has its own CSP nonce; its 304 carries no policy that would replace the stored page's", async () => {
    const a = await get("/");
    const b = await get("/");
    expect(a.status).toBe(200);
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(b)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.body).toContain(`nonce="${nonceOf(a)}"`);
    expect(b.body).toContain(`nonce="${nonceOf(b)}"`);
    expect(b.body).not.toContain(nonceOf(a));
    expect(a.headers.etag).toBeTruthy();
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.body.replaceAll(nonceOf(a)!, "")).toBe(b.body.replaceAll(nonceOf(b)!, ""));
    expect(a.headers["cache-control"]).toBe("public, no-cache");

    const notModified = await get("/", { "If-None-Match": a.headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect(notModified.body).toBe("");

    const course = await get(`/kurzy/${COURSE}`);
    expect(course.status).toBe(200);
    expect((await get(`/kurzy/${COURSE}`, { "If-None-Match": course.headers.etag! })).status).toBe(304);
  });

  it("errors, redirects and unknown pages get no ETag", async () => {
    const missing = await get("/api/courses/neexistuje", {}, "127.0.0.72");
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await get("/kurzy/neexistuje")).headers.etag).toBeUndefined();
    const login = await get("/api/auth/login");
    expect(login.status).toBe(302);
    expect(login.headers.etag).toBeUndefined();
  });
});

describe("a signed-in person's answers", () => {
  it("the course detail with the enrollment is private, no-store, Vary: Cookie, without an ETag; an anonymous visitor never gets it", async () => {
    const { jar } = await signIn(app.url, "jana.novakova@demo.sk");
    const mine = await jar.fetch(`${app.url}/api/courses/${COURSE}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("vary")).toMatch(/\bCookie\b/);
    expect(mine.headers.get("etag")).toBeNull();
    expect(mine.headers.get("age")).toBeNull();
    expect(await mine.json()).toHaveProperty("enrollment");

    for (let i = 0; i < 3; i++) {
      const anonymous = await get(`/api/courses/${COURSE}`, {}, "127.0.0.73");
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers["cache-control"]).toBe("public, no-cache");
      expect(JSON.parse(anonymous.body).enrollment).toBeNull();
    }
    // the signed-in page too: private, and it names the person, which no stored answer does
    const page = await jar.fetch(`${app.url}/`);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain("Jana Nováková");
    expect((await get("/")).body).not.toContain("Jana Nováková");
  });
});

describe("the answer cache", () => {
  it("gives an anonymous visitor's answer again (Age), never to a request with a cookie", async () => {
    const ip = "127.0.0.74";
    await get("/api/courses?tag=manager", {}, ip);
    await get("/api/courses?tag=manager", {}, ip);
    const stored = await get("/api/courses?tag=manager", {}, ip);
    expect(stored.status).toBe(200);
    expect(stored.headers.age).toMatch(/^\d+$/);
    const withCookie = await get("/api/courses?tag=manager", { cookie: "something=else" }, ip);
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.age).toBeUndefined();
    expect(JSON.parse(withCookie.body)).toEqual(JSON.parse(stored.body));
  });

  it("still spends the per-IP limit for every answer it gives: the (N+1)th is 429 with Retry-After", async () => {
    const ip = "127.0.0.75";
    const replies: Reply[] = [];
    for (let i = 0; i < LIMIT; i++) replies.push(await get("/api/courses?page=1", {}, ip));
    expect(replies.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    expect(replies.some((r) => r.headers.age !== undefined)).toBe(true);
    const refused = await get("/api/courses?page=1", {}, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toMatchObject({ error: "rate_limited", details: { limit: "catalog" } });
    // a 304 is an answer too
    expect((await get("/api/courses?page=1", { "If-None-Match": replies[0].headers.etag! }, ip)).status).toBe(429);
  });

  it("is emptied by a catalog change made through this instance's admin API (read-your-writes)", async () => {
    const { jar: admin } = await signIn(app.url, "zuzana.bielikova@demo.sk");
    for (let i = 0; i < 3; i++) {
      expect((await get(`/api/courses/${COURSE}`, {}, "127.0.0.76")).status).toBe(200);
      expect((await get("/", {}, "127.0.0.76")).body).toContain(`/kurzy/${COURSE}`);
    }
    const detail = await (await fetch(`${app.url}/api/courses/${COURSE}`)).json();
    const archived = await admin.fetch(`${app.url}/api/admin/courses/${detail.course._id}/archive`, { method: "POST", headers: { origin: app.url } });
    expect(archived.status).toBe(200);
    // at once, no waiting for the notification
    expect((await get(`/api/courses/${COURSE}`, {}, "127.0.0.76")).status).toBe(404);
    expect((await get("/", {}, "127.0.0.76")).body).not.toContain(`/kurzy/${COURSE}`);
    const republished = await admin.fetch(`${app.url}/api/admin/courses/${detail.course._id}/publish`, { method: "POST", headers: { origin: app.url } });
    expect(republished.status).toBe(200);
    expect((await get(`/api/courses/${COURSE}`, {}, "127.0.0.76")).status).toBe(200);
  });
});
