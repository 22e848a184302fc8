// Pending-order expiry (docs/decisions/payments/orders-and-payments.md > Orders and payments: pending orders expire after 24 h).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, schema } from "../db";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { expirePendingOrders, ORDER_PENDING_TTL_MS } from "./index";

let t: OpenTestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

function order(state: "pending" | "paid" | "failed", expiresAt: Date) {
  return {
    id: newId(),
    courseId: newId(),
    courseVersionId: newId(),
    courseTitle: "Kurz",
    studentId: "p-1001",
    studentDisplayName: "Jana Nováková",
    billingType: "personal" as const,
    billingDetails: { type: "personal" },
    amountCents: 100,
    state,
    expiresAt,
  };
}

describe("expirePendingOrders", () => {
  it("moves pending orders past expiresAt to expired and leaves the rest", async () => {
    const now = new Date("2026-05-01T10:00:00Z");
    const old = order("pending", new Date(now.getTime() - 1000));
    const fresh = order("pending", new Date(now.getTime() + ORDER_PENDING_TTL_MS));
    const paid = order("paid", new Date(now.getTime() - 1000));
    const failed = order("failed", new Date(now.getTime() - 1000));
    await t.db.insert(schema.orders).values([old, fresh, paid, failed]);
    expect(await expirePendingOrders(t.db, now)).toBe(1);
    const stateOf = async (id: string) => (await t.db.select().from(schema.orders).where(eq(schema.orders.id, id)))[0].state;
    expect(await stateOf(old.id)).toBe("expired");
    expect(await stateOf(fresh.id)).toBe("pending");
    expect(await stateOf(paid.id)).toBe("paid");
    expect(await stateOf(failed.id)).toBe("failed");
    // a rerun finds nothing to do
    expect(await expirePendingOrders(t.db, now)).toBe(0);
  });
});
