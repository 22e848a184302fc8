// Slovak number and date formats, defined once for server and browser (issue 34, item 3;
// docs/decisions/platform/kernel-and-shared.md). Every space inside a value is U+00A0 (NBSP);
// dates and times are shown in Europe/Bratislava whatever the machine's zone. server/money
// re-exports these for pages, invoices, mail and certificates; components import them here.
// Browser-safe: imports only shared/.
import { TIME_ZONE } from "./calendar";
import { slovakPlural, type PluralForms } from "./plural";

/** U+00A0, the one space used inside formatted values. */
export const NBSP = "\u00a0";

/** Digits with NBSP between groups of three ("1 234 567"). */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** Slovak number with a decimal comma and NBSP groups, at most `maxFractionDigits` decimals ("1,5", "24", "1 200"). */
export function formatDecimal(value: number, maxFractionDigits = 1): string {
  if (!Number.isFinite(value)) throw new RangeError(`value must be a finite number, got ${value}`);
  const factor = 10 ** maxFractionDigits;
  const scaled = Math.round(Math.abs(value) * factor);
  const sign = value < 0 && scaled > 0 ? "−" : "";
  const whole = Math.floor(scaled / factor);
  const fraction = String(scaled % factor)
    .padStart(maxFractionDigits, "0")
    .replace(/0+$/, "");
  return `${sign}${groupThousands(String(whole))}${fraction ? `,${fraction}` : ""}`;
}

// ---------------------------------------------------------------------------------------
// Counts with their noun

/** "1 téma", "3 témy", "5 tém": a count with its noun, NBSP between. */
export function formatCount(n: number, forms: PluralForms): string {
  return `${formatDecimal(n)}${NBSP}${slovakPlural(n, forms)}`;
}

const HOURS: PluralForms = { one: "hodina", few: "hodiny", many: "hodín" };
const MINUTES: PluralForms = { one: "minúta", few: "minúty", many: "minút" };

/** "1 hodina", "2 hodiny", "5 hodín", "1,5 hodiny" (one decimal at most). */
export function formatHours(hours: number): string {
  return formatCount(Math.round(hours * 10) / 10, HOURS);
}

/** "1 minúta", "3 minúty", "15 minút" (whole minutes). */
export function formatMinutes(minutes: number): string {
  return formatCount(Math.round(minutes), MINUTES);
}

// ---------------------------------------------------------------------------------------
// Dates in Europe/Bratislava

const dateFormats = {
  date: new Intl.DateTimeFormat("sk-SK", { day: "numeric", month: "numeric", year: "numeric", timeZone: TIME_ZONE }),
  long: new Intl.DateTimeFormat("sk-SK", { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE }),
  dateTime: new Intl.DateTimeFormat("sk-SK", {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: TIME_ZONE,
  }),
};

function toDate(value: Date | string): Date {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${String(value)}`);
  return d;
}

/** Intl's text with every kind of space made NBSP (ICU versions differ in which they use). */
function withNbsp(text: string): string {
  return text.replace(/[\s\u202f]+/g, NBSP);
}

/** "2. 3. 2025" (day in Bratislava). */
export function formatDate(value: Date | string): string {
  return withNbsp(dateFormats.date.format(toDate(value)));
}

/** "2. marca 2025" (day in Bratislava). */
export function formatDateLong(value: Date | string): string {
  return withNbsp(dateFormats.long.format(toDate(value)));
}

/** "2. 3. 2025 0:30" (Bratislava time, summer time included). */
export function formatDateTime(value: Date | string): string {
  return withNbsp(dateFormats.dateTime.format(toDate(value)).replace(",", ""));
}
