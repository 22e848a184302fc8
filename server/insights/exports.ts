// The CSV exports (format: ./csv.ts; columns: docs/guide.md > Admin insights). Each reads one
// page of PAGE_SIZE rows per query, ordered by a unique key it continues after.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { schema } from "../db";
import { csvStream, decimal, decimalCents, integer, localDateTime, type Cell } from "./csv";
import type { DayRange } from "./period";
import { invoiceNetOf, num, numOrNull, rows, vatOfNet } from "./sql";
import { E_INVOICE_STATE_LABELS, type EInvoiceState } from "../einvoices";

export const PAGE_SIZE = 1000;

type EnrollmentState = (typeof schema.enrollmentState.enumValues)[number];

function buyerOf(r: Record<string, unknown>): string {
  const b = (typeof r.billing_details === "string" ? JSON.parse(r.billing_details) : r.billing_details) as Record<string, unknown> | null;
  if (b && typeof b.companyName === "string") return b.companyName;
  if (b && typeof b.firstName === "string") return `${b.firstName} ${String(b.lastName ?? "")}`.trim();
  return String(r.student_display_name ?? "");
}
const text = (v: unknown): Cell => (v === null || v === undefined ? null : String(v));

/**
 * The invoice book: every invoice issued in the period (by issue date), with net, VAT (net ×
 * rate, as the invoice states it), gross (what was paid), the rounding cent between them
 * and the state of the e-invoice ("—" for a personal invoice, which has none).
 */
export function invoiceBookCsv(db: DbOrTx, range: DayRange): ReadableStream<Uint8Array> {
  const header = [
    "Číslo faktúry",
    "Dátum vystavenia",
    "Dátum dodania",
    "Variabilný symbol",
    "Objednávka",
    "Odberateľ",
    "IČO",
    "Kurz",
    "Základ dane",
    "Sadzba DPH %",
    "DPH",
    "Spolu s DPH",
    "Mena",
    "Stav objednávky",
    "Zaokrúhlenie",
    "E-faktúra",
  ];
  const net = invoiceNetOf(sql`o.amount_cents`, sql`o.vat_rate_bp`);
  return csvStream<[number, number]>(header, async (after) => {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`
      select i.number, i.issue_date, i.supply_date, i.variable_symbol, i.year, i.sequence, o.id as order_id, o.billing_details,
        o.student_display_name, o.course_title, o.amount_cents, o.vat_rate_bp, o.currency, o.state,
        ${net} as net, ${vatOfNet(net, sql`o.vat_rate_bp`)} as vat, e.state as e_invoice_state
      from invoices i join orders o on o.id = i.order_id
        left join e_invoices e on e.invoice_id = i.id and e.kind = 'invoice'
      where i.issue_date between ${range.from} and ${range.to}
        ${after ? sql`and (i.year, i.sequence) > (${after[0]}, ${after[1]})` : sql``}
      order by i.year, i.sequence limit ${PAGE_SIZE}`,
    );
    const last = list.at(-1);
    return {
      rows: list.map((r) => {
        const b = (typeof r.billing_details === "string" ? JSON.parse(r.billing_details) : r.billing_details) as Record<string, unknown> | null;
        const gross = num(r.amount_cents);
        const net = num(r.net);
        const vat = num(r.vat);
        const eInvoice = r.e_invoice_state ? E_INVOICE_STATE_LABELS[String(r.e_invoice_state) as EInvoiceState] : "—";
        return [
          text(r.number),
          { n: String(r.issue_date) },
          { n: String(r.supply_date) },
          { n: String(r.variable_symbol) },
          text(r.order_id),
          buyerOf(r),
          b && typeof b.ico === "string" ? { n: b.ico } : null,
          text(r.course_title),
          decimalCents(net),
          decimal(num(r.vat_rate_bp) / 100, 2),
          decimalCents(vat),
          decimalCents(gross),
          text(r.currency),
          text(r.state),
          decimalCents(gross - net - vat),
          eInvoice,
        ];
      }),
      cursor: list.length === PAGE_SIZE && last ? [num(last.year), num(last.sequence)] : null,
    };
  });
}

/** Credit notes issued in the period: amounts negative, as the documents print them (VAT = net × rate). */
export function creditNotesCsv(db: DbOrTx, range: DayRange): ReadableStream<Uint8Array> {
  const header = [
    "Číslo dobropisu",
    "Dátum vystavenia",
    "Pôvodná faktúra",
    "Objednávka",
    "Odberateľ",
    "Kurz",
    "Dôvod",
    "Základ dane",
    "Sadzba DPH %",
    "DPH",
    "Spolu s DPH",
    "Mena",
  ];
  return csvStream<[number, number]>(header, async (after) => {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`
      select c.number, c.issue_date, c.year, c.sequence, c.reason, c.amount_cents, i.number as invoice_number, o.id as order_id,
        o.billing_details, o.student_display_name, o.course_title, o.vat_rate_bp, o.currency,
        ${invoiceNetOf(sql`c.amount_cents`, sql`o.vat_rate_bp`)} as net, ${vatOfNet(invoiceNetOf(sql`c.amount_cents`, sql`o.vat_rate_bp`), sql`o.vat_rate_bp`)} as vat
      from credit_notes c join orders o on o.id = c.order_id join invoices i on i.id = c.invoice_id
      where c.issue_date between ${range.from} and ${range.to}
        ${after ? sql`and (c.year, c.sequence) > (${after[0]}, ${after[1]})` : sql``}
      order by c.year, c.sequence limit ${PAGE_SIZE}`,
    );
    const last = list.at(-1);
    return {
      rows: list.map((r) => {
        const gross = num(r.amount_cents);
        const net = num(r.net);
        return [
          text(r.number),
          { n: String(r.issue_date) },
          text(r.invoice_number),
          text(r.order_id),
          buyerOf(r),
          text(r.course_title),
          text(r.reason),
          decimalCents(-net),
          decimal(num(r.vat_rate_bp) / 100, 2),
          decimalCents(-num(r.vat)),
          decimalCents(-gross),
          text(r.currency),
        ];
      }),
      cursor: list.length === PAGE_SIZE && last ? [num(last.year), num(last.sequence)] : null,
    };
  });
}

