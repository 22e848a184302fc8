// Rate limits from the spec's Limits table, counted in the database so several app
// instances share one exact budget (rate-limiter-flexible's Drizzle store: one atomic
// upsert per request). Expired counters are deleted by the "platform.purge-rate-limits" job.
import { lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config";
import type { Database, DbOrTx } from "../db";
import { rateLimits } from "../db/schema";
import { DomainError } from "./errors";

/** Limits counted per client IP address. */
export type IpLimitName = "catalog" | "preview" | "public" | "login";

/**
 * Whose budget a request spends, named by what the limit is about (spec: Limits):
 * public reads and login callbacks per IP, order creation per student, attempt starts
 * per (student, test).
 */
export type RateLimitKey =
  | { name: IpLimitName; ip: string }
  | { name: "orders"; userId: string }
  | { name: "attemptStart"; userId: string; testId: string };

export type LimitName = RateLimitKey["name"];

export type RateLimits = {
  /** Counts one request; throws DomainError `rate_limited` (429) with Retry-After when over. */
  consume(key: RateLimitKey): Promise<void>;
  /** The same for the per-IP limits, as `consume("catalog", ip)`. */
  consume(name: IpLimitName, ip: string): Promise<void>;
};

type RateLimitSettings = Pick<
  Config,
  | "RATE_LIMIT_CATALOG_PER_MIN"
  | "RATE_LIMIT_PREVIEW_PER_MIN"
  | "RATE_LIMIT_PUBLIC_PER_MIN"
  | "RATE_LIMIT_LOGIN_PER_15MIN"
  | "RATE_LIMIT_ORDERS_PER_HOUR"
  | "RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN"
>;

/** The stored key (after the limit's prefix); parts are escaped so `a:b` + `c` ≠ `a` + `b:c`. */
export function rateLimitKeyString(key: RateLimitKey): string {
  switch (key.name) {
    case "orders":
      return encodeURIComponent(key.userId);
    case "attemptStart":
      return `${encodeURIComponent(key.userId)}:${encodeURIComponent(key.testId)}`;
    default:
      return key.ip;
  }
}

/**
 * Call it outside any open transaction: the counters are written through `db`, which on
 * embedded PGlite (one connection) would wait for that transaction to end.
 */
export function createRateLimits(db: Database, config: RateLimitSettings): RateLimits {
  const settings: Record<LimitName, { points: number; duration: number }> = {
    catalog: { points: config.RATE_LIMIT_CATALOG_PER_MIN, duration: 60 },
    preview: { points: config.RATE_LIMIT_PREVIEW_PER_MIN, duration: 60 },
    public: { points: config.RATE_LIMIT_PUBLIC_PER_MIN, duration: 60 },
    login: { points: config.RATE_LIMIT_LOGIN_PER_15MIN, duration: 15 * 60 },
    orders: { points: config.RATE_LIMIT_ORDERS_PER_HOUR, duration: 60 * 60 },
    attemptStart: { points: config.RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN, duration: 15 * 60 },
  };
  const limiters = Object.fromEntries(
    Object.entries(settings).map(([name, s]) => [
      name,
      new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: name,
        points: s.points,
        duration: s.duration,
        clearExpiredByTimeout: false,
      }),
    ]),
  ) as Record<LimitName, RateLimiterDrizzle>;

  async function consume(keyOrName: RateLimitKey | IpLimitName, ip?: string): Promise<void> {
    const key: RateLimitKey = typeof keyOrName === "string" ? { name: keyOrName, ip: ip! } : keyOrName;
    try {
      await limiters[key.name].consume(rateLimitKeyString(key));
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
        throw new DomainError("rate_limited", undefined, { limit: key.name, retryAfterSeconds: retryAfter }, {
          headers: { "Retry-After": String(retryAfter) },
        });
      }
      throw e;
    }
  }
  return { consume };
}

/** Deletes counters whose window has ended (a later request starts a fresh one anyway). */
export async function purgeRateLimits(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return rows.length;
}
