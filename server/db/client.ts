// One schema, two drivers: a PostgreSQL server when DATABASE_URL is set, otherwise
// embedded PGlite in DATA_DIR. Same migrations, same queries (DESIGN.md > Stack).
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

export function migrationsFolder(root = process.cwd()) {
  return path.resolve(root, "drizzle");
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  migrate?: boolean;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = drizzle(pool, { schema }) as unknown as Database;
    if (migrate) {
      const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
      await run(db as never, { migrationsFolder: migrationsFolder() });
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
  const db = drizzle(client, { schema }) as unknown as Database;
  if (migrate) {
    const { migrate: run } = await import("drizzle-orm/pglite/migrator");
    await run(db as never, { migrationsFolder: migrationsFolder() });
  }
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}
