// The admin dashboard's figures for a period and the period before it, each one SQL
// aggregate (docs/decisions/admin-ui/admin-insights.md > Admin insights). Money is read only when asked for
// (admins); content managers get the learning figures alone.
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db";
import { buckets, type DayRange, type Period } from "./period";
import { bucketOf, invoiceNetOf, num, rows, vatOfNet, withinDays } from "./sql";

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

/** A figure for both periods, [current, previous], from one scan (conditional aggregates). */
type Both<T> = [T, T];

async function sales(db: DbOrTx, cur: DayRange, prev: DayRange): Promise<Both<SalesFigures>> {
  const sums = (p: string, date: SQL, gross: SQL, net: SQL, range: DayRange) => sql`
    count(*) filter (where ${date} between ${range.from} and ${range.to}) as ${sql.raw(`${p}_n`)},
    coalesce(sum(${gross}) filter (where ${date} between ${range.from} and ${range.to}), 0) as ${sql.raw(`${p}_gross`)},
    coalesce(sum(${net}) filter (where ${date} between ${range.from} and ${range.to}), 0) as ${sql.raw(`${p}_net`)},
    coalesce(sum(${vatOfNet(net, sql`o.vat_rate_bp`)}) filter (where ${date} between ${range.from} and ${range.to}), 0) as ${sql.raw(`${p}_vat`)}`;
  const span = (date: SQL) => sql`(${date} between ${cur.from} and ${cur.to} or ${date} between ${prev.from} and ${prev.to})`;
  // net and VAT as the documents state them (VAT = net × rate; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  const invoiceNet = invoiceNetOf(sql`o.amount_cents`, sql`o.vat_rate_bp`);
  const creditNet = invoiceNetOf(sql`c.amount_cents`, sql`o.vat_rate_bp`);
  const [[inv], [cn], [rf]] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`
      select ${sums("c", sql`i.issue_date`, sql`o.amount_cents`, invoiceNet, cur)}, ${sums("p", sql`i.issue_date`, sql`o.amount_cents`, invoiceNet, prev)}
      from invoices i join orders o on o.id = i.order_id where ${span(sql`i.issue_date`)}`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`
      select ${sums("c", sql`c.issue_date`, sql`c.amount_cents`, creditNet, cur)}, ${sums("p", sql`c.issue_date`, sql`c.amount_cents`, creditNet, prev)}
      from credit_notes c join orders o on o.id = c.order_id where ${span(sql`c.issue_date`)}`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`
      select count(*) filter (where ${withinDays(sql`settled_at`, cur)}) as c_n, coalesce(sum(amount_cents) filter (where ${withinDays(sql`settled_at`, cur)}), 0) as c_amount,
        count(*) filter (where ${withinDays(sql`settled_at`, prev)}) as p_n, coalesce(sum(amount_cents) filter (where ${withinDays(sql`settled_at`, prev)}), 0) as p_amount
      from refunds where state = 'completed' and (${withinDays(sql`settled_at`, cur)} or ${withinDays(sql`settled_at`, prev)})`,
    ),
  ]);
  const figures = (p: "c" | "p"): SalesFigures => {
    const grossCents = num(inv?.[`${p}_gross`]);
    const netCents = num(inv?.[`${p}_net`]);
    const creditGrossCents = num(cn?.[`${p}_gross`]);
    const creditNetCents = num(cn?.[`${p}_net`]);
    return {
      invoices: num(inv?.[`${p}_n`]),
      grossCents,
      netCents,
      vatCents: num(inv?.[`${p}_vat`]),
      creditNotes: num(cn?.[`${p}_n`]),
      creditGrossCents,
      creditNetCents,
      creditVatCents: num(cn?.[`${p}_vat`]),
      balanceCents: grossCents - creditGrossCents,
      refundsCompleted: num(rf?.[`${p}_n`]),
      refundedCents: num(rf?.[`${p}_amount`]),
    };
  };
  return [figures("c"), figures("p")];
}

async function funnel(db: DbOrTx, cur: DayRange, prev: DayRange): Promise<Both<Funnel>> {
  const counts = (p: string, range: DayRange) => {
    const inRange = withinDays(sql`created_at`, range);
    return sql.join(
      [
        sql`count(*) filter (where ${inRange}) as ${sql.raw(`${p}_created`)}`,
        sql`count(*) filter (where ${inRange} and paid_at is not null) as ${sql.raw(`${p}_paid`)}`,
        ...(["refunded", "failed", "expired", "pending", "disputed"] as const).map(
          (state) => sql`count(*) filter (where ${inRange} and state = ${state}) as ${sql.raw(`${p}_${state}`)}`,
        ),
      ],
      sql`, `,
    );
  };
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`
    select ${counts("c", cur)}, ${counts("p", prev)}
    from orders where ${withinDays(sql`created_at`, cur)} or ${withinDays(sql`created_at`, prev)}`,
  );
  const of = (p: "c" | "p"): Funnel => ({
    created: num(r?.[`${p}_created`]),
    paid: num(r?.[`${p}_paid`]),
    refunded: num(r?.[`${p}_refunded`]),
    failed: num(r?.[`${p}_failed`]),
    expired: num(r?.[`${p}_expired`]),
    pending: num(r?.[`${p}_pending`]),
    disputed: num(r?.[`${p}_disputed`]),
  });
  return [of("c"), of("p")];
}

