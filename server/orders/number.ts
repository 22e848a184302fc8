// The order's human number (docs/decisions/payments/order-numbers.md > Order numbers): "2026-0042", the year of its
// creation in Europe/Bratislava and its place among that year's orders by creation time (then
// id). Derived, never stored: the same order always reads the same number, on the admin's and
// the student's pages and in the payment gateway's description.
import { inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "../db";
import { TIME_ZONE } from "../../shared/calendar";
import { customerFromBilling } from "../invoices";

const { orders } = schema;

export function formatOrderNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

export type OrderLabel = { number: string; billingName: string };

/**
 * Number and billing name (the company or club on the order, else the person billed) of
 * each order id given; unknown ids are left out.
 */
export async function orderLabels(db: DbOrTx, ids: readonly string[]): Promise<Map<string, OrderLabel>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  // the outer row under its own name, so that the count's subquery cannot mistake its columns
  const o = alias(orders, "o");
  const local = sql`("o"."created_at" at time zone ${TIME_ZONE})`;
  const rows = await db
    .select({
      id: o.id,
      billingDetails: o.billingDetails,
      studentDisplayName: o.studentDisplayName,
      year: sql<number>`extract(year from ${local})::int`,
      // orders of the same Bratislava year created before it (or at the same instant with a smaller id), itself included
      sequence: sql<number>`(select count(*) from ${orders} p where p.created_at >= (date_trunc('year', ${local}) at time zone ${TIME_ZONE}) and (p.created_at, p.id) <= ("o"."created_at", "o"."id"))::int`,
    })
    .from(o)
    .where(inArray(o.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      { number: formatOrderNumber(Number(r.year), Number(r.sequence)), billingName: customerFromBilling(r.billingDetails, r.studentDisplayName).name },
    ]),
  );
}

/** The number of one order (null for an unknown id). */
export async function orderNumber(db: DbOrTx, id: string): Promise<string | null> {
  return (await orderLabels(db, [id])).get(id)?.number ?? null;
}
