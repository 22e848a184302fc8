// Idempotency keys (IETF httpapi Idempotency-Key draft; docs/decisions/platform/errors-and-auth.md > Errors and auth), one
// implementation for every route that takes them (spec: Authentication 11: test attempt
// start, test submit and refund require a key; order creation recommends one).
//
// - Format: a UUID (spec: "Idempotency-Key is a request header of format UUID"), bare or
//   as the draft's structured-field string ("…" in double quotes); case-insensitive,
//   stored lower-case. Anything else → 400 `idempotency_key_invalid`.
// - Stored per (user, route, key) with the sha-256 of the canonical JSON of the body
//   (object keys sorted, so key order and whitespace do not matter) and the first
//   answer: status, JSON body and the headers in REPLAYED_HEADERS. The work returns a
//   value ({status, body}), never a Response: /api routes wrap it (answerResponse),
//   pages read it.
// - Same key + same body → the stored answer, status included (`replayed`, and
//   `Idempotent-Replayed: true` on the /api response). Same key + other body → 422 `idempotency_key_reused`.
//   Missing where required → 400 `idempotency_key_required`. The first request still
//   running → 409 `idempotency_in_progress` (Retry-After: 1).
// - The route's work runs in the same transaction that stores the answer, so both
//   commit or neither does: a crash never leaves, say, a started attempt without its
//   stored answer, nor a stored answer without its attempt. Work that throws, or
//   returns a 5xx, rolls back and releases the key: a retry with the same key runs anew
//   (nothing it did survived). Only answers below 500 are remembered.
// - Keys are kept at least 24 hours; the hourly job "platform.purge-idempotency-keys"
//   deletes older ones, after which the key may be used again.
import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { prepared, type Database, type DbOrTx, type Tx } from "../db";
import { idempotencyKeys } from "../db/schema";
import { DomainError } from "../kernel/errors";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key is honoured at least (the purge removes keys older than this). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Response headers kept with the first response and replayed (never Set-Cookie). */
export const REPLAYED_HEADERS = ["content-type", "location", "content-location", "cache-control", "etag", "last-modified"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key from a header (or form field) value: null when absent or empty, the lower-case
 * UUID when well-formed; throws 400 `idempotency_key_invalid` otherwise.
 */
export function parseIdempotencyKey(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  let value = raw.trim();
  if (value === "") return null;
  // the draft defines the header as a structured-field string: "8e03978e-…"
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (!UUID.test(value)) {
    throw new DomainError("idempotency_key_invalid", undefined, { header: IDEMPOTENCY_KEY_HEADER });
  }
  return value.toLowerCase();
}

/** `METHOD /path` of a request: the route part of the key's scope (ids in the path included). */
export function idempotencyRoute(request: Request): string {
  return `${request.method.toUpperCase()} ${new URL(request.url).pathname}`;
}

/** Route and key of a request, for `withIdempotency({ db, userId, ...idempotencyOf(request), body, required })`. */
export function idempotencyOf(request: Request): { route: string; key: string | null } {
  return { route: idempotencyRoute(request), key: request.headers.get(IDEMPOTENCY_KEY_HEADER) };
}

/** JSON with object keys sorted at every depth; `undefined` (absent body) counts as null. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value === undefined ? null : sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object" && (value as object).constructor === Object) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

export type IdempotentRequest = {
  db: Database;
  /** the person acting (session user id) */
  userId: string;
  /** `METHOD /path`, see idempotencyRoute(request) */
  route: string;
  /** the Idempotency-Key header value (or a form field's), absent as null/undefined */
  key: string | null | undefined;
  /** the parsed request body (undefined or null for an empty one) */
  body: unknown;
  /** true where the spec requires a key (400 without one); false runs keyless requests plainly */
  required: boolean;
  /**
   * Runs when the request is about to execute: inside the transaction, after the key's
   * lock and the look for a stored answer, so a replay, a reused key or a request whose
   * first copy is still running (409) never gets here. The place for a rate limit
   * (`rateLimits.consume(key, { tx })`): a double click spends one unit, and a request
   * that rolls back (a 5xx) gives its unit back.
   */
  beforeExecute?: (tx: Tx) => Promise<void>;
};

