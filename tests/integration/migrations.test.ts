// One migrator: migrations run under a PostgreSQL advisory lock, so instances started
// together on a fresh database all come up; `npm run migrate` migrates and does nothing else.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { createTestDatabase, serverUrl, type TestDatabase } from "../support/db";

const root = path.resolve(import.meta.dirname, "../..");
const journalEntries = (JSON.parse(fs.readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl())("one migrator (PostgreSQL)", () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.drop()));
  });

  it("three instances started together on one fresh database all come up, and each migration is applied once", { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const started = await Promise.allSettled([0, 1, 2].map(() => startApp({ database, seed: false })));
    const apps = started.filter((r): r is PromiseFulfilledResult<RunningApp> => r.status === "fulfilled").map((r) => r.value);
    try {
      const failures = started.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => String(r.reason));
      expect(failures).toEqual([]);
      for (const app of apps) {
        const ready = await fetch(`${app.url}/readyz`);
        expect(ready.status, app.output()).toBe(200);
      }
      const rows = await query<{ n: number; distinct: number }>(
        database.url!,
        "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
      );
      expect(rows[0]).toEqual({ n: journalEntries, distinct: journalEntries });
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
    }
  });

  it("npm run migrate applies the migrations and nothing else (no demo data, no job schema), and again is a no-op", { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    databases.push(database);
    const migrate = () =>
      spawnSync(process.execPath, ["server.mjs", "--migrate-only"], {
        cwd: root,
        // the database settings are all it needs: production without any secret is fine
        env: {
          PATH: process.env.PATH!,
          ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
          APP_ENV: "production",
          DATABASE_URL: database.url!,
        },
        encoding: "utf8",
        timeout: 45_000,
      });
    const first = migrate();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`migrations current: ${journalEntries} applied (PostgreSQL server)`);
    expect(await query(database.url!, "select 1 from courses")).toEqual([]);
    expect(await query(database.url!, "select 1 from information_schema.schemata where schema_name = 'pgboss'")).toEqual([]);
    const again = migrate();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(`migrations current: ${journalEntries} applied`);
  });

  it("npm run migrate in production without DATABASE_URL: one line naming it, exit 1", () => {
    const r = spawnSync(process.execPath, ["server.mjs", "--migrate-only"], {
      cwd: root,
      env: { PATH: process.env.PATH!, ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}), APP_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Missing configuration: DATABASE_URL /)]);
  });
});
