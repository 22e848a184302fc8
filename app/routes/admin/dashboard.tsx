// /admin: the overview, leading with what to act on (docs/decisions/admin-ui/screens-that-lead-with-what-to-act.md > Screens that lead
// with what to act on): for a chosen period (Bratislava days) against the period before, the
// main figures (revenue for admins, new enrollments, completions, certificates); then
// "Vyžaduje pozornosť" (failed refunds, open disputes, undelivered e-invoices, certificates
// awaiting the partner, students idle 14+ days); the charts; the detailed tables and the
// catalog's counts folded below. Figures: server/insights (docs/guide.md > Admin insights).
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import insightsStyles from "../../insights.css?url";
import { servicesContext } from "../../context";
import { getAuth } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { funnelLabels, funnelRows, learningRows, periodOf, salesRows, withPeriodStatus } from "../../lib/insights.server";
import { count, euros, percent, shortBucket } from "../../lib/insights-format";
import { BarList, ColumnChart } from "../../components/charts";
import { ExportLinks, FigureTable, PeriodForm, StateCounts } from "../../components/insights";
import { Attention } from "../../components/dashboard-attention";
import { getAdminDashboard } from "#server/admin";
import { ordersNeedingAttention } from "#server/orders";
import { hasRole } from "#server/identity";
import { getDashboard, IDLE_DAYS, learningAttention } from "#server/insights";
import { undeliveredEInvoices } from "#server/einvoices";
import { formatMoney } from "#server/money";
import { formatDate } from "#shared/format";
import { pageTitle } from "../../site";

