import { sql } from "drizzle-orm";
import type { Database } from "../db";
import path from "node:path";
import { writeCourseTree, type CourseTree } from "../authoring";
import { moveDemoMediaIntoStore, type Stored } from "./media";
import { CONTENT_MANAGER } from "./people";
import { demoCatalog } from "./catalog";
import { seedDemoWebinars } from "../webinars";

export { demoCatalog };

/**
 * Seeds the Slovak demo catalog in one transaction. Returns false (and writes nothing)
 * when any course exists already, so it is safe to run twice.
 */
export async function seedDemoData(db: Database, options: { mediaDir?: string } = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    // one seeder at a time, even with two app instances starting together
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const existing = await tx.query.courses.findFirst({ columns: { id: true } });
    if (existing) return false;
    const c = demoCatalog();
    // the demo files go into the store and the blocks reference them (docs/decisions/files/seed-media.md)
    const stored: Stored = new Map();
    const write = async (tree: CourseTree) => {
      await moveDemoMediaIntoStore(tx, [tree], { mediaDir: options.mediaDir ?? path.resolve("media"), uploadedBy: CONTENT_MANAGER, stored });
      return writeCourseTree(tx, tree);
    };
    const v1 = await write(c.riadenieV1);
    // live sessions of the first course (its chain: v1's id), upcoming and one with a recording
    await seedDemoWebinars(tx, v1);
    await write(c.riadenieV2(v1));
    await write(c.financie);
    await write(c.sekretar);
    await write(c.marketing);
    await write(c.pravo);
    return true;
  });
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.query.courses.findFirst({ columns: { id: true } });
  return !row;
}
