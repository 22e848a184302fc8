import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { createAnswerCache, noteDatabaseQuery, noteRateLimit, type AnswerCacheOptions } from "./answer-cache";

function setup(overrides: Partial<AnswerCacheOptions> = {}) {
  let version = 1;
  let clock = 1_000_000;
  const spent: string[] = [];
  let refuse = false;
  const cache = createAnswerCache({
    dataVersion: () => version,
    spend: async (name, ip) => {
      if (refuse) throw new Error("rate_limited");
      spent.push(`${name}:${ip}`);
    },
    ttlMs: 10_000,
    now: () => clock,
    ...overrides,
  });
  return {
    cache,
    spent,
    bump: () => version++,
    setVersion: (v: number) => (version = v),
    advance: (ms: number) => (clock += ms),
    refuse: (value: boolean) => (refuse = value),
  };
}

const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
const answer = (over: Record<string, unknown> = {}) => ({
  headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][],
  body: Buffer.from(`<html><script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></html>`),
  etag: 'W/"x"',
  nonce,
  csp: `script-src 'self' 'nonce-${nonce}'`,
  limits: ["public"],
  version: 1,
  ...over,
});

const request = (headers: Record<string, string> = {}, method = "GET") =>
  ({ method, url: "/?a=1", headers: { host: "localhost:3000", ...headers } }) as unknown as IncomingMessage;

describe("answer cache", () => {
  it("answers only a GET without Cookie or Authorization", () => {
    const { cache } = setup();
    expect(cache.eligible(request())).toBe(true);
    expect(cache.eligible(request({ cookie: "a=b" }))).toBe(false);
    expect(cache.eligible(request({ authorization: "Bearer x" }))).toBe(false);
    expect(cache.eligible(request({}, "HEAD"))).toBe(false);
    expect(cache.eligible(request({}, "POST"))).toBe(false);
  });

  it("gives a stored answer while its data version holds and for at most the TTL", async () => {
    const t = setup();
    t.cache.store("k", answer());
    expect(await t.cache.take("k", "1.2.3.4")).toMatchObject({ etag: 'W/"x"' });
    t.advance(9_000);
    expect(await t.cache.take("k", "1.2.3.4")).toBeDefined();
    t.advance(2_000);
    expect(await t.cache.take("k", "1.2.3.4")).toBeUndefined();
    expect(t.cache.size).toBe(0);

    t.cache.store("k", answer());
    t.bump();
    expect(await t.cache.take("k", "1.2.3.4")).toBeUndefined();
    // an answer made under a version that was already gone is never given
    t.cache.store("k", answer({ version: 1 }));
    expect(await t.cache.take("k", "1.2.3.4")).toBeUndefined();
    // nothing is stored without a usable version (the catalog cache off)
    t.setVersion(NaN);
    t.cache.store("k", answer({ version: NaN }));
    expect(t.cache.size).toBe(0);
  });

  it("spends the route's limits for each visitor it answers, and steps aside when one is over", async () => {
    const t = setup();
    t.cache.store("k", answer({ limits: ["catalog"] }));
    await t.cache.take("k", "10.0.0.1");
    await t.cache.take("k", "10.0.0.2");
    expect(t.spent).toEqual(["catalog:10.0.0.1", "catalog:10.0.0.2"]);
    t.refuse(true);
    expect(await t.cache.take("k", "10.0.0.1")).toBeUndefined();
    t.refuse(false);
    expect(await t.cache.take("k", "10.0.0.1")).toBeDefined();
  });

  it("renews the nonce in the body and the policy each time, the rest of the bytes unchanged", () => {
    const { cache } = setup();
    cache.store("k", answer());
    const stored = answer();
    const entry = { ...stored, nonceAt: [stored.body.indexOf(nonce), stored.body.lastIndexOf(nonce)], storedAt: 0 };
    const one = cache.renonce(entry);
    const two = cache.renonce(entry);
    const fresh1 = /'nonce-([^']+)'/.exec(one.csp!)![1];
    const fresh2 = /'nonce-([^']+)'/.exec(two.csp!)![1];
    expect(fresh1).not.toBe(nonce);
    expect(fresh1).not.toBe(fresh2);
    expect(one.body.toString()).toBe(stored.body.toString().replaceAll(nonce, fresh1));
    expect(two.body.toString()).toBe(stored.body.toString().replaceAll(nonce, fresh2));
    // the stored bytes stay as they were
    expect(entry.body.toString()).toContain(nonce);
  });

  it("stays within its entry and byte bounds, least recently used out first", async () => {
    const t = setup({ maxEntries: 3, maxBytes: 10_000 });
    for (const key of ["a", "b", "c"]) t.cache.store(key, answer());
    await t.cache.take("a", "ip");
    t.cache.store("d", answer());
    expect(t.cache.size).toBe(3);
    expect(await t.cache.take("b", "ip")).toBeUndefined();
    expect(await t.cache.take("a", "ip")).toBeDefined();
    // an answer larger than an eighth of the bytes is not kept
    t.cache.store("big", answer({ body: Buffer.alloc(2_000) }));
    expect(await t.cache.take("big", "ip")).toBeUndefined();
  });

  it("notes database round trips and limits only inside a tracked request", async () => {
    const { cache } = setup();
    noteDatabaseQuery();
    noteRateLimit("catalog", true);
    const { tracking, version, result } = await cache.track(async () => {
      noteDatabaseQuery();
      await new Promise((r) => setTimeout(r, 1));
      noteDatabaseQuery();
      noteRateLimit("catalog", true);
      noteRateLimit("orders", false);
      return 42;
    });
    expect(result).toBe(42);
    expect(version).toBe(1);
    expect(tracking.databaseQueries).toBe(2);
    expect([...tracking.limits]).toEqual(["catalog"]);
    expect(tracking.untracked).toBe(true);
  });
});
