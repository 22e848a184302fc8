// Per-student and per-(student, test) limits (spec: Limits: order creation 5 per hour per
// student, test attempt start 10 per 15 minutes per (student, test)), counted in the
// database so every instance spends one budget; expired counters purged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like } from "drizzle-orm";
import { openDatabase, schema, type DatabaseHandle } from "../db";
import { loadConfig } from "../config";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { createRateLimits, purgeRateLimits, rateLimitKeyString, type RateLimitKey, type RateLimits } from "./rate-limit";

const ORDERS = 3;
const ATTEMPTS = 4;
const settings = {
  ...loadConfig({}),
  RATE_LIMIT_ORDERS_PER_HOUR: ORDERS,
  RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN: ATTEMPTS,
};

let t: OpenTestDatabase;
/** a second app instance: its own pool on a server, the same database either way */
let second: DatabaseHandle | undefined;
let instanceA: RateLimits;
let instanceB: RateLimits;

beforeAll(async () => {
  t = await openTestDatabase();
  instanceA = createRateLimits(t.db, settings);
  if (t.url) second = await openDatabase({ databaseUrl: t.url, migrate: false, poolSize: 2 });
  instanceB = createRateLimits(second?.db ?? t.db, settings);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function spend(limits: RateLimits, key: RateLimitKey) {
  try {
    await limits.consume(key);
    return "ok" as const;
  } catch (e) {
    return e as { status: number; code: string; details: { limit: string; retryAfterSeconds: number }; headers: Record<string, string> };
  }
}

describe("rate limits per student", () => {
  it("defaults follow the spec", () => {
    const config = loadConfig({});
    expect(config.RATE_LIMIT_ORDERS_PER_HOUR).toBe(5);
    expect(config.RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN).toBe(10);
    expect(() => loadConfig({ RATE_LIMIT_ORDERS_PER_HOUR: "0" })).toThrow(/RATE_LIMIT_ORDERS_PER_HOUR/);
  });

  it("orders: N per hour per student, shared by every instance, then 429 with Retry-After", async () => {
    const jana = { name: "orders", userId: "p-jana" } as const;
    const results = [];
    for (let i = 0; i < ORDERS; i++) results.push(await spend(i % 2 ? instanceB : instanceA, jana));
    expect(results).toEqual(Array(ORDERS).fill("ok"));
    const refused = await spend(instanceB, jana);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited", details: { limit: "orders" } });
    const retryAfter = Number((refused as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await spend(instanceA, jana)).toMatchObject({ status: 429 });
    // another student has a budget of her own
    expect(await spend(instanceA, { name: "orders", userId: "p-peter" })).toBe("ok");
  });

  it("attempt starts: N per 15 minutes per (student, test)", async () => {
    const key = { name: "attemptStart", userId: "p-jana", testId: "aaaaaaaaaaaaaaaaaaaaaaaa" } as const;
    for (let i = 0; i < ATTEMPTS; i++) expect(await spend(i % 2 ? instanceB : instanceA, key)).toBe("ok");
    const refused = await spend(instanceA, key);
    expect(refused).toMatchObject({ status: 429, code: "rate_limited", details: { limit: "attemptStart" } });
    const retryAfter = Number((refused as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // another test of the same student, and the same test of another student, are apart
    expect(await spend(instanceA, { ...key, testId: "bbbbbbbbbbbbbbbbbbbbbbbb" })).toBe("ok");
    expect(await spend(instanceB, { ...key, userId: "p-peter" })).toBe("ok");
    // orders and attempt starts never share a counter
    expect(await spend(instanceA, { name: "orders", userId: "p-jana-2" })).toBe("ok");
  });

  it("keys cannot run into each other", () => {
    expect(rateLimitKeyString({ name: "attemptStart", userId: "a:b", testId: "c" })).not.toBe(
      rateLimitKeyString({ name: "attemptStart", userId: "a", testId: "b:c" }),
    );
  });

  it("the per-IP limits keep their two-argument form", async () => {
    await instanceA.consume("catalog", "198.51.100.7");
    await instanceA.consume({ name: "catalog", ip: "198.51.100.7" });
    await instanceA.flush();
    const rows = await t.db.select().from(schema.rateLimits).where(like(schema.rateLimits.key, "catalog:%"));
    expect(rows).toEqual([expect.objectContaining({ key: "catalog:198.51.100.7", points: 2 })]);
  });
});

describe("per-IP read limits: counted locally, flushed every second", () => {
  const LIMIT = 20;
  const readSettings = { ...settings, RATE_LIMIT_CATALOG_PER_MIN: LIMIT };
  // no timer flushes during a test: each flush below is explicit
  const manual = { flushIntervalMs: 3_600_000 };
  const stored = async (key: string) => (await t.db.select().from(schema.rateLimits).where(like(schema.rateLimits.key, key)))[0]?.points ?? 0;

  it("the first read of a client goes to the database at once, the next ones in one flush", async () => {
    const limits = createRateLimits(t.db, readSettings, manual);
    const ip = "198.51.100.20";
    await limits.consume("catalog", ip);
    expect(await stored(`catalog:${ip}`)).toBe(1);
    for (let i = 0; i < 5; i++) await limits.consume("catalog", ip);
    expect(await stored(`catalog:${ip}`)).toBe(1);
    await limits.flush();
    expect(await stored(`catalog:${ip}`)).toBe(6);
    await limits.stop();
  });

  it("one instance refuses exactly the (N+1)th read with 429 and Retry-After; refusals write nothing", async () => {
    const limits = createRateLimits(t.db, readSettings, manual);
    const ip = "198.51.100.21";
    for (let i = 0; i < LIMIT; i++) expect(await spend(limits, { name: "catalog", ip })).toBe("ok");
    const refused = await spend(limits, { name: "catalog", ip });
    expect(refused).toMatchObject({ status: 429, code: "rate_limited", details: { limit: "catalog" } });
    const retryAfter = Number((refused as { headers: Record<string, string> }).headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // past half the budget every read was counted in the database at once; once it said
    // the budget is spent, refusals need no database
    expect(await stored(`catalog:${ip}`)).toBe(LIMIT);
    for (let i = 0; i < 3; i++) expect(await spend(limits, { name: "catalog", ip })).toMatchObject({ status: 429 });
    await limits.flush();
    expect(await stored(`catalog:${ip}`)).toBe(LIMIT);
    // another address, another budget
    expect(await spend(limits, { name: "catalog", ip: "198.51.100.22" })).toBe("ok");
    await limits.stop();
  });

  it("two instances share one budget: exact when each has flushed, over by at most what the other had not flushed", async () => {
    const a = createRateLimits(t.db, readSettings, manual);
    const b = createRateLimits(second?.db ?? t.db, readSettings, manual);
    const admitted = async (limits: RateLimits, ip: string, tries: number) => {
      let n = 0;
      for (let i = 0; i < tries; i++) if ((await spend(limits, { name: "catalog", ip })) === "ok") n++;
      return n;
    };
    // flushed between turns: the budget is met exactly
    let ip = "198.51.100.30";
    let total = 0;
    for (let turn = 0; turn < 8; turn++) {
      total += await admitted(turn % 2 ? b : a, ip, 4);
      await (turn % 2 ? b : a).flush();
    }
    expect(total).toBe(LIMIT);

    // nothing flushed: instance B's local reads (below half the budget) are what A cannot see
    ip = "198.51.100.31";
    const fromB = await admitted(b, ip, 5);
    const fromA = await admitted(a, ip, 2 * LIMIT);
    expect(fromB).toBe(5);
    expect(fromA).toBe(LIMIT - 1);
    expect(fromA + fromB).toBeLessThanOrEqual(LIMIT + LIMIT / 2);
    // once B flushes, it knows the budget is spent
    await b.flush();
    expect(await spend(b, { name: "catalog", ip })).toMatchObject({ status: 429 });
    await a.stop();
    await b.stop();
  });

  it("a database error never fails a read; the counts wait for the next flush", async () => {
    const broken = await openDatabase({ databaseUrl: t.url, dataDir: t.url ? undefined : "memory://", migrate: !t.url, poolSize: 1 });
    const errors: unknown[] = [];
    const limits = createRateLimits(broken.db, readSettings, { ...manual, onFlushError: (e) => errors.push(e) });
    await limits.consume("catalog", "198.51.100.40");
    await limits.consume("catalog", "198.51.100.40");
    await broken.close();
    await limits.consume("catalog", "198.51.100.40");
    await limits.flush();
    expect(errors.length).toBeGreaterThanOrEqual(1);
    await limits.consume("catalog", "198.51.100.41");
    expect(errors.length).toBeGreaterThanOrEqual(2);
    await limits.stop();
  });
});

describe("purge of expired counters", () => {
  it("deletes counters whose window has ended and keeps the others", async () => {
    await t.db.insert(schema.rateLimits).values([
      { key: "orders:p-old", points: 5, expire: new Date(Date.now() - 1000) },
      { key: "orders:p-live", points: 1, expire: new Date(Date.now() + 3600_000) },
    ]);
    const deleted = await purgeRateLimits(t.db);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.select().from(schema.rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("orders:p-old");
    expect(keys).toContain("orders:p-live");
    expect(keys).toContain("orders:p-jana");
    // an hour later every counter written here has ended
    await purgeRateLimits(t.db, new Date(Date.now() + 3601_000));
    expect(await t.db.select().from(schema.rateLimits)).toEqual([]);
  });
});
