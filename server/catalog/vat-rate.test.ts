// VAT is stored as integer basis points (courses.vat_rate_bp, orders.vat_rate_bp) and
// the API still speaks the spec's fraction (vatRate: 0.2). On PostgreSQL with
// TEST_DATABASE_URL, else PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { schema } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { CourseDetailResponse } from "./contract";
import { getPublishedCourseWithLevels, toCourseDetailResponse } from "./queries";
import { createUnsignedMediaUrls } from "../video";

const media = createUnsignedMediaUrls();

let t: OpenTestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

/** rows of db.execute on either driver (the Database type leaves the result open) */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}

const course = (slug: string, vatRateBp?: number) => ({
  slug,
  title: `Kurz ${slug}`,
  priceCents: 14_900,
  state: "published" as const,
  publishedAt: new Date("2025-01-01T10:00:00Z"),
  createdBy: "p-3001",
  ...(vatRateBp === undefined ? {} : { vatRateBp }),
});

describe("VAT rate in basis points", () => {
  it("is an integer column with default 2000 in courses and orders", async () => {
    const rows = rowsOf(
      await t.db.execute(sql`
      select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema = current_schema() and table_name in ('courses', 'orders') and column_name like 'vat_rate%'
      order by table_name`),
    );
    expect(rows).toEqual([
      { table_name: "courses", column_name: "vat_rate_bp", data_type: "integer", is_nullable: "NO", column_default: "2000" },
      { table_name: "orders", column_name: "vat_rate_bp", data_type: "integer", is_nullable: "NO", column_default: "2000" },
    ]);
  });

  it("stores 2000 and the API answers vatRate 0.2", async () => {
    await t.db.insert(schema.courses).values(course("dph-predvolena"));
    const [stored] = rowsOf(await t.db.execute(sql`select vat_rate_bp from courses where slug = 'dph-predvolena'`));
    expect(stored.vat_rate_bp).toBe(2000);

    const found = await getPublishedCourseWithLevels(t.db, "dph-predvolena");
    expect(found?.course.vatRateBp).toBe(2000);
    const body = toCourseDetailResponse(found!, null, media, new Date());
    expect(body.course.vatRate).toBe(0.2);
    expect(CourseDetailResponse.parse(body).course.vatRate).toBe(0.2);
  });

  it("answers other rates as their fraction", async () => {
    await t.db.insert(schema.courses).values(course("dph-znizena", 1000));
    const found = await getPublishedCourseWithLevels(t.db, "dph-znizena");
    expect(toCourseDetailResponse(found!, null, media, new Date()).course.vatRate).toBe(0.1);
  });

  it("refuses a rate outside 0..10000 basis points", async () => {
    for (const [slug, bp] of [
      ["dph-zla", 10_001],
      ["dph-zaporna", -1],
    ] as const) {
      const error = await t.db
        .insert(schema.courses)
        .values(course(slug, bp))
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(String((error?.cause as Error | undefined)?.message ?? error)).toMatch(/courses_vat_rate_bp_range/);
    }
  });
});
