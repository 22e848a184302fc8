// The one test-database helper. A fresh database per use: on the PostgreSQL server named
// by TEST_DATABASE_URL (or DATABASE_URL) a new `test_lp_*` database, otherwise an
// embedded PGlite directory under the system temp directory.
// - createTestDatabase: an empty database (the app migrates it), e.g. for startApp;
// - openTestDatabase: a migrated database with an open Drizzle client, for tests that
//   call domain functions directly.
// Guards (assertMayTouch): nothing is created or dropped when NODE_ENV or APP_ENV is
// production, when the database named by the URL lacks "test" in its name, or (drop)
// when this helper did not create it in this process.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database, type DatabaseHandle } from "#server/db";

export function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export type TestDatabase = {
  env: Record<string, string>;
  /** set on a PostgreSQL server */
  url?: string;
  drop(): Promise<void>;
};

export class TestDatabaseGuardError extends Error {
  override name = "TestDatabaseGuardError";
}

/** Databases (URLs) and PGlite directories this helper created in this process. */
const created = new Set<string>();

/** The database a PostgreSQL URL names (its path), decoded. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
}

/**
 * Throws unless the helper may create or drop `target` (a PostgreSQL URL or a PGlite
 * directory): never in production, only names containing "test", and (for drops) only
 * what this helper created in this process.
 */
export function assertMayTouch(target: string, action: "create" | "drop", env: Record<string, string | undefined> = process.env): void {
  for (const name of ["NODE_ENV", "APP_ENV"]) {
    if (env[name]?.trim().toLowerCase() === "production") {
      throw new TestDatabaseGuardError(`refusing to ${action} a test database with ${name}=production (${target})`);
    }
  }
  const isUrl = /^postgres(ql)?:\/\//i.test(target);
  const name = isUrl ? databaseName(target) : path.basename(target);
  if (!name.toLowerCase().includes("test")) {
    throw new TestDatabaseGuardError(`refusing to ${action} ${isUrl ? "database" : "directory"} "${name}": its name does not contain "test"`);
  }
  if (!isUrl && !path.resolve(target).startsWith(path.resolve(os.tmpdir()) + path.sep)) {
    throw new TestDatabaseGuardError(`refusing to ${action} directory ${target}: not under ${os.tmpdir()}`);
  }
  if (action === "drop" && !created.has(isUrl ? target : path.resolve(target))) {
    throw new TestDatabaseGuardError(`refusing to drop ${name}: not created by the test-database helper in this process`);
  }
}

/** Drops a database (or removes a PGlite directory) this helper created. */
export async function dropTestDatabase(target: string, adminUrl = serverUrl()): Promise<void> {
  assertMayTouch(target, "drop");
  if (/^postgres(ql)?:\/\//i.test(target)) {
    if (!adminUrl) throw new TestDatabaseGuardError(`no server URL to drop ${databaseName(target)} from`);
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName(target))} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  } else {
    fs.rmSync(target, { recursive: true, force: true });
  }
  created.delete(/^postgres(ql)?:\/\//i.test(target) ? target : path.resolve(target));
}

/** Creates an empty database; `embedded` forces PGlite even when a server is configured. */
export async function createTestDatabase(options: { embedded?: boolean } = {}): Promise<TestDatabase> {
  const base = options.embedded ? undefined : serverUrl();
  if (!base) {
    const dir = path.join(os.tmpdir(), `lp-test-${randomBytes(5).toString("hex")}`);
    assertMayTouch(dir, "create");
    fs.mkdirSync(dir);
    created.add(path.resolve(dir));
    return { env: { DATA_DIR: dir }, drop: () => dropTestDatabase(dir) };
  }
  const url = new URL(base);
  url.pathname = `/test_lp_${randomBytes(5).toString("hex")}`;
  assertMayTouch(url.href, "create");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(databaseName(url.href))}`);
  } finally {
    await admin.end();
  }
  created.add(url.href);
  return { url: url.href, env: { DATABASE_URL: url.href }, drop: () => dropTestDatabase(url.href, base) };
}

export type OpenTestDatabase = {
  db: Database;
  handle: DatabaseHandle;
  /** set on a PostgreSQL server */
  url?: string;
  database: TestDatabase;
  close(): Promise<void>;
};

/** A fresh database, migrated, with an open client; close() closes and drops it. */
export async function openTestDatabase(): Promise<OpenTestDatabase> {
  const database = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: database.env.DATA_DIR, poolSize: 4 });
  return {
    db: handle.db,
    handle,
    url: database.url,
    database,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}
