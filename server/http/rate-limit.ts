// Rate limits from the spec's Limits table, counted in the database so several app
// instances share one budget (rate-limiter-flexible's Drizzle store: one atomic upsert).
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config";
import type { Database } from "../db";
import { rateLimits } from "../db/schema";
import { HttpError } from "./errors";

export type LimitName = "catalog" | "preview" | "public" | "login";

export type RateLimits = {
  /** Counts one request for `key`; throws a 429 HttpError with Retry-After when over. */
  consume(name: LimitName, key: string): Promise<void>;
};

export function createRateLimits(db: Database, config: Config): RateLimits {
  const settings: Record<LimitName, { points: number; duration: number }> = {
    catalog: { points: config.RATE_LIMIT_CATALOG_PER_MIN, duration: 60 },
    preview: { points: config.RATE_LIMIT_PREVIEW_PER_MIN, duration: 60 },
    public: { points: config.RATE_LIMIT_PUBLIC_PER_MIN, duration: 60 },
    login: { points: config.RATE_LIMIT_LOGIN_PER_15MIN, duration: 15 * 60 },
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

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (e) {
        if (e instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
          throw new HttpError(429, "rate_limited", undefined, { limit: name, retryAfterSeconds: retryAfter }, {
            "Retry-After": String(retryAfter),
          });
        }
        throw e;
      }
    },
  };
}
