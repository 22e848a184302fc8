// The in-process catalog cache against a real database: reads from memory, emptied by
// the catalog_changed notification whoever wrote, checked after a write served here,
// off while its LISTEN connection is down, off without the trigger.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observeDatabaseQueries, openDatabase, schema, type DatabaseHandle } from "../db";
import { createTestDatabase, type TestDatabase } from "../../tests/support/db";
import { insertCatalogFixtures, type CatalogFixtures } from "../../tests/support/catalog-fixtures";
import * as queries from "./queries";
import { getCoursePreview, getPublishedCourseWithLevels, listPublishedCourses, startCatalogCache, type RunningCatalogCache } from "./cache";

let database: TestDatabase;
let fixtures: CatalogFixtures;
let handle: DatabaseHandle;
/** another instance's connection on a server; the same handle on PGlite */
let other: DatabaseHandle;
let running: RunningCatalogCache;
let queriesMade = 0;
const warnings: string[] = [];
const log = { info: () => {}, warn: (message: string) => void warnings.push(message) };

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await insertCatalogFixtures(database);
  handle = await openDatabase({ databaseUrl: database.url, dataDir: database.env.DATA_DIR, poolSize: 3 });
  other = database.url ? await openDatabase({ databaseUrl: database.url, migrate: false, poolSize: 1 }) : handle;
  running = await startCatalogCache(handle, log);
  observeDatabaseQueries(() => queriesMade++);
});
afterAll(async () => {
  observeDatabaseQueries(null);
  await running?.stop();
  if (other !== handle) await other?.close();
  await handle?.close();
  await database?.drop();
});

/** database round trips made by `fn` through the cached handle */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const before = queriesMade;
  const value = await fn();
  return { value, queries: queriesMade - before };
}

