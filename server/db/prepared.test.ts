// A prepared statement is built once and then runs on whichever handle asks for it: inside a
// transaction on that transaction's connection (it sees the transaction's own uncommitted
// rows, and its rollback takes them away), outside on the pool.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import type { DbOrTx } from "./client";
import { prepared } from "./prepared";
import { schema } from "./index";

let t: OpenTestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const { rateLimits } = schema;

/** One statement, prepared: the points of a rate-limit key. */
function pointsOf(db: DbOrTx, key: string): Promise<{ points: number }[]> {
  let builds = 0;
  const query = prepared(db, "test_points_of_key", (name) => {
    builds++;
    return db
      .select({ points: rateLimits.points })
      .from(rateLimits)
      .where(eq(rateLimits.key, sql.placeholder("key")))
      .prepare(name);
  });
  built += builds;
  return query.execute({ key });
}
let built = 0;

describe("prepared statements", () => {
  it("are built once and run on each handle's own connection: a transaction's uncommitted row is seen in it and nowhere else", async () => {
    const key = `prepared-test-${Date.now()}`;
    expect(await pointsOf(t.db, key)).toEqual([]);
    const seenOutside: { points: number }[][] = [];
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(rateLimits).values({ key, points: 7, expire: new Date(Date.now() + 60_000) });
        // the statement built on the pool runs on the transaction's connection here
        expect(await pointsOf(tx, key)).toEqual([{ points: 7 }]);
        // and on the pool it does not see the uncommitted row (PGlite runs one transaction at a time)
        if (t.url) seenOutside.push(await pointsOf(t.db, key));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    if (t.url) expect(seenOutside).toEqual([[]]);
    expect(await pointsOf(t.db, key)).toEqual([]);
    // a second transaction: the same statement, still not built again
    await t.db.transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key, points: 3, expire: new Date(Date.now() + 60_000) });
      expect(await pointsOf(tx, key)).toEqual([{ points: 3 }]);
    });
    expect(await pointsOf(t.db, key)).toEqual([{ points: 3 }]);
    expect(built).toBe(1);
  });
});
