// The period a statistic covers: whole Europe/Bratislava days, from `from` to `to`
// inclusive (YYYY-MM-DD), and the period before it that the dashboard compares with
// (docs/decisions/admin-ui/admin-insights.md > Admin insights: periods). Pure: no database.
import { ok, refused, valueOrThrow, type Outcome } from "../kernel/outcome";
import { bratislavaDay } from "../../shared/calendar";

export const PERIOD_KINDS = ["tento-mesiac", "minuly-mesiac", "tento-rok", "vlastne"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export type DayRange = { from: string; to: string };
export type Period = DayRange & {
  kind: PeriodKind;
  previous: DayRange;
  /** chart buckets: days for up to 62 days, months beyond */
  grain: "day" | "month";
};

/** The longest custom period (ten years): keeps the per-day series and queries bounded. */
export const MAX_PERIOD_DAYS = 3660;

const DAY_MS = 86_400_000;

// the Bratislava calendar day of an instant, YYYY-MM-DD: defined once in shared/calendar.ts
export { bratislavaDay };

function parseDay(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return null;
  return ms;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** a calendar day plus n days (UTC arithmetic on dates, no time zone involved) */
export function addDays(day: string, n: number): string {
  return dayOf(parseDay(day)! + n * DAY_MS);
}
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to)! - parseDay(from)!) / DAY_MS) + 1;
}

function monthStart(day: string, monthsBack = 0): string {
  const [y, m] = day.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 - monthsBack, 1));
  return dayOf(d.getTime());
}
function monthEnd(day: string): string {
  const [y, m] = day.split("-").map(Number);
  return dayOf(Date.UTC(y, m, 0));
}

/**
 * The period the query string asks for: `obdobie` (default this month) and, for
 * `vlastne`, `od` and `do`. A custom period that is not two real days in order, or is
 * longer than MAX_PERIOD_DAYS, is refused as 422 `validation` (a detail per field).
 */
export function periodOutcome(params: URLSearchParams, now: Date): Outcome<Period> {
  const kindParam = params.get("obdobie") ?? "tento-mesiac";
  const kind: PeriodKind = (PERIOD_KINDS as readonly string[]).includes(kindParam) ? (kindParam as PeriodKind) : "tento-mesiac";
  const today = bratislavaDay(now);
  let from: string;
  let to: string;
  let previous: DayRange;
  if (kind === "tento-mesiac") {
    from = monthStart(today);
    to = monthEnd(today);
    previous = { from: monthStart(today, 1), to: addDays(from, -1) };
  } else if (kind === "minuly-mesiac") {
    from = monthStart(today, 1);
    to = addDays(monthStart(today), -1);
    previous = { from: monthStart(today, 2), to: addDays(from, -1) };
  } else if (kind === "tento-rok") {
    const year = Number(today.slice(0, 4));
    from = `${year}-01-01`;
    to = `${year}-12-31`;
    previous = { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  } else {
    const od = params.get("od") ?? "";
    const dod = params.get("do") ?? "";
    const details: { path: string; message: string; code: string }[] = [];
    if (parseDay(od) === null) details.push({ path: "od", message: "Zadajte dátum v tvare RRRR-MM-DD.", code: "invalid_date" });
    if (parseDay(dod) === null) details.push({ path: "do", message: "Zadajte dátum v tvare RRRR-MM-DD.", code: "invalid_date" });
    if (!details.length && dod < od) details.push({ path: "do", message: "Koniec obdobia je pred jeho začiatkom.", code: "range" });
    if (!details.length && daysBetween(od, dod) > MAX_PERIOD_DAYS) details.push({ path: "do", message: "Obdobie môže mať najviac 10 rokov.", code: "range" });
    if (details.length) return refused("validation", "Vlastné obdobie nie je platné.", details);
    from = od;
    to = dod;
    const length = daysBetween(from, to);
    previous = { from: addDays(from, -length), to: addDays(from, -1) };
  }
  return ok({ kind, from, to, previous, grain: daysBetween(from, to) <= 62 ? "day" : "month" });
}

/** periodOutcome for the exports, whose invalid period is the 422 error page (thrown to pageRoute). */
export function parsePeriod(params: URLSearchParams, now: Date): Period {
  return valueOrThrow(periodOutcome(params, now));
}

/** The buckets of a period: every day (YYYY-MM-DD) or every month (YYYY-MM). */
export function buckets(range: DayRange, grain: "day" | "month"): string[] {
  const out: string[] = [];
  if (grain === "day") {
    for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  } else {
    for (let m = monthStart(range.from); m <= range.to; m = addDays(monthEnd(m), 1)) out.push(m.slice(0, 7));
  }
  return out;
}
