// When a refund should arrive (spec: Limits: refund settlement 1-5 business days).

/** spec: Limits: refunds settle in 1-5 business days; the estimate is the far end. */
export const REFUND_SETTLEMENT_BUSINESS_DAYS = 5;

/**
 * The day `days` business days (Monday to Friday) after `day` (YYYY-MM-DD). Public
 * holidays are not known here: the date is an estimate (docs/decisions/README.md).
 */
export function addBusinessDays(day: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a day: ${day}`);
  const date = new Date(`${day}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}
