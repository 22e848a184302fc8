// The admin dashboard's figures for a period and the period before it, each one SQL
// aggregate (docs/decisions.md > Admin insights). Money is read only when asked for
// (admins); content managers get the learning figures alone.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { buckets, type DayRange, type Period } from "./period";
import { bucketOf, netOf, num, rows, withinDays } from "./sql";

export type SalesFigures = {
  invoices: number;
  grossCents: number;
  netCents: number;
  vatCents: number;
  creditNotes: number;
  creditGrossCents: number;
  creditNetCents: number;
  creditVatCents: number;
  /** gross revenue less credit notes */
  balanceCents: number;
  refundsCompleted: number;
  refundedCents: number;
};

export type Funnel = { created: number; paid: number; refunded: number; failed: number; expired: number; pending: number; disputed: number };

export type LearningFigures = {
  enrollmentsByReason: { paid: number; admin_grant: number; sponsor: number };
  enrollments: number;
  completions: number;
  certificatesFinal: number;
  certificatesIntermediate: number;
};

export type PeriodFigures = { sales: SalesFigures | null; funnel: Funnel | null; learning: LearningFigures };

export type SeriesPoint = { bucket: string; revenueCents: number; enrollments: number };

export type CourseCompletion = { courseId: string; title: string; enrolled: number; completed: number };

export type Dashboard = {
  current: PeriodFigures;
  previous: PeriodFigures;
  series: SeriesPoint[];
  completionByCourse: CourseCompletion[];
};

async function sales(db: DbOrTx, range: DayRange): Promise<SalesFigures> {
  const [[inv], [cn], [rf]] = await Promise.all([
    rows<Record<string, unknown>>(db, sql`
      select count(*) as n, coalesce(sum(o.amount_cents), 0) as gross, coalesce(sum(${netOf(sql`o.amount_cents`, sql`o.vat_rate_bp`)}), 0) as net
      from invoices i join orders o on o.id = i.order_id
      where i.issue_date between ${range.from} and ${range.to}`),
    rows<Record<string, unknown>>(db, sql`
      select count(*) as n, coalesce(sum(c.amount_cents), 0) as gross, coalesce(sum(${netOf(sql`c.amount_cents`, sql`o.vat_rate_bp`)}), 0) as net
      from credit_notes c join orders o on o.id = c.order_id
      where c.issue_date between ${range.from} and ${range.to}`),
    rows<Record<string, unknown>>(db, sql`
      select count(*) as n, coalesce(sum(amount_cents), 0) as amount from refunds
      where state = 'completed' and ${withinDays(sql`settled_at`, range)}`),
  ]);
  const grossCents = num(inv?.gross);
  const netCents = num(inv?.net);
  const creditGrossCents = num(cn?.gross);
  const creditNetCents = num(cn?.net);
  return {
    invoices: num(inv?.n),
    grossCents,
    netCents,
    vatCents: grossCents - netCents,
    creditNotes: num(cn?.n),
    creditGrossCents,
    creditNetCents,
    creditVatCents: creditGrossCents - creditNetCents,
    balanceCents: grossCents - creditGrossCents,
    refundsCompleted: num(rf?.n),
    refundedCents: num(rf?.amount),
  };
}

async function funnel(db: DbOrTx, range: DayRange): Promise<Funnel> {
  const [r] = await rows<Record<string, unknown>>(db, sql`
    select count(*) as created,
      count(*) filter (where paid_at is not null) as paid,
      count(*) filter (where state = 'refunded') as refunded,
      count(*) filter (where state = 'failed') as failed,
      count(*) filter (where state = 'expired') as expired,
      count(*) filter (where state = 'pending') as pending,
      count(*) filter (where state = 'disputed') as disputed
    from orders where ${withinDays(sql`created_at`, range)}`);
  return {
    created: num(r?.created), paid: num(r?.paid), refunded: num(r?.refunded), failed: num(r?.failed),
    expired: num(r?.expired), pending: num(r?.pending), disputed: num(r?.disputed),
  };
}

