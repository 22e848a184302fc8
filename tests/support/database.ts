// Test databases: a fresh database per app instance on the PostgreSQL server named by
// TEST_DATABASE_URL (or DATABASE_URL), otherwise an embedded PGlite directory.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export type TestDatabase = { env: Record<string, string>; url?: string; drop(): Promise<void> };

/** Creates an empty database; refuses to touch one whose name lacks "test". */
export async function createTestDatabase(options: { embedded?: boolean } = {}): Promise<TestDatabase> {
  const base = options.embedded ? undefined : serverUrl();
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lp-test-"));
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `test_lp_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    env: { DATABASE_URL: url.href },
    async drop() {
      if (!name.includes("test")) throw new Error(`refusing to drop ${name}`);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
