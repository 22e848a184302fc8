// CSV as Slovak Excel opens it without an import dialog: UTF-8 with a byte order mark,
// semicolons between fields, CRLF line ends, decimal commas; a field is quoted when it
// holds a semicolon, a quote or a line break, and text that a spreadsheet would read as
// a formula (=, +, -, @ first) gets a leading apostrophe (docs/decisions/admin-ui/admin-insights.md > Admin
// insights: CSV exports). Large exports are streamed page by page (keyset pagination),
// never held whole in memory.
import { TIME_ZONE } from "../../shared/calendar";

/** A cell: text (guarded against formulas), a number already formatted (`{ n }`), or empty. */
export type Cell = string | { n: string } | null;

export const BOM = "\uFEFF";

function field(cell: Cell): string {
  if (cell === null) return "";
  let value = typeof cell === "string" ? cell : cell.n;
  if (typeof cell === "string" && /^[=+\-@\t\r]/.test(value)) value = `'${value}`;
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(cells: Cell[]): string {
  return `${cells.map(field).join(";")}\r\n`;
}

/** 1234 cents → "12,34"; negative "-12,34" */
export function decimalCents(cents: number): Cell {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return { n: `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}` };
}

/** 0.8333 → "0,8333" (up to `digits` decimals) */
export function decimal(value: number | null, digits = 4): Cell {
  if (value === null) return null;
  return { n: String(Number(value.toFixed(digits))).replace(".", ",") };
}

export const integer = (value: number): Cell => ({ n: String(value) });

const localTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
/** an instant as Bratislava local "YYYY-MM-DD HH:MM:SS" (what a spreadsheet reads as a date and time) */
export function localDateTime(value: string | Date | null): Cell {
  if (value === null) return null;
  return { n: localTime.format(new Date(value)) };
}

/**
 * A streamed CSV: the BOM and header, then each page of rows as `next(cursor)` returns
 * them until it returns no cursor.
 */
export function csvStream<C>(header: string[], next: (cursor: C | null) => Promise<{ rows: Cell[][]; cursor: C | null }>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: C | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvLine(header)));
        return;
      }
      if (done) {
        controller.close();
        return;
      }
      const page = await next(cursor);
      if (page.rows.length) controller.enqueue(encoder.encode(page.rows.map(csvLine).join("")));
      cursor = page.cursor;
      if (cursor === null) done = true;
    },
  });
}
