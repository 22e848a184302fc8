// One schema, two drivers: a PostgreSQL server when DATABASE_URL is set, otherwise
// embedded PGlite in DATA_DIR. Same migrations, same queries (docs/decisions/platform/stack.md > Stack).
import path from "node:path";
import fs from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  kind: "postgres" | "pglite";
  /** set on the embedded driver, for pg-boss's PGlite adapter */
  pglite?: PGlite;
  /** set on the server driver */
  pool?: Pool;
  close(): Promise<void>;
};

/**
 * Called for every database use of the app's handle (each query outside a transaction,
 * each transaction), in the caller's async context: the answer cache learns from it whether an
 * answer was made from memory alone (server/http/answer-cache.ts).
 */
let queryObserver: (() => void) | null = null;
export function observeDatabaseQueries(observer: (() => void) | null): void {
  queryObserver = observer;
}

export function migrationsFolder(root = process.cwd()) {
  return path.resolve(root, "drizzle");
}

/** The database named by DATABASE_URL could not be reached at start (no stack needed). */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/** A PostgreSQL URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.href;
  } catch {
    return "(unparsable URL)";
  }
}

/**
 * The advisory lock every migrator takes (pg_advisory_lock(hashtext(…)), session level):
 * instances started together on a fresh database migrate one at a time, and the ones that
 * waited find every migration applied (drizzle skips them).
 */
export const MIGRATION_LOCK = "learning-platform.migrations";

/** Runs drizzle's migrations on `session` while it holds the migration lock. */
async function migrateUnderLock(session: import("pg").PoolClient, statementTimeoutMs: number): Promise<void> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
  // bounded statements while migrating, not while waiting for the lock (another instance migrates)
  await session.query("select pg_advisory_lock(hashtext($1))", [MIGRATION_LOCK]);
  try {
    await session.query(`set statement_timeout = ${statementTimeoutMs}`);
    await run(drizzle(session, { schema }) as never, { migrationsFolder: migrationsFolder() });
  } finally {
    await session.query("reset statement_timeout").catch(() => {});
    await session.query("select pg_advisory_unlock(hashtext($1))", [MIGRATION_LOCK]).catch(() => {});
  }
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  migrate?: boolean;
  poolSize?: number;
  /**
   * Errors of idle pooled connections (the server restarted, failed over, or terminated
   * the backend): pg.Pool emits them as "error", which without a listener kills the
   * process. The pool drops such a client and opens a new one on the next query.
   */
  onIdleError?: (error: Error) => void;
  /**
   * Errors of connections that are checked out (inside a transaction, or held while a
   * request waits for the payment gateway). pg.Pool takes its idle listener off a client it
   * hands out, and node-postgres emits "error" on the client when its socket dies, so
   * without this listener a terminated backend kills the process. The statement in flight
   * (or the next one) fails with the error; the request answers 503 and the pool discards
   * the client on release (docs/decisions/platform/database-connection-loss.md > Database connection loss).
   */
  onClientError?: (error: Error) => void;
  /** a connection that does not complete within this fails (DATABASE_CONNECT_TIMEOUT_SECONDS) */
  connectTimeoutSeconds?: number;
  /** start-up statements are cancelled after this (DATABASE_STATEMENT_TIMEOUT_SECONDS) */
  statementTimeoutSeconds?: number;
}): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const connectTimeoutMs = Math.round((options.connectTimeoutSeconds ?? 10) * 1000);
    const statementTimeoutMs = Math.round((options.statementTimeoutSeconds ?? 60) * 1000);
    // a server that accepts the connection and never answers fails the start with a message
    // instead of hanging it: every new connection has connectTimeoutMs to complete (set on
    // the client, not the pool, whose option would also bound the wait for a free connection)
    class TimedClient extends pg.Client {
      constructor(config?: import("pg").ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
    }
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, Client: TimedClient });
    pool.on("error", (error) => options.onIdleError?.(error));
    // every client the pool opens keeps a listener for its whole life, checked out or not
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onClientError?.(error));
    });
    // pool.query takes a connection through pool.connect too: one count per checkout
    const poolConnect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    Object.assign(pool, { connect: (...args: unknown[]) => (queryObserver?.(), poolConnect(...args)) });
    const db = drizzle(pool, { schema }) as unknown as Database;
    const where = redactDatabaseUrl(options.databaseUrl);
    const unreachable = async (error: unknown, during: string) => {
      await pool.end().catch(() => {});
      const message = (error as Error).message ?? "";
      if (/timeout/i.test(message)) {
        return new DatabaseUnreachableError(
          `The database named by DATABASE_URL (${where}) did not answer ${during} within ${/query read timeout/i.test(message) ? `${statementTimeoutMs / 1000} s (DATABASE_STATEMENT_TIMEOUT_SECONDS)` : `${connectTimeoutMs / 1000} s (DATABASE_CONNECT_TIMEOUT_SECONDS)`}`,
        );
      }
      const reason = (error as NodeJS.ErrnoException).code ?? message;
      return new DatabaseUnreachableError(`Cannot reach the database named by DATABASE_URL (${where}): ${reason}`);
    };
    // start-up runs on one session of its own: the reachability check, then the migrations
    // under an advisory lock (one migrator at a time; the others wait, then find them applied)
    let session: import("pg").PoolClient;
    try {
      session = await pool.connect();
    } catch (error) {
      throw await unreachable(error, "the connection");
    }
    try {
      try {
        await session.query({ text: "select 1", query_timeout: statementTimeoutMs } as never);
      } catch (error) {
        session.release(true);
        throw await unreachable(error, "a query");
      }
      if (migrate) await migrateUnderLock(session, statementTimeoutMs);
      session.release();
    } catch (error) {
      if (error instanceof DatabaseUnreachableError) throw error;
      session.release(true);
      await pool.end().catch(() => {});
      throw error;
    }
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dir: string | undefined;
  if (options.dataDir && options.dataDir !== "memory://") {
    dir = path.resolve(options.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir ?? "memory://");
  for (const method of ["query", "exec", "transaction"] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, { [method]: (...args: unknown[]) => (queryObserver?.(), original(...args)) });
  }
  const db = drizzle(client, { schema }) as unknown as Database;
  if (migrate) {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(db as never, { migrationsFolder: migrationsFolder() });
  }
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

/**
 * Whether every migration in drizzle/ is applied: the journal's entries against the rows of
 * drizzle.__drizzle_migrations (for GET /readyz).
 */
export async function migrationsCurrent(db: Database, root = process.cwd()): Promise<{ current: boolean; applied: number; expected: number }> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(root), "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const { sql } = await import("drizzle-orm");
  const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] } | { n: number }[];
  const rows = Array.isArray(result) ? result : result.rows;
  const applied = Number(rows[0]?.n ?? 0);
  return { current: applied >= journal.entries.length, applied, expected: journal.entries.length };
}
