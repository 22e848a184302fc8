// Shared SQL pieces of the insights area: running a read, the bounds of Bratislava days,
// the net of a VAT-inclusive amount (the invoices' own rounding, server/money
// priceBreakdown), and the text normalization of scoring (server/quizzes normalizeText).
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { addDays, type DayRange } from "./period";

/** Rows of a raw read, whichever driver (node-postgres answers { rows }, PGlite too; some drivers an array). */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** The first instant of a Bratislava day, as a timestamptz expression. */
export function dayStart(day: string): SQL {
  return sql`(${day}::date::timestamp at time zone 'Europe/Bratislava')`;
}

/** `column` lies within the days of `range` (half-open on the instant after the last day). */
export function withinDays(column: SQL, range: DayRange): SQL {
  return sql`(${column} >= ${dayStart(range.from)} and ${column} < ${dayStart(addDays(range.to, 1))})`;
}

/** The Bratislava day (YYYY-MM-DD) or month (YYYY-MM) of an instant, as text. */
export function bucketOf(column: SQL, grain: "day" | "month"): SQL {
  const format = grain === "day" ? "YYYY-MM-DD" : "YYYY-MM";
  return sql`to_char(${column} at time zone 'Europe/Bratislava', ${format})`;
}

/**
 * The net (without VAT) of a VAT-inclusive amount in cents at a rate in basis points,
 * rounded half up: round(amount × 10000 / (10000 + rate)) in integers, as
 * server/money priceBreakdown does for invoices and credit notes.
 */
export function netOf(amountCents: SQL, vatRateBp: SQL): SQL {
  return sql`((2::bigint * ${amountCents} * 10000 + (10000 + ${vatRateBp})) / (2 * (10000 + ${vatRateBp})))`;
}

/**
 * The net of a price with VAT as the invoice states it (server/einvoices amountsFromGross,
 * docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: rounding): netOf, or its neighbour when that one plus its
 * VAT meets the price exactly.
 */
export function invoiceNetOf(amountCents: SQL, vatRateBp: SQL): SQL {
  const n0 = netOf(amountCents, vatRateBp);
  const hits = (n: SQL) => sql`(${n}) + ${vatOfNet(n, vatRateBp)} = ${amountCents}`;
  const below = sql`(${n0} - 1)`;
  const above = sql`(${n0} + 1)`;
  return sql`(case when ${hits(n0)} then ${n0} when ${hits(below)} then ${below} when ${hits(above)} then ${above} else ${n0} end)`;
}

/** The VAT of a net amount: net × rate rounded half up to a cent (EN 16931 BR-CO-17). */
export function vatOfNet(netCents: SQL, vatRateBp: SQL): SQL {
  return sql`((2::bigint * (${netCents}) * ${vatRateBp} + 10000) / 20000)`;
}

/**
 * normalizeText (server/quizzes) in SQL: decompose, drop combining marks, lower case,
 * trim, collapse white space.
 */
export function normalizedText(value: SQL): SQL {
  return sql`btrim(regexp_replace(lower(regexp_replace(normalize(coalesce(${value}, ''), NFD), '[\\u0300-\\u036f]', '', 'g')), '\\s+', ' ', 'g'))`;
}

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
