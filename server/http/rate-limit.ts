// Rate limits from the spec's Limits table, counted in the database so several app
// instances share one budget. Two ways of counting, both in the rate_limits table:
// - exact (login callbacks per IP, orders per student, attempt starts per (student, test)):
//   one atomic upsert per request (rate-limiter-flexible's Drizzle store);
// - approximate (the per-IP read limits: catalog, preview, public pages): counted in
//   memory and flushed to the database once a second in one batched upsert, so a read
//   costs no database round trip. An instance asks the database at once (exact) for the
//   first request of a client in a window and whenever its own view of the counter
//   passes half the budget, and refuses without asking once the database said the budget
//   is spent. What it may miss is what other instances counted since their last flush
//   (at most one second of that client's traffic on them); docs/decisions/platform/rate-limits-per-student-and-per.md > Rate limits.
// Expired counters are deleted by the "platform.purge-rate-limits" job.
import { lt, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "../config";
import type { Database, DbOrTx } from "../db";
import { rateLimits } from "../db/schema";
import { DomainError } from "../kernel/errors";
import { noteRateLimit } from "./answer-cache";

/** Limits counted per client IP address. */
export type IpLimitName = "catalog" | "preview" | "public" | "login";

/**
 * Whose budget a request spends, named by what the limit is about (spec: Limits):
 * public reads and login callbacks per IP, order creation per student, attempt starts
 * per (student, test).
 */
export type RateLimitKey = { name: IpLimitName; ip: string } | { name: "orders"; userId: string } | { name: "attemptStart"; userId: string; testId: string };

export type LimitName = RateLimitKey["name"];

export type RateLimits = {
  /**
   * Counts one request; throws DomainError `rate_limited` (429) with Retry-After when over.
   * With `tx` (exact limits only), the count is written in that transaction: it commits
   * with the request's work and rolls back with it, and on embedded PGlite it does not
   * wait for the open transaction (withIdempotency counts this way, after its key check).
   */
  consume(key: RateLimitKey, options?: { tx: DbOrTx }): Promise<void>;
  /** The same for the per-IP limits, as `consume("catalog", ip)`. */
  consume(name: IpLimitName, ip: string): Promise<void>;
  /** Writes the locally counted reads to the database now (else it happens every second). */
  flush(): Promise<void>;
  /** Stops the flush timer after a last flush (process shutdown). */
  stop(): Promise<void>;
};

/** The per-IP read limits, counted locally and flushed (the others stay exact). */
export const APPROXIMATE_LIMITS: ReadonlySet<LimitName> = new Set(["catalog", "preview", "public"]);

/** How often local counts go to the database. */
export const FLUSH_INTERVAL_MS = 1000;

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

function tooMany(name: LimitName, msBeforeNext: number): DomainError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new DomainError(
    "rate_limited",
    undefined,
    { limit: name, retryAfterSeconds: retryAfter },
    {
      headers: { "Retry-After": String(retryAfter) },
    },
  );
}

/**
 * Call it outside any open transaction: the counters are written through `db`, which on
 * embedded PGlite (one connection) would wait for that transaction to end.
 */
