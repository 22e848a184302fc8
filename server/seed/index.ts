import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { writeCourseTree } from "../authoring";
import { demoCatalog } from "./catalog";
import { seedDemoWebinars } from "../webinars";

export { demoCatalog };

/**
 * Seeds the Slovak demo catalog in one transaction. Returns false (and writes nothing)
 * when any course exists already, so it is safe to run twice.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // one seeder at a time, even with two app instances starting together
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const existing = await tx.query.courses.findFirst({ columns: { id: true } });
    if (existing) return false;
    const c = demoCatalog();
    const v1 = await writeCourseTree(tx, c.riadenieV1);
    // live sessions of the first course (its chain: v1's id), upcoming and one with a recording
    await seedDemoWebinars(tx, v1);
    await writeCourseTree(tx, c.riadenieV2(v1));
    await writeCourseTree(tx, c.financie);
    await writeCourseTree(tx, c.sekretar);
    await writeCourseTree(tx, c.marketing);
    await writeCourseTree(tx, c.pravo);
    return true;
  });
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.query.courses.findFirst({ columns: { id: true } });
  return !row;
}
