// A migrated database for tests that call domain functions directly: a fresh database on
// the PostgreSQL server in TEST_DATABASE_URL/DATABASE_URL, else embedded PGlite in a temp dir.
import { openDatabase, type Database, type DatabaseHandle } from "#server/db";
import { createTestDatabase } from "./database";

export type OpenTestDatabase = { db: Database; handle: DatabaseHandle; /** set on a PostgreSQL server */ url?: string; close(): Promise<void> };

export async function openTestDatabase(): Promise<OpenTestDatabase> {
  const test = await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: test.url, dataDir: test.env.DATA_DIR, poolSize: 4 });
  return {
    db: handle.db,
    handle,
    url: test.url,
    async close() {
      await handle.close();
      await test.drop();
    },
  };
}