async function learning(db: DbOrTx, range: DayRange): Promise<LearningFigures> {
  const [[e], [c], [cert]] = await Promise.all([
    rows<Record<string, unknown>>(db, sql`
      select count(*) filter (where reason = 'paid') as paid, count(*) filter (where reason = 'admin_grant') as admin_grant,
        count(*) filter (where reason = 'sponsor') as sponsor
      from enrollments where ${withinDays(sql`enrolled_at`, range)}`),
    rows<Record<string, unknown>>(db, sql`select count(*) as n from enrollments where ${withinDays(sql`completed_at`, range)}`),
    rows<Record<string, unknown>>(db, sql`
      select count(*) filter (where type = 'final') as final, count(*) filter (where type <> 'final') as intermediate
      from certificates where ${withinDays(sql`issued_at`, range)}`),
  ]);
  const byReason = { paid: num(e?.paid), admin_grant: num(e?.admin_grant), sponsor: num(e?.sponsor) };
  return {
    enrollmentsByReason: byReason,
    enrollments: byReason.paid + byReason.admin_grant + byReason.sponsor,
    completions: num(c?.n),
    certificatesFinal: num(cert?.final),
    certificatesIntermediate: num(cert?.intermediate),
  };
}

async function figures(db: DbOrTx, range: DayRange, withMoney: boolean): Promise<PeriodFigures> {
  const [s, f, l] = await Promise.all([withMoney ? sales(db, range) : null, withMoney ? funnel(db, range) : null, learning(db, range)]);
  return { sales: s, funnel: f, learning: l };
}

async function series(db: DbOrTx, period: Period, withMoney: boolean): Promise<SeriesPoint[]> {
  const substrLength = period.grain === "day" ? 10 : 7;
  const [revenue, enrolled] = await Promise.all([
    withMoney
      ? rows<{ bucket: string; gross: unknown }>(db, sql`
          select substr(i.issue_date, 1, ${substrLength}) as bucket, sum(o.amount_cents) as gross
          from invoices i join orders o on o.id = i.order_id
          where i.issue_date between ${period.from} and ${period.to} group by 1`)
      : Promise.resolve([]),
    rows<{ bucket: string; n: unknown }>(db, sql`
      select ${bucketOf(sql`enrolled_at`, period.grain)} as bucket, count(*) as n
      from enrollments where ${withinDays(sql`enrolled_at`, period)} group by 1`),
  ]);
  const revenueOf = new Map(revenue.map((r) => [r.bucket, num(r.gross)]));
  const enrolledOf = new Map(enrolled.map((r) => [r.bucket, num(r.n)]));
  return buckets(period, period.grain).map((bucket) => ({ bucket, revenueCents: revenueOf.get(bucket) ?? 0, enrollments: enrolledOf.get(bucket) ?? 0 }));
}

/** Completion per course chain, all time: completed of enrollments not cancelled (the 12 largest). */
async function completionByCourse(db: DbOrTx): Promise<CourseCompletion[]> {
  const list = await rows<Record<string, unknown>>(db, sql`
    select e.course_id, (array_agg(e.course_title order by e.enrolled_at desc))[1] as title,
      count(*) filter (where e.state <> 'cancelled') as enrolled, count(*) filter (where e.state = 'completed') as completed
    from enrollments e group by e.course_id
    having count(*) filter (where e.state <> 'cancelled') > 0
    order by enrolled desc, title limit 12`);
  return list.map((r) => ({ courseId: String(r.course_id), title: String(r.title), enrolled: num(r.enrolled), completed: num(r.completed) }));
}

export async function getDashboard(db: DbOrTx, period: Period, options: { withMoney: boolean }): Promise<Dashboard> {
  const [current, previous, points, completion] = await Promise.all([
    figures(db, period, options.withMoney),
    figures(db, period.previous, options.withMoney),
    series(db, period, options.withMoney),
    completionByCourse(db),
  ]);
  return { current, previous, series: points, completionByCourse: completion };
}