async function eventually(probe: () => Promise<boolean>, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("catalog cache", () => {
  it("is on with the trigger in place, and answers as the database does, from memory after the first read", async () => {
    expect(running.cache).not.toBeNull();
    const query = { page: 1, pageSize: 2 };
    const first = await counted(() => listPublishedCourses(handle.db, query));
    expect(first.value).toEqual(await queries.listPublishedCourses(handle.db, query));
    const second = await counted(() => listPublishedCourses(handle.db, { tag: "manager", page: 1, pageSize: 50 }));
    expect(second.queries).toBe(0);
    expect(second.value).toEqual(await queries.listPublishedCourses(handle.db, { tag: "manager", page: 1, pageSize: 50 }));
    expect((await listPublishedCourses(handle.db, { page: 99, pageSize: 2 })).items).toEqual([]);
    expect(first.value.items.map((c) => c.slug)).toEqual(fixtures.publishedOrder.slice(0, 2));

    await getPublishedCourseWithLevels(handle.db, "riadenie-test");
    const detail = await counted(() => getPublishedCourseWithLevels(handle.db, "riadenie-test"));
    expect(detail.queries).toBe(0);
    expect(detail.value).toEqual(await queries.getPublishedCourseWithLevels(handle.db, "riadenie-test"));
    await getCoursePreview(handle.db, "riadenie-test");
    const preview = await counted(() => getCoursePreview(handle.db, "riadenie-test"));
    expect(preview.queries).toBe(0);
    expect(preview.value).toEqual(await queries.getCoursePreview(handle.db, "riadenie-test"));
  });

  it("answers unknown, draft-only and archived-only slugs with null from the list, storing nothing", async () => {
    for (const slug of [...fixtures.hiddenSlugs, "neexistuje", "x".repeat(300)]) {
      const { value, queries: made } = await counted(() => getPublishedCourseWithLevels(handle.db, slug));
      expect(value, slug).toBeNull();
      expect(made).toBe(0);
    }
  });

  it("gives frozen objects: a caller cannot change what the next one reads", async () => {
    const detail = await getPublishedCourseWithLevels(handle.db, "riadenie-test");
    expect(() => {
      (detail!.course as { title: string }).title = "zmenené";
    }).toThrow(TypeError);
  });

  it("is emptied on every instance when another connection changes the catalog (the commit's notification)", async () => {
    await listPublishedCourses(handle.db, { page: 1, pageSize: 50 });
    await other.db.update(schema.courses).set({ title: "Financie klubu (nový názov)" }).where(eq(schema.courses.slug, "financie-test"));
    await eventually(async () => {
      const { items } = await listPublishedCourses(handle.db, { page: 1, pageSize: 50 });
      return items.some((c) => c.title === "Financie klubu (nový názov)");
    });
    // a rolled-back change notifies nobody
    const invalidations = running.cache!.invalidations;
    await other.db
      .transaction(async (tx) => {
        await tx.update(schema.courses).set({ title: "nikdy" }).where(eq(schema.courses.slug, "financie-test"));
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect(running.cache!.invalidations).toBe(invalidations);
  });

  it("after a write served by this instance, the next read checks catalog_version first (read-your-writes without waiting)", async () => {
    await listPublishedCourses(handle.db, { page: 1, pageSize: 50 });
    await handle.db.update(schema.courses).set({ title: "Financie hneď" }).where(eq(schema.courses.slug, "financie-test"));
    running.noteWrite();
    const { value } = await counted(() => listPublishedCourses(handle.db, { page: 1, pageSize: 50 }));
    expect(value.items.find((c) => c.slug === "financie-test")?.title).toBe("Financie hneď");
    // a write that touched no catalog table: one version query, then memory again
    // (once the notification of the update above has come and gone)
    await new Promise((r) => setTimeout(r, 300));
    await listPublishedCourses(handle.db, { page: 1, pageSize: 50 });
    running.noteWrite();
    expect((await counted(() => listPublishedCourses(handle.db, { page: 1, pageSize: 50 }))).queries).toBe(1);
    expect((await counted(() => listPublishedCourses(handle.db, { page: 1, pageSize: 50 }))).queries).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL)(
    "is off while its LISTEN connection is down (reads go to the database) and on again, empty, once it is back (PostgreSQL)",
    async () => {
      await listPublishedCourses(handle.db, { page: 1, pageSize: 50 });
      await other.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN catalog_changed' and datname = current_database()`,
      );
      await eventually(async () => !running.cache!.active);
      // a change made while nobody listens
      await other.db
        .update(schema.courses)
        .set({ title: "Počas výpadku" })
        .where(and(eq(schema.courses.slug, "financie-test"), eq(schema.courses.state, "published")));
      const meanwhile = await counted(() => listPublishedCourses(handle.db, { page: 1, pageSize: 50 }));
      expect(meanwhile.queries).toBeGreaterThan(0);
      expect(meanwhile.value.items.find((c) => c.slug === "financie-test")?.title).toBe("Počas výpadku");
      await eventually(async () => running.cache!.active, 10_000);
      expect((await listPublishedCourses(handle.db, { page: 1, pageSize: 50 })).items.find((c) => c.slug === "financie-test")?.title).toBe("Počas výpadku");
      expect((await counted(() => listPublishedCourses(handle.db, { page: 1, pageSize: 50 }))).queries).toBe(0);
    },
    20_000,
  );

  it("stays off (and says so) on a database without the catalog trigger", async () => {
    const bare = await createTestDatabase();
    const h = await openDatabase({ databaseUrl: bare.url, dataDir: bare.env.DATA_DIR });
    try {
      await h.db.execute(sql`drop trigger courses_catalog_changed on courses`);
      const off = await startCatalogCache(h, log);
      expect(off.cache).toBeNull();
      expect(Number.isNaN(off.dataVersion() as number)).toBe(true);
      expect(warnings.some((w) => w.includes("catalog cache off"))).toBe(true);
      await off.stop();
    } finally {
      await h.close();
      await bare.drop();
    }
  });
});
