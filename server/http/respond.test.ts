import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { cacheRules, ifNoneMatch, weakEtag } from "./respond";

function exchange(options: { method?: string; headers?: Record<string, string>; status?: number; set?: Record<string, string | string[]> } = {}) {
  const req = new IncomingMessage(new Socket());
  req.method = options.method ?? "GET";
  req.headers = options.headers ?? {};
  const res = new ServerResponse(req);
  res.statusCode = options.status ?? 200;
  for (const [k, v] of Object.entries(options.set ?? {})) res.setHeader(k, v);
  return { req, res };
}

const body = Buffer.from('{"data":[]}');

describe("cache rules of a complete answer", () => {
  it("a credential-free 200: weak ETag, public no-cache, Vary: Cookie and Accept-Encoding", () => {
    const { req, res } = exchange({ set: { "Content-Type": "application/json" } });
    expect(cacheRules(req, res, body)).toBe(false);
    expect(res.getHeader("ETag")).toBe(weakEtag(body));
    expect(res.getHeader("Cache-Control")).toBe("public, no-cache");
    expect(res.getHeader("Vary")).toBe("Cookie, Accept-Encoding");
  });

  it("If-None-Match naming the tag → true (the caller answers 304)", () => {
    const { req, res } = exchange({ headers: { "if-none-match": weakEtag(body) } });
    expect(cacheRules(req, res, body)).toBe(true);
  });

  it("with an Authorization header: private, no-cache", () => {
    const { req, res } = exchange({ headers: { authorization: "Bearer abc" } });
    cacheRules(req, res, body);
    expect(res.getHeader("Cache-Control")).toBe("private, no-cache");
  });

  it("keeps the route's own Cache-Control, ETag and Vary", () => {
    const { req, res } = exchange({ set: { "Cache-Control": "public, max-age=60", ETag: '"v1"', Vary: "Accept-Language" } });
    cacheRules(req, res, body);
    expect(res.getHeader("Cache-Control")).toBe("public, max-age=60");
    expect(res.getHeader("ETag")).toBe('"v1"');
    expect(res.getHeader("Vary")).toBe("Accept-Language, Cookie, Accept-Encoding");
  });

  it("a signed-in answer (private, no-store) and one that sets a cookie get no ETag and stay private", () => {
    const signedIn = exchange({ set: { "Cache-Control": "private, no-store" }, headers: { "if-none-match": "*" } });
    expect(cacheRules(signedIn.req, signedIn.res, body)).toBe(false);
    expect(signedIn.res.getHeader("ETag")).toBeUndefined();
    expect(signedIn.res.getHeader("Vary")).toMatch(/Cookie/);

    const cookie = exchange({ set: { "Set-Cookie": ["a=b; Path=/"] } });
    expect(cacheRules(cookie.req, cookie.res, body)).toBe(false);
    expect(cookie.res.getHeader("ETag")).toBeUndefined();
    expect(cookie.res.getHeader("Cache-Control")).toBe("private, no-store");
  });

  it("not a GET/HEAD or not 200: untouched", () => {
    for (const options of [{ method: "POST" }, { status: 404 }, { status: 302 }]) {
      const { req, res } = exchange({ ...options, headers: { "if-none-match": "*" } });
      expect(cacheRules(req, res, body)).toBe(false);
      expect(res.getHeader("ETag")).toBeUndefined();
      expect(res.getHeader("Cache-Control")).toBeUndefined();
    }
  });
});

describe("ETags", () => {
  it("leave a document's nonce out: the same page with two nonces has one tag", () => {
    const page = (nonce: string) => Buffer.from(`<script nonce="${nonce}">a</script><p>x</p><script nonce="${nonce}">b</script>`);
    expect(weakEtag(page("AAAA"), "AAAA")).toBe(weakEtag(page("BBBB"), "BBBB"));
    expect(weakEtag(page("AAAA"), "AAAA")).not.toBe(weakEtag(Buffer.from("<p>y</p>")));
    expect(weakEtag(Buffer.from("a"))).not.toBe(weakEtag(Buffer.from("b")));
  });

  it("If-None-Match compares weakly, takes lists and *", () => {
    expect(ifNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatch('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatch("*", 'W/"abc"')).toBe(true);
    expect(ifNoneMatch('W/"abcd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatch(undefined, 'W/"abc"')).toBe(false);
    expect(ifNoneMatch("", 'W/"abc"')).toBe(false);
  });
});
