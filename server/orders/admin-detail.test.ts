// GET /api/admin/orders/<id> reads everything in one read-only transaction: one connection,
// so its queries go one after another. Sent at once they queue in node-postgres, which warns
// "Calling client.query() when the client is already executing a query" (deprecated, an error
// in pg 9). This test fails on that warning, and on any query sent while another is queued.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, schema } from "../db";
import { openTestDatabase, serverUrl, type OpenTestDatabase } from "../../tests/support/db";
import { getAdminOrder } from "./index";

type QueueingClient = { _queryQueue?: unknown[] };

describe.skipIf(!serverUrl())("the admin order detail on a PostgreSQL server", () => {
  let t: OpenTestDatabase;
  const warnings: string[] = [];
  const overlapping: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  const query = pg.Client.prototype.query;
  beforeAll(async () => {
    t = await openTestDatabase();
    process.on("warning", onWarning);
    // the condition under which node-postgres warns (it warns once per process; this counts every time)
    pg.Client.prototype.query = function (this: QueueingClient, ...args: unknown[]) {
      if ((this._queryQueue?.length ?? 0) > 0) overlapping.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 60));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    process.off("warning", onWarning);
    await t?.close();
  });

  it("runs its queries one at a time on the transaction's connection", async () => {
    const id = newId();
    await t.db.insert(schema.orders).values({
      id,
      courseId: newId(),
      courseVersionId: newId(),
      courseTitle: "Kurz",
      studentId: "p-1001",
      studentDisplayName: "Jana Nováková",
      billingType: "personal",
      billingDetails: { type: "personal" },
      amountCents: 100,
      state: "pending",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const detail = await getAdminOrder(t.db, id);
    expect(detail._id).toBe(id);
    expect(detail.payments).toEqual([]);
    // let a warning emitted on this turn reach the listener
    await new Promise((r) => setImmediate(r));
    expect(overlapping).toEqual([]);
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
  });
});
