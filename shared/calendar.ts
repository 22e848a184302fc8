// The calendar of the platform: days, offsets and day boundaries in Europe/Bratislava,
// whatever the server's zone (docs/decisions/payments/money-and-slovak-formats-in-one-module.md > Money and Slovak formats in one module). Browser-safe:
// imports nothing (shared/, issue 34 item 3).
// Invoices, credit notes, refunds, certificates and the admin filters count days here;
// server/money formats dates and times with the same zone. Infrastructure: imports nothing.

export const TIME_ZONE = "Europe/Bratislava";

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const ymd = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

/** Offset of Bratislava from UTC at an instant (ms since the epoch), in ms (3 600 000 in winter, 7 200 000 in summer). */
export function bratislavaOffsetAt(ms: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(ms).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - ms;
}

/** The instant at which Bratislava's wall clock shows the given date and time. */
function bratislavaWallTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return new Date(wall - bratislavaOffsetAt(wall - bratislavaOffsetAt(wall)));
}

/** "2026-03-01" → the instant that day begins in Bratislava. */
export function startOfDayInBratislava(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return bratislavaWallTime(y, m, d);
}

/** "2026-03-01" → the last second of that day in Bratislava (23:59:59). */
export function endOfDayInBratislava(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return bratislavaWallTime(y, m, d, 23, 59, 59);
}

/** The calendar day of `at` in Bratislava, as YYYY-MM-DD. */
export function bratislavaDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError("not a date");
  return ymd.format(at);
}