const courseStateLabels = { published: "Publikované", draft: "Koncepty", archived: "Archivované", deleted: "Zmazané" } as const;
const enrollmentStateLabels = { active: "Aktívne", completed: "Dokončené", expired: "Vypršané", cancelled: "Zrušené" } as const;

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { db, clock } = context.get(servicesContext);
  const user = getAuth(context).user;
  const isAdmin = user ? hasRole(user.roles, "admin") : false;
  const { period, errors } = periodOf(request, clock.now());
  const [overview, insights, learning] = await Promise.all([
    getAdminDashboard(db),
    getDashboard(db, period, { withMoney: isAdmin }),
    learningAttention(db, clock.now()),
  ]);
  // money matters are the admin's: failed refunds and open disputes (docs/decisions/payments/a-refund-that-keeps-failing-reaches-a.md > A refund that keeps failing reaches a person)
  const attention = isAdmin ? await ordersNeedingAttention(db) : null;
  // e-invoices not delivered a day after they were issued (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  const undelivered = isAdmin ? await undeliveredEInvoices(db, new Date(clock.now().getTime() - 24 * 60 * 60_000)) : [];
  const range = (r: { from: string; to: string }) => `${formatDate(r.from)} – ${formatDate(r.to)}`;
  const query = `od=${period.from}&do=${period.to}`;
  const sales = salesRows(insights);
  const learningFigures = learningRows(insights);
  const pick = (rows: typeof learningFigures | null, key: string, label: string) => {
    const r = rows?.find((x) => x.key === key);
    return r ? { ...r, label } : null;
  };
  // the first screen: three or four figures against the previous period
  const figures = [
    pick(sales, "gross", "Tržby s DPH"),
    pick(learningFigures, "enrollments", "Nové zápisy"),
    pick(learningFigures, "completions", "Dokončené kurzy"),
    pick(learningFigures, "certificatesFinal", "Vydané certifikáty"),
  ].filter((f) => f !== null);
  return withPeriodStatus(
    {
      displayName: user?.displayName ?? "",
      isAdmin,
      figures,
      attention,
      idleDays: IDLE_DAYS,
      idleByCourse: learning.idleByCourse,
      certificatesAwaitingPartner: isAdmin ? learning.certificatesAwaitingPartner : 0,
      undeliveredEInvoices: undelivered.map((e) => ({
        id: e.eInvoiceId,
        orderId: e.orderId,
        number: e.number,
        stateLabel: e.stateLabel,
        reason: e.rejectionReason ?? e.lastError ?? e.findings.find((f) => f.flag === "fatal")?.ruleId ?? null,
      })),
      period: { kind: period.kind, from: period.from, to: period.to, label: range(period), previousLabel: range(period.previous), grain: period.grain },
      errors,
      sales,
      funnel: funnelRows(insights),
      funnelBars: insights.current.funnel
        ? (Object.keys(funnelLabels) as (keyof typeof funnelLabels)[]).map((k) => ({
            label: funnelLabels[k],
            value: insights.current.funnel![k],
            display: count(insights.current.funnel![k]),
            muted: k !== "created" && k !== "paid",
          }))
        : null,
      learning: learningFigures,
      series: insights.series.map((p) => ({ ...p, revenue: formatMoney(p.revenueCents) })),
      completion: insights.completionByCourse.map((c) => ({ ...c, share: c.enrolled ? c.completed / c.enrolled : 0 })),
      exports: isAdmin
        ? [
            { href: `/admin/export/faktury.csv?${query}`, label: "Kniha faktúr za obdobie (CSV)" },
            { href: `/admin/export/dobropisy.csv?${query}`, label: "Dobropisy za obdobie (CSV)" },
          ]
        : [],
      courseCount: overview.courseCount,
      courseStates: (Object.keys(courseStateLabels) as (keyof typeof courseStateLabels)[]).map((state) => ({
        state,
        label: courseStateLabels[state],
        count: overview.courseVersionsByState[state],
      })),
      enrollmentCount: overview.enrollmentCount,
      enrollmentStates: (Object.keys(enrollmentStateLabels) as (keyof typeof enrollmentStateLabels)[]).map((state) => ({
        state,
        label: enrollmentStateLabels[state],
        count: overview.enrollmentsByState[state],
      })),
    },
    errors,
  );
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Prehľad administrácie") }, { name: "robots", content: "noindex" }];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: insightsStyles }];

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const p = d.period;
  const per = p.grain === "day" ? "po dňoch" : "po mesiacoch";
  const totalEnrolled = d.series.reduce((a, s) => a + s.enrollments, 0);
  return (
    <>
      <h1>Prehľad administrácie</h1>
      <p className="muted">
        Prihlásený: {d.displayName} · obdobie <strong>{p.label}</strong>, porovnané s obdobím {p.previousLabel}
      </p>
      {Object.keys(d.errors).length ? (
        <p className="alert" role="alert">
          Vlastné obdobie nie je platné; zobrazuje sa tento mesiac.
        </p>
      ) : null}

      <section aria-labelledby="cisla-nadpis" className="figures">
        <h2 id="cisla-nadpis" className="visually-hidden">
          Hlavné čísla obdobia
        </h2>
        <ul className="figure-cards">
          {d.figures.map((f) => (
            <li key={f.key} className="card figure-card">
              <span className="figure-label">{f.label}</span>
              <strong className="figure-value">{f.current}</strong>
              <span className={`figure-change trend-${f.trend}`}>
                {f.change}
                <span className="muted"> · predtým {f.previous}</span>
              </span>
            </li>
          ))}
        </ul>
        <details className="period-choice" open={Object.keys(d.errors).length > 0 || undefined}>
          <summary>Zmeniť obdobie</summary>
          <PeriodForm kind={p.kind} from={p.from} to={p.to} errors={d.errors} />
        </details>
      </section>

      <Attention d={d} />

      <section aria-labelledby="grafy-nadpis">
        <h2 id="grafy-nadpis">Grafy</h2>
        <div className="charts">
          {d.isAdmin ? (
            <ColumnChart
              id="graf-trzby"
              title={`Tržby s DPH ${per}`}
              summary={`Tržby s DPH v období ${p.label} ${per}, spolu ${d.sales?.find((r) => r.key === "gross")?.current ?? ""}.`}
              points={d.series.map((s) => ({ label: s.bucket, short: shortBucket(s.bucket), value: s.revenueCents }))}
              format={euros}
              table={{ head: [p.grain === "day" ? "Deň" : "Mesiac", "Tržby s DPH"], rows: d.series.map((s) => [s.bucket, s.revenue]) }}
            />
          ) : null}
          <ColumnChart
            id="graf-zapisy"
            title={`Nové zápisy ${per}`}
            summary={`Nové zápisy v období ${p.label} ${per}, spolu ${totalEnrolled}.`}
            points={d.series.map((s) => ({ label: s.bucket, short: shortBucket(s.bucket), value: s.enrollments }))}
            format={count}
            table={{ head: [p.grain === "day" ? "Deň" : "Mesiac", "Zápisy"], rows: d.series.map((s) => [s.bucket, count(s.enrollments)]) }}
          />
          {d.funnelBars ? (
            <BarList
              id="graf-lievik"
              title="Lievik objednávok v období"
              summary={d.funnelBars.map((b) => `${b.label}: ${b.display}`).join(", ")}
              bars={d.funnelBars}
              table={{ head: ["Krok", "Objednávky"], rows: d.funnelBars.map((b) => [b.label, b.display]) }}
            />
          ) : null}
          <BarList
            id="graf-dokoncenie"
            title="Dokončenie podľa kurzu (celkovo)"
            summary={
              d.completion.length
                ? d.completion.map((c) => `${c.title}: ${percent(c.share)} (${c.completed} z ${c.enrolled})`).join(", ")
                : "Zatiaľ žiadne zápisy."
            }
            bars={d.completion.map((c) => ({ label: c.title, value: c.share, display: `${percent(c.share)} (${c.completed} z ${c.enrolled})` }))}
            max={1}
            table={{
              head: ["Kurz", "Zapísaní", "Dokončili", "Podiel"],
              rows: d.completion.map((c) => [
                <Link key={c.courseId} to={`/admin/kurzy/${c.courseId}/statistiky`}>
                  {c.title}
                </Link>,
                count(c.enrolled),
                count(c.completed),
                percent(c.share),
              ]),
            }}
          />
        </div>
      </section>

      <details className="dashboard-details">
        <summary>Podrobné čísla: tržby, objednávky, zápisy, katalóg</summary>
        {d.sales ? (
          <section aria-labelledby="trzby-nadpis">
            <h2 id="trzby-nadpis">Tržby</h2>
            <FigureTable
              id="trzby"
              caption="Tržby, DPH a dobropisy v období a v predchádzajúcom období"
              rows={d.sales}
              periodLabel="Obdobie"
              previousLabel="Predchádzajúce"
            />
            <ExportLinks links={d.exports} />
          </section>
        ) : null}
        {d.funnel ? (
          <section aria-labelledby="objednavky-nadpis">
            <h2 id="objednavky-nadpis">Objednávky (lievik)</h2>
            <FigureTable
              id="lievik"
              caption="Objednávky vytvorené v období podľa výsledku"
              rows={d.funnel}
              periodLabel="Obdobie"
              previousLabel="Predchádzajúce"
            />
          </section>
        ) : null}
        <section aria-labelledby="ucenie-nadpis">
          <h2 id="ucenie-nadpis">Zápisy a dokončenia</h2>
          <FigureTable
            id="ucenie"
            caption="Zápisy, dokončenia a certifikáty v období a v predchádzajúcom období"
            rows={d.learning}
            periodLabel="Obdobie"
            previousLabel="Predchádzajúce"
          />
        </section>
        <div className="stat-groups">
          <StateCounts
            id="kurzy-nadpis"
            title="Kurzy"
            total={d.courseCount}
            forms={["kurz", "kurzy", "kurzov"]}
            caption="Verzie kurzov podľa stavu"
            column="Stav verzie"
            rows={d.courseStates}
          />

          <StateCounts
            id="zapisy-nadpis"
            title="Zápisy študentov"
            total={d.enrollmentCount}
            forms={["zápis", "zápisy", "zápisov"]}
            caption="Zápisy podľa stavu"
            column="Stav zápisu"
            rows={d.enrollmentStates}
          />
        </div>
      </details>

      <section aria-labelledby="odkazy-nadpis">
        <h2 id="odkazy-nadpis">Rýchle odkazy</h2>
        <ul className="link-list">
          <li>
            <Link to="/">Verejný katalóg kurzov</Link> – ako ho vidia návštevníci
          </li>
          <li>
            <Link to="/ucet">Môj účet</Link> – vaše údaje a roly
          </li>
          <li>
            <a href="/api/admin/whoami">Kontrola oprávnení (JSON)</a> – čo o vás vie server
          </li>
        </ul>
      </section>
    </>
  );
}