/**
 * A request's idempotency as a use case is given it by its route or page: the route, the
 * key (header or form field) and the body the key is bound to.
 */
export type RequestIdempotency = { route: string; key: string | null | undefined; rawBody: unknown };

/** withIdempotency's request for `userId` acting through `idempotency`. */
export function idempotentRequest(db: Database, userId: string, idempotency: RequestIdempotency, required: boolean): IdempotentRequest {
  return { db, userId, route: idempotency.route, key: idempotency.key, body: idempotency.rawBody, required };
}

type StoredRow = typeof idempotencyKeys.$inferSelect;

/**
 * What a use case answers: a status and a JSON body (the value, or the spec's error body
 * for a refusal that still commits), with the headers the first answer carries. Routes
 * under /api wrap it in JSON (answerResponse); pages read the value.
 */
export type Answer<T = unknown> = { status: number; body: T; headers?: Record<string, string> };
/** An answer, and whether it is the stored answer of an earlier request with the same key. */
export type IdempotentAnswer<T = unknown> = Answer<T> & { replayed: boolean };

/** Thrown inside the transaction to roll it back and still answer with `answer`. */
class RollbackWith {
  constructor(readonly answer: IdempotentAnswer) {}
}

/**
 * Runs `work` at most once per (user, route, key) and answers every repeat with the first
 * answer. `work` gets the transaction that also stores the answer; it must do all its
 * database work through `tx` (on embedded PGlite anything else waits for `tx` to end).
 */
export async function withIdempotency<T>(request: IdempotentRequest, work: (tx: Tx) => Promise<Answer<T>>): Promise<IdempotentAnswer<T>> {
  const key = parseIdempotencyKey(request.key);
  const { db } = request;
  if (key === null) {
    if (request.required) {
      throw new DomainError("idempotency_key_required", undefined, { header: IDEMPOTENCY_KEY_HEADER });
    }
    return runInTransaction<T>(
      db,
      async (tx) => {
        await request.beforeExecute?.(tx);
        return work(tx);
      },
      async () => undefined,
    );
  }

  const hash = requestHash(request.body);
  const scope = { userId: request.userId, route: request.route, key };

  // No look for a stored answer before the transaction: a repeat is rare (a double click,
  // a retry after a lost answer) and is found under the lock below, while every first
  // request would pay the extra round trip (docs/decisions/platform/idempotency-keys.md > Idempotency keys).
  return runInTransaction<T>(
    db,
    async (tx) => {
      // One holder per key at a time; a second request arriving meanwhile is told the
      // first is still running instead of waiting for it. (On PGlite transactions run one
      // after another, so the second finds the stored answer instead.)
      const claim = await claimKey(tx, scope);
      if (!claim.locked) throw inProgress();
      // the answer of an earlier request with this key (committed before the lock was free)
      if (claim.stored) throw new RollbackWith(answerFromStored(claim.stored, hash));
      await request.beforeExecute?.(tx);
      return work(tx);
    },
    async (tx, answer) => {
      const headers: Record<string, string> = { "content-type": JSON_TYPE };
      for (const [name, value] of Object.entries(answer.headers ?? {})) {
        if ((REPLAYED_HEADERS as readonly string[]).includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
      }
      await storeAnswer(tx, {
        ...scope,
        requestHash: hash,
        responseStatus: answer.status,
        responseBody: answer.body === undefined ? null : (JSON.parse(JSON.stringify(answer.body)) as unknown),
        responseHeaders: headers,
      });
    },
  );
}

const JSON_TYPE = "application/json; charset=utf-8";

type Scope = { userId: string; route: string; key: string };

type Stored = Scope & { requestHash: string; responseStatus: number; responseBody: unknown; responseHeaders: Record<string, string> };
/** What a replay is made from: the stored answer and whether its first request finished. */
type StoredAnswer = Pick<StoredRow, "requestHash" | "responseStatus" | "responseBody" | "responseHeaders" | "completedAt">;
type Claim = { locked: boolean; stored: StoredAnswer | null };

/**
 * The key's transaction-scoped advisory lock and, when it was free, the stored answer, in
 * one round trip: the database function idempotency_claim (drizzle/0010_idempotency_claim.sql)
 * reads the answer in a statement of its own after the lock, so with a snapshot that sees
 * whatever the key's previous holder committed.
 */
async function claimKey(tx: Tx, scope: Scope): Promise<Claim> {
  const result = await tx.execute(sql`select * from idempotency_claim(${scope.userId}, ${scope.route}, ${scope.key})`);
  const row = rowsOf(result)[0];
  if (!row?.locked) return { locked: false, stored: null };
  if (typeof row.request_hash !== "string") return { locked: true, stored: null };
  return {
    locked: true,
    stored: {
      requestHash: row.request_hash,
      responseStatus: typeof row.response_status === "number" ? row.response_status : null,
      responseBody: row.response_body ?? null,
      responseHeaders: (row.response_headers ?? null) as Record<string, string> | null,
      // (a Date from node-postgres and PGlite; only whether it is set matters)
      completedAt: row.completed_at == null ? null : new Date(row.completed_at as Date | string),
    },
  };
}

/** Stores the first answer, completed now (prepared, as the look above). */
async function storeAnswer(tx: Tx, row: Stored): Promise<void> {
  const query = prepared(tx, "idempotency_key_store", (name) =>
    tx
      .insert(idempotencyKeys)
      .values({
        userId: sql.placeholder("userId"),
        route: sql.placeholder("route"),
        key: sql.placeholder("key"),
        requestHash: sql.placeholder("requestHash"),
        responseStatus: sql.placeholder("responseStatus"),
        responseBody: sql.placeholder("responseBody"),
        responseHeaders: sql.placeholder("responseHeaders"),
        completedAt: sql`now()`,
      })
      .prepare(name),
  );
  await query.execute(row);
}

/**
 * Runs `work` in a transaction; a 5xx answer rolls back like a throw, anything else is
 * passed to `remember` inside the same transaction.
 */
async function runInTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<Answer<T>>,
  remember: (tx: Tx, answer: Answer<T>) => Promise<void>,
): Promise<IdempotentAnswer<T>> {
  try {
    return await db.transaction(async (tx) => {
      const answer = await work(tx);
      if (answer.status >= 500) throw new RollbackWith({ ...answer, replayed: false });
      await remember(tx, answer);
      return { ...answer, replayed: false };
    });
  } catch (e) {
    if (e instanceof RollbackWith) return e.answer as IdempotentAnswer<T>;
    throw e;
  }
}

