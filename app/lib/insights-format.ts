// Number formats the insights pages use in components (client and server alike; the
// loaders format money with server/money): NBSP inside values, decimal commas; the digit
// groups and NBSP are shared/format.ts's (defined once for server and browser).
import { plural } from "#shared/plural";
import { NBSP, groupThousands as groups } from "#shared/format";

/** whole euros for chart ticks: 123456 cents → "1 235 €" */
export function euros(cents: number): string {
  return `${cents < 0 ? "−" : ""}${groups(String(Math.round(Math.abs(cents) / 100)))}${NBSP}€`;
}

export function count(n: number): string {
  return groups(String(n));
}

/** "1 zápis", "3 zápisy", "12 zápisov": a count with its noun through the one plural helper. */
export function countOf(n: number, one: string, few: string, many: string): string {
  return `${count(n)}${NBSP}${plural(n, one, few, many)}`;
}

/** 0.8333 → "83,3 %" (null → "–") */
export function percent(share: number | null, digits = 1): string {
  if (share === null || !Number.isFinite(share)) return "–";
  const f = 10 ** digits;
  const v = Math.round(share * 100 * f) / f;
  return `${String(v).replace(".", ",")}${NBSP}%`;
}

/** a correlation, two decimals: 0.4567 → "0,46" (null → "–") */
export function coefficient(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "–";
  return value.toFixed(2).replace(".", ",").replace("-", "−");
}

/** "2026-11-03" → "3. 11." ; "2026-11" → "11/2026" */
export function shortBucket(bucket: string): string {
  if (bucket.length === 7) return `${Number(bucket.slice(5, 7))}/${bucket.slice(0, 4)}`;
  return `${Number(bucket.slice(8, 10))}.${NBSP}${Number(bucket.slice(5, 7))}.`;
}
