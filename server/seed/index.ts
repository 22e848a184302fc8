import type { Database } from "../db";

/** Demo catalog in Slovak. Filled in by the seed module; returns whether it inserted data. */
export async function seedDemoData(_db: Database): Promise<boolean> {
  return false;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const row = await db.query.courses.findFirst({ columns: { id: true } });
  return !row;
}
