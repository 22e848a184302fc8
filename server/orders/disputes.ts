// The order's side of ending a dispute (server/payments resolveDispute, in its transaction;
// docs/decisions/payments/disputes-end.md > Disputes end). The gateway's payment.disputed moved the order paid →
// disputed; an admin who won the dispute moves it back. A lost dispute leaves it disputed.
import { and, eq, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";

const { orders } = schema;

/** The dispute was decided for us: disputed → paid (paidAt stays). Returns whether it moved. */
export async function markOrderDisputeWon(tx: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ state: "paid" })
    .where(and(eq(orders.id, orderId), eq(orders.state, "disputed"), isNull(orders.disputeLostAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** The dispute was decided against us: the bank returned the money; the order stays disputed. */
export async function markOrderDisputeLost(tx: DbOrTx, orderId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ disputeLostAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.state, "disputed"), isNull(orders.disputeLostAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
}