function answerFromStored(row: StoredAnswer, hash: string): IdempotentAnswer {
  if (row.requestHash !== hash) {
    throw new DomainError("idempotency_key_reused", undefined, { header: IDEMPOTENCY_KEY_HEADER });
  }
  if (row.completedAt === null || row.responseStatus === null) throw inProgress();
  return { status: row.responseStatus, body: row.responseBody, headers: row.responseHeaders ?? {}, replayed: true };
}

/**
 * The JSON response of an answer, for /api routes: its status, body and headers, and
 * `Idempotent-Replayed: true` on a replay.
 */
export function answerResponse(answer: IdempotentAnswer | Answer): Response {
  const headers = new Headers(answer.headers ?? {});
  if ("replayed" in answer && answer.replayed) headers.set(IDEMPOTENT_REPLAYED_HEADER, "true");
  const status = answer.status;
  const noBody = status === 204 || status === 205 || status === 304 || answer.body === null || answer.body === undefined;
  if (noBody) return new Response(null, { status, headers });
  if (!isJson(headers.get("content-type"))) {
    // a stored answer from before answers were values kept its text
    if (typeof answer.body === "string" && headers.has("content-type")) return new Response(answer.body, { status, headers });
    headers.set("Content-Type", JSON_TYPE);
  }
  return new Response(JSON.stringify(answer.body), { status, headers });
}

function inProgress() {
  return new DomainError("idempotency_in_progress", undefined, { header: IDEMPOTENCY_KEY_HEADER }, { headers: { "Retry-After": "1" } });
}

function isJson(contentType: string | null | undefined) {
  return !!contentType && /(^|\/|\+)json\b/i.test(contentType.split(";")[0]);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

/** Deletes keys older than the retention (the hourly job); returns how many. */
export async function purgeIdempotencyKeys(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return rows.length;
}
