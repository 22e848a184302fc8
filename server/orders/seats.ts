// Seats of club orders (docs/decisions/clubs/club-seats.md > Club seats): an order buys `seats`; a seat is
// taken by a live assignment (pending or enrolled, server/clubs), and returned by a refund
// that names seats while it is pending or completed (a failed refund gives them back).
// One count for the club page, the admin views, the batch endpoint and refunds.
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";

const { orders, seatAssignments, refunds } = schema;

export type SeatUsage = { bought: number; assigned: number; returned: number; free: number };

/** Seat usage per order id (orders unknown are missing from the map). */
export async function seatUsage(db: DbOrTx, orderIds: string[]): Promise<Map<string, SeatUsage>> {
  const out = new Map<string, SeatUsage>();
  if (orderIds.length === 0) return out;
  const bought = await db.select({ id: orders.id, seats: orders.seats }).from(orders).where(inArray(orders.id, orderIds));
  const assigned = await db
    .select({ orderId: seatAssignments.orderId, n: sql<number>`count(*)::int` })
    .from(seatAssignments)
    .where(and(inArray(seatAssignments.orderId, orderIds), inArray(seatAssignments.state, ["pending", "enrolled"])))
    .groupBy(seatAssignments.orderId);
  const returned = await db
    .select({ orderId: refunds.orderId, n: sql<number>`coalesce(sum(${refunds.seats}), 0)::int` })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), inArray(refunds.state, ["pending", "completed"])))
    .groupBy(refunds.orderId);
  for (const o of bought) {
    const a = assigned.find((r) => r.orderId === o.id)?.n ?? 0;
    const r = returned.find((x) => x.orderId === o.id)?.n ?? 0;
    out.set(o.id, { bought: o.seats, assigned: a, returned: r, free: Math.max(0, o.seats - a - r) });
  }
  return out;
}

/** One order's seat usage (all zero for an unknown order). */
export async function seatUsageOf(db: DbOrTx, orderId: string): Promise<SeatUsage> {
  return (await seatUsage(db, [orderId])).get(orderId) ?? { bought: 0, assigned: 0, returned: 0, free: 0 };
}

/** The unit price of one seat with VAT: the order's amount divided by its seats (exact by construction). */
export function seatPriceCents(order: { amountCents: number; seats: number }): number {
  return Math.round(order.amountCents / order.seats);
}

/** A club's paid orders of a course, oldest first (what seats are drawn from), locked when asked. */
export async function paidClubOrders(db: DbOrTx, orgId: string, rootCourseId: string | null, options: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.sponsorOrgId, orgId), eq(orders.state, "paid"), rootCourseId ? eq(orders.courseId, rootCourseId) : undefined))
    .orderBy(orders.paidAt, orders.id);
  return options.lock ? q.for("update") : q;
}