export function createRateLimits(
  db: Database,
  config: RateLimitSettings,
  options: { onFlushError?: (error: unknown) => void; flushIntervalMs?: number } = {},
): RateLimits {
  const settings: Record<LimitName, { points: number; duration: number }> = {
    catalog: { points: config.RATE_LIMIT_CATALOG_PER_MIN, duration: 60 },
    preview: { points: config.RATE_LIMIT_PREVIEW_PER_MIN, duration: 60 },
    public: { points: config.RATE_LIMIT_PUBLIC_PER_MIN, duration: 60 },
    login: { points: config.RATE_LIMIT_LOGIN_PER_15MIN, duration: 15 * 60 },
    orders: { points: config.RATE_LIMIT_ORDERS_PER_HOUR, duration: 60 * 60 },
    attemptStart: { points: config.RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN, duration: 15 * 60 },
  };
  const exact = Object.fromEntries(
    Object.entries(settings)
      .filter(([name]) => !APPROXIMATE_LIMITS.has(name as LimitName))
      .map(([name, s]) => [
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
  ) as Partial<Record<LimitName, RateLimiterDrizzle>>;
  const approximate = new LocalCounters(db, settings, options.onFlushError);
  const timer = setInterval(() => void approximate.flush(), options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
  timer.unref();

  async function consume(keyOrName: RateLimitKey | IpLimitName, second?: string | { tx: DbOrTx }): Promise<void> {
    const key: RateLimitKey = typeof keyOrName === "string" ? { name: keyOrName, ip: second as string } : keyOrName;
    // an answer given again from the answer cache spends the same per-IP read limits
    noteRateLimit(key.name, APPROXIMATE_LIMITS.has(key.name));
    const limiter = exact[key.name];
    if (!limiter) return approximate.consume(key.name, rateLimitKeyString(key));
    if (typeof second === "object") {
      // the same row and window as the limiter's own (`<limit>:<key>`), through the caller's transaction
      const { points, duration } = settings[key.name];
      const [row] = await upsertCounters(second.tx, [{ key: `${key.name}:${rateLimitKeyString(key)}`, points: 1 }], duration);
      if (row && row.points > points) throw tooMany(key.name, (row.expire?.getTime() ?? Date.now()) - Date.now());
      return;
    }
    try {
      await limiter.consume(rateLimitKeyString(key));
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(key.name, e.msBeforeNext);
      throw e;
    }
  }
  return {
    consume,
    flush: () => approximate.flush(),
    async stop() {
      clearInterval(timer);
      await approximate.flush();
    },
  };
}

type Counter = {
  /** the database's count at the last exchange (everyone's requests up to then) */
  synced: number;
  /** counted here since, not yet in the database */
  pending: number;
  /** end of the window (the database row's expire) */
  expireAt: number;
  /** an exchange with the database for this key in flight */
  busy?: Promise<void>;
};

type Upserted = { key: string; points: number; expire: Date | null };

/**
 * The approximate per-IP counters of one instance. The stored row is the same as the
 * exact limiter's (key `<limit>:<ip>`, points, expire; a fixed window from the first
 * request), so the purge job and every instance read one shape.
 */
class LocalCounters {
  private counters = new Map<string, Counter>();
  private flushing: Promise<void> | null = null;

  constructor(
    private db: Database,
    private settings: Record<LimitName, { points: number; duration: number }>,
    private onFlushError: (error: unknown) => void = () => {},
  ) {}

  async consume(name: LimitName, id: string): Promise<void> {
    const { points, duration } = this.settings[name];
    const key = `${name}:${id}`;
    for (;;) {
      const now = Date.now();
      let counter = this.counters.get(key);
      if (counter && counter.expireAt <= now && !counter.busy) {
        // the window ended: what was counted in it no longer matters
        this.counters.delete(key);
        counter = undefined;
      }
      if (counter?.busy) {
        await counter.busy;
        continue;
      }
      if (!counter) {
        // first request of this client in a window (here): ask the database at once
        counter = { synced: 0, pending: 0, expireAt: now + duration * 1000 };
        this.counters.set(key, counter);
        return this.exchange(key, counter, name, 1);
      }
      const seen = counter.synced + counter.pending;
      if (seen >= points) throw tooMany(name, counter.expireAt - now);
      if (seen + 1 > points / 2) {
        // past half the budget: every request is counted in the database at once
        return this.exchange(key, counter, name, 1);
      }
      counter.pending++;
      return;
    }
  }

  /** Adds this request (and what is pending) to the database and learns everyone's count. */
  private async exchange(key: string, counter: Counter, name: LimitName, add: number): Promise<void> {
    const { points, duration } = this.settings[name];
    const amount = counter.pending + add;
    counter.pending = 0;
    let row: Upserted | undefined;
    const busy = this.upsert([{ key, points: amount }], duration).then(
      (rows) => {
        row = rows[0];
      },
      (error) => {
        // not counted: the next request tries again (a read never fails on its counter)
        counter.pending += amount - add;
        this.onFlushError(error);
      },
    );
    counter.busy = busy;
    await busy;
    counter.busy = undefined;
    if (!row) return;
    this.learn(counter, row);
    if (row.points > points) throw tooMany(name, counter.expireAt - Date.now());
  }

  private learn(counter: Counter, row: Upserted) {
    const expireAt = row.expire ? row.expire.getTime() : Date.now();
    if (expireAt !== counter.expireAt) {
      // a new window began in the database: its count is the truth
      counter.synced = row.points;
      counter.expireAt = expireAt;
    } else {
      counter.synced = Math.max(counter.synced, row.points);
    }
  }

  /** One batched upsert of every pending count; forgets counters whose window ended. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    this.flushing = this.flushNow().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const now = Date.now();
    const byDuration = new Map<number, { key: string; points: number; counter: Counter }[]>();
    for (const [key, counter] of this.counters) {
      if (counter.busy) continue;
      if (counter.pending === 0) {
        if (counter.expireAt <= now) this.counters.delete(key);
        continue;
      }
      if (counter.expireAt <= now) {
        this.counters.delete(key);
        continue;
      }
      const duration = this.settings[key.slice(0, key.indexOf(":")) as LimitName].duration;
      const batch = byDuration.get(duration) ?? [];
      batch.push({ key, points: counter.pending, counter });
      byDuration.set(duration, batch);
    }
    for (const [duration, batch] of byDuration) {
      for (let i = 0; i < batch.length; i += 500) {
        const slice = batch.slice(i, i + 500);
        for (const item of slice) item.counter.pending -= item.points;
        try {
          const rows = await this.upsert(slice, duration);
          const byKey = new Map(rows.map((r) => [r.key, r]));
          for (const item of slice) {
            const row = byKey.get(item.key);
            if (row) this.learn(item.counter, row);
          }
        } catch (error) {
          for (const item of slice) item.counter.pending += item.points;
          this.onFlushError(error);
        }
      }
    }
  }

  private upsert(rows: { key: string; points: number }[], durationSeconds: number): Promise<Upserted[]> {
    return upsertCounters(this.db, rows, durationSeconds);
  }
}

/** rate-limiter-flexible's upsert for many keys: a row whose window ended starts anew. */
async function upsertCounters(db: DbOrTx, rows: { key: string; points: number }[], durationSeconds: number): Promise<Upserted[]> {
  const now = new Date();
  const expire = new Date(now.getTime() + durationSeconds * 1000);
  const ended = sql`${rateLimits.expire} <= ${now}`;
  return db
    .insert(rateLimits)
    .values(rows.map((r) => ({ key: r.key, points: r.points, expire })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`CASE WHEN ${ended} THEN excluded.points ELSE ${rateLimits.points} + excluded.points END`,
        expire: sql`CASE WHEN ${ended} THEN excluded.expire ELSE ${rateLimits.expire} END`,
      },
    })
    .returning({ key: rateLimits.key, points: rateLimits.points, expire: rateLimits.expire });
}

/** Deletes counters whose window has ended (a later request starts a fresh one anyway). */
export async function purgeRateLimits(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return rows.length;
}