/** Enrollments of every version of a course chain (optionally one state), with their progress. */
export function enrollmentsCsv(db: DbOrTx, versionIds: string[], state: EnrollmentState | null): ReadableStream<Uint8Array> {
  const header = [
    "Zápis",
    "Študent",
    "E-mail",
    "Kurz",
    "Verzia",
    "Stav",
    "Dôvod",
    "Zapísaný",
    "Prístup do",
    "Posledná aktivita",
    "Dokončené moduly",
    "Moduly spolu",
    "Dokončené úrovne",
    "Úrovne spolu",
    "Pokrok %",
    "Dokončený",
  ];
  const idList = sql`array[${sql.join(
    versionIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  return csvStream<string>(header, async (after) => {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`
      select e.id, e.student_display_name, e.student_email, e.course_title, c.version, e.state, e.reason,
        to_json(e.enrolled_at)#>>'{}' as enrolled_at, to_json(e.access_expires_at)#>>'{}' as access_expires_at,
        e.progress->>'lastActivityAt' as last_activity, to_json(e.completed_at)#>>'{}' as completed_at,
        (e.progress->>'completedModules')::int as cm, (e.progress->>'totalModules')::int as tm,
        (e.progress->>'completedLevels')::int as cl, (e.progress->>'totalLevels')::int as tl
      from enrollments e join courses c on c.id = e.course_version_id
      where e.course_version_id = any(${idList}) ${state ? sql`and e.state = ${state}` : sql``}
        ${after ? sql`and e.id > ${after}` : sql``}
      order by e.id limit ${PAGE_SIZE}`,
    );
    const last = list.at(-1);
    return {
      rows: list.map((r) => {
        const tm = num(r.tm);
        return [
          text(r.id),
          text(r.student_display_name),
          text(r.student_email),
          text(r.course_title),
          integer(num(r.version)),
          text(r.state),
          text(r.reason),
          localDateTime(r.enrolled_at as string),
          localDateTime((r.access_expires_at as string | null) ?? null),
          localDateTime((r.last_activity as string | null) ?? null),
          integer(num(r.cm)),
          integer(tm),
          integer(num(r.cl)),
          integer(num(r.tl)),
          integer(tm === 0 ? 0 : Math.round((num(r.cm) / tm) * 100)),
          localDateTime((r.completed_at as string | null) ?? null),
        ];
      }),
      cursor: list.length === PAGE_SIZE && last ? String(last.id) : null,
    };
  });
}

/** Every attempt of a test (in progress, submitted, expired; voided ones say so). */
export function attemptsCsv(db: DbOrTx, testId: string): ReadableStream<Uint8Array> {
  const header = ["Pokus", "Zápis", "Študent", "Číslo pokusu", "Stav", "Začatý", "Odovzdaný", "Skóre", "Úspešný", "Zneplatnený", "Dôvod zneplatnenia"];
  return csvStream<string>(header, async (after) => {
    const list = await rows<Record<string, unknown>>(
      db,
      sql`
      select a.id, a.enrollment_id, e.student_display_name, a.attempt_number, a.state, to_json(a.started_at)#>>'{}' as started_at,
        to_json(a.submitted_at)#>>'{}' as submitted_at, a.score, a.passed, to_json(a.voided_at)#>>'{}' as voided_at, a.void_reason
      from test_attempts a join enrollments e on e.id = a.enrollment_id
      where a.test_id = ${testId} ${after ? sql`and a.id > ${after}` : sql``}
      order by a.id limit ${PAGE_SIZE}`,
    );
    const last = list.at(-1);
    return {
      rows: list.map((r) => [
        text(r.id),
        text(r.enrollment_id),
        text(r.student_display_name),
        integer(num(r.attempt_number)),
        text(r.state),
        localDateTime(r.started_at as string),
        localDateTime((r.submitted_at as string | null) ?? null),
        decimal(numOrNull(r.score)),
        r.passed === null ? null : r.passed ? "áno" : "nie",
        localDateTime((r.voided_at as string | null) ?? null),
        text(r.void_reason),
      ]),
      cursor: list.length === PAGE_SIZE && last ? String(last.id) : null,
    };
  });
}
