// Answers to anonymous visitors, kept for a few seconds: the public catalog's pages and
// JSON are the same for everyone without a session, so an answer that was produced from
// in-memory data alone is stored by URL and given again, like a CDN in front of the app
// would, but emptied the moment the data behind it changes. The rules:
// - a request may be answered from here when it is a GET with no Cookie and no
//   Authorization header (nobody signed in, nothing personal can be in the answer); the
//   key is the full URL React Router sees (host included);
// - an answer is stored when it was such a request's 200 with `Cache-Control: public`
//   (server/http/respond.ts gives that to credential-free answers unless the route set
//   its own: a route opts out with `no-store` or `private`), set no cookie, and was made
//   without a single database round trip (the catalog's in-memory data, no counters
//   written, no version check): anything read from the database may have changed, so
//   such an answer is never stored;
// - it is valid while the data version (the catalog cache's, which every instance empties
//   on a catalog change, and which checks the database after a write request here) is
//   the one it was made under, and for at most `ttlMs` (the bound on anything else a page
//   may show, such as the time of day);
// - the rate limits the route spent (per-IP read limits) are spent again for each
//   visitor answered from here; over the limit, the request goes to the route, which
//   answers 429 as usual;
// - a document gets a fresh CSP nonce each time (the stored nonce is replaced in the
//   body and the policy); the ETag, which leaves the nonce out, stays the same, so
//   If-None-Match gets its 304.
// docs/decisions/platform/a-fast-request-pipeline.md > HTTP caching.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

export type AnswerTracking = {
  /** database round trips made while producing the answer */
  databaseQueries: number;
  /** per-IP limits the route spent (spent again on each answer from the cache) */
  limits: Set<string>;
  /** something was used that the cache cannot follow (a limit not per IP) */
  untracked: boolean;
};

const tracking = new AsyncLocalStorage<AnswerTracking>();

/** A database round trip in the current request (server/db's query observer). */
export function noteDatabaseQuery(): void {
  const t = tracking.getStore();
  if (t) t.databaseQueries++;
}

/** A rate limit spent in the current request. */
export function noteRateLimit(name: string, perIp: boolean): void {
  const t = tracking.getStore();
  if (!t) return;
  if (perIp) t.limits.add(name);
  else t.untracked = true;
}

export type StoredAnswer = {
  headers: [string, string | string[]][];
  body: Buffer;
  etag: string;
  /** the document's nonce and where it sits in the body, to be replaced per answer */
  nonce: string | null;
  nonceAt: number[];
  csp: string | null;
  limits: string[];
  version: number;
  storedAt: number;
};

export type AnswerCacheOptions = {
  /** the data version now; a Promise when it must be checked first, NaN when unusable */
  dataVersion(): number | Promise<number>;
  /** spends one per-IP limit for the visitor; throws when over (DomainError rate_limited) */
  spend(name: string, ip: string): Promise<void>;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
};

export type AnswerCache = {
  /** no Cookie, no Authorization, GET */
  eligible(req: IncomingMessage): boolean;
  /** runs `fn` while noting what it uses; returns the tracking with its result */
  track<T>(fn: () => Promise<T>): Promise<{ result: T; tracking: AnswerTracking; version: number }>;
  /** a valid stored answer for the key, with its limits spent for `ip`; undefined to go to the route */
  take(key: string, ip: string): Promise<StoredAnswer | undefined>;
  store(key: string, answer: Omit<StoredAnswer, "storedAt" | "nonceAt">): void;
  /** the stored body with a fresh nonce, and the policy that names it */
  renonce(answer: StoredAnswer): { body: Buffer; csp: string | null };
  readonly size: number;
  clear(): void;
};

export const ANSWER_CACHE_DEFAULTS = { ttlMs: 10_000, maxEntries: 500, maxBytes: 32 * 1024 * 1024 };

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const ttlMs = options.ttlMs ?? ANSWER_CACHE_DEFAULTS.ttlMs;
  const maxEntries = options.maxEntries ?? ANSWER_CACHE_DEFAULTS.maxEntries;
  const maxBytes = options.maxBytes ?? ANSWER_CACHE_DEFAULTS.maxBytes;
  const now = options.now ?? Date.now;
  const entries = new Map<string, StoredAnswer>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.byteLength;
  };

  return {
    eligible(req) {
      return req.method === "GET" && !req.headers.cookie && !req.headers.authorization;
    },
    async track(fn) {
      const t: AnswerTracking = { databaseQueries: 0, limits: new Set(), untracked: false };
      const version = await options.dataVersion();
      const result = await tracking.run(t, fn);
      return { result, tracking: t, version };
    },
    async take(key, ip) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt > ttlMs) {
        remove(key);
        return undefined;
      }
      const version = await options.dataVersion();
      if (version !== entry.version) {
        remove(key);
        return undefined;
      }
      try {
        for (const name of entry.limits) await options.spend(name, ip);
      } catch {
        // over a limit: the route answers (429 with its own page or body)
        return undefined;
      }
      // most recently used last
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    store(key, answer) {
      if (!Number.isFinite(answer.version) || answer.body.byteLength > maxBytes / 8) return;
      remove(key);
      const nonceAt: number[] = [];
      if (answer.nonce) {
        const needle = Buffer.from(answer.nonce);
        for (let at = answer.body.indexOf(needle); at !== -1; at = answer.body.indexOf(needle, at + needle.length)) nonceAt.push(at);
      }
      entries.set(key, { ...answer, nonceAt, storedAt: now() });
      bytes += answer.body.byteLength;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    renonce(answer) {
      if (!answer.nonce || !answer.csp) return { body: answer.body, csp: answer.csp };
      const fresh = randomBytes(16).toString("base64");
      // a 16-byte nonce in base64 has one length, so it fits where the old one was
      if (fresh.length !== answer.nonce.length) return { body: answer.body, csp: answer.csp };
      const body = Buffer.from(answer.body);
      for (const at of answer.nonceAt) body.write(fresh, at, "latin1");
      return { body, csp: answer.csp.replaceAll(answer.nonce, fresh) };
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
