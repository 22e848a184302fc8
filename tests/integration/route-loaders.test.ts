// Route modules called in-process (tests/support/route-context.ts): loaders get the
// app's real services over a test database, without an HTTP server in between.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as catalogLoader } from "../../app/routes/catalog";
import { loader as coursesLoader } from "../../app/routes/api/courses";
import { insertCatalogFixtures, type CatalogFixtures } from "../support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { startTestServices, type TestServices } from "../support/route-context";

let database: TestDatabase;
let fixtures: CatalogFixtures;
let t: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await insertCatalogFixtures(database);
  t = await startTestServices({ database });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

describe("catalog page loader", () => {
  it("returns the published courses, newest publication first, and none of the hidden ones", async () => {
    const data = await t.call(catalogLoader, "/");
    expect(data.courses.map((c) => c.slug)).toEqual(fixtures.publishedOrder);
    for (const slug of fixtures.hiddenSlugs) expect(data.courses.map((c) => c.slug)).not.toContain(slug);
    expect(data.pagination).toMatchObject({ page: 1, totalItems: 3, totalPages: 1 });
    expect(data.filters[0]).toEqual({ label: "Všetky", href: "/", current: true });
  });

  it("filters by tag and refuses a bad page number with 400", async () => {
    const data = await t.call(catalogLoader, "/?tag=secretary");
    expect(data.courses.map((c) => c.slug)).toEqual(["sekretar-test"]);
    expect(data.tag).toBe("secretary");
    const thrown = await Promise.resolve(t.call(catalogLoader, "/?page=0")).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 400 } });
  });
});

describe("GET /api/courses loader", () => {
  it("answers the published list as JSON", async () => {
    const res = await t.call(coursesLoader, "/api/courses?pageSize=2");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.map((c: { slug: string }) => c.slug)).toEqual(fixtures.publishedOrder.slice(0, 2));
    expect(body.pagination).toMatchObject({ page: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
  });

  it("answers 422 with the validation body on bad paging", async () => {
    for (const query of ["pageSize=51", "page=0", "page=abc"]) {
      const res = await t.call(coursesLoader, `/api/courses?${query}`);
      expect(res.status, query).toBe(422);
      expect(await res.json()).toMatchObject({ error: "validation", details: expect.any(Object) });
    }
  });
});
