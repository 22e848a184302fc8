// The paying payment's balance as the payments area reads it for a refund (one refundable
// amount: server/orders balance.ts). Its own module, below refunds.ts and duplicates.ts,
// so neither imports the other.
import { and, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx } from "../db";
import { orderBalance, type OrderRow } from "../orders";

const { payments, refunds } = schema;

/**
 * What the paying payment brought in and what of it went back or is on its way (one
 * refundable amount: server/orders balance.ts). `order` is the row the caller read (and
 * locked, for a refund).
 */
export async function refundBalance(db: DbOrTx, order: OrderRow) {
  const [payment] = order.payingPaymentId ? await db.select().from(payments).where(eq(payments.id, order.payingPaymentId)) : [];
  const rows = await db
    .select({ paymentId: refunds.paymentId, state: refunds.state, amountCents: refunds.amountCents })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), inArray(refunds.state, ["pending", "completed"])));
  return { payment: payment ?? null, ...orderBalance(order, payment?.amountCents ?? null, rows) };
}