async function learning(db: DbOrTx, cur: DayRange, prev: DayRange): Promise<Both<LearningFigures>> {
  const reasons = (p: string, range: DayRange) => {
    const enrolled = withinDays(sql`enrolled_at`, range);
    return sql`count(*) filter (where ${enrolled} and reason = 'paid') as ${sql.raw(`${p}_paid`)},
      count(*) filter (where ${enrolled} and reason = 'admin_grant') as ${sql.raw(`${p}_admin_grant`)},
      count(*) filter (where ${enrolled} and reason = 'sponsor') as ${sql.raw(`${p}_sponsor`)},
      count(*) filter (where ${withinDays(sql`completed_at`, range)}) as ${sql.raw(`${p}_completed`)}`;
  };
  const certs = (p: string, range: DayRange) => sql`
    count(*) filter (where ${withinDays(sql`issued_at`, range)} and type = 'final') as ${sql.raw(`${p}_final`)},
    count(*) filter (where ${withinDays(sql`issued_at`, range)} and type <> 'final') as ${sql.raw(`${p}_intermediate`)}`;
  const [[e], [cert]] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`
      select ${reasons("c", cur)}, ${reasons("p", prev)} from enrollments
      where ${withinDays(sql`enrolled_at`, cur)} or ${withinDays(sql`enrolled_at`, prev)} or ${withinDays(sql`completed_at`, cur)} or ${withinDays(sql`completed_at`, prev)}`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`
      select ${certs("c", cur)}, ${certs("p", prev)} from certificates
      where ${withinDays(sql`issued_at`, cur)} or ${withinDays(sql`issued_at`, prev)}`,
    ),
  ]);
  const of = (p: "c" | "p"): LearningFigures => {
    const byReason = { paid: num(e?.[`${p}_paid`]), admin_grant: num(e?.[`${p}_admin_grant`]), sponsor: num(e?.[`${p}_sponsor`]) };
    return {
      enrollmentsByReason: byReason,
      enrollments: byReason.paid + byReason.admin_grant + byReason.sponsor,
      completions: num(e?.[`${p}_completed`]),
      certificatesFinal: num(cert?.[`${p}_final`]),
      certificatesIntermediate: num(cert?.[`${p}_intermediate`]),
    };
  };
  return [of("c"), of("p")];
}

async function series(db: DbOrTx, period: Period, withMoney: boolean): Promise<SeriesPoint[]> {
  const substrLength = period.grain === "day" ? 10 : 7;
  const [revenue, enrolled] = await Promise.all([
    withMoney
      ? rows<{ bucket: string; gross: unknown }>(
          db,
          sql`
          select substr(i.issue_date, 1, ${substrLength}) as bucket, sum(o.amount_cents) as gross
          from invoices i join orders o on o.id = i.order_id
          where i.issue_date between ${period.from} and ${period.to} group by 1`,
        )
      : Promise.resolve([]),
    rows<{ bucket: string; n: unknown }>(
      db,
      sql`
      select ${bucketOf(sql`enrolled_at`, period.grain)} as bucket, count(*) as n
      from enrollments where ${withinDays(sql`enrolled_at`, period)} group by 1`,
    ),
  ]);
  const revenueOf = new Map(revenue.map((r) => [r.bucket, num(r.gross)]));
  const enrolledOf = new Map(enrolled.map((r) => [r.bucket, num(r.n)]));
  return buckets(period, period.grain).map((bucket) => ({ bucket, revenueCents: revenueOf.get(bucket) ?? 0, enrollments: enrolledOf.get(bucket) ?? 0 }));
}

/** Completion per course chain, all time: completed of enrollments not cancelled (the 12 largest); the newest version's title. */
async function completionByCourse(db: DbOrTx): Promise<CourseCompletion[]> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`
    with counted as (
      select e.course_id, count(*) filter (where e.state <> 'cancelled') as enrolled, count(*) filter (where e.state = 'completed') as completed
      from enrollments e group by e.course_id
      having count(*) filter (where e.state <> 'cancelled') > 0
      order by enrolled desc, e.course_id limit 12
    )
    select counted.*, coalesce(
      (select v.title from courses f join courses v on v.slug = f.slug where f.id = counted.course_id order by v.version desc limit 1),
      (select e.course_title from enrollments e where e.course_id = counted.course_id limit 1)) as title
    from counted order by enrolled desc, title`,
  );
  return list.map((r) => ({ courseId: String(r.course_id), title: String(r.title), enrolled: num(r.enrolled), completed: num(r.completed) }));
}

export async function getDashboard(db: DbOrTx, period: Period, options: { withMoney: boolean }): Promise<Dashboard> {
  const [s, f, l, points, completion] = await Promise.all([
    options.withMoney ? sales(db, period, period.previous) : null,
    options.withMoney ? funnel(db, period, period.previous) : null,
    learning(db, period, period.previous),
    series(db, period, options.withMoney),
    completionByCourse(db),
  ]);
  return {
    current: { sales: s?.[0] ?? null, funnel: f?.[0] ?? null, learning: l[0] },
    previous: { sales: s?.[1] ?? null, funnel: f?.[1] ?? null, learning: l[1] },
    series: points,
    completionByCourse: completion,
  };
}
