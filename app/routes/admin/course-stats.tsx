// /admin/kurzy/<courseId>/statistiky: a course's learning statistics over every version of
// its chain (server/insights getCourseInsights): enrollments by state, the drop-off curve
// per version, the median time to complete, test pass rates, and the students who may need
// a nudge (links to their enrollment for admins). Content managers and admins.
import { Link } from "react-router";
import type { Route } from "./+types/course-stats";
import authoringStyles from "../../admin-authoring.css?url";
import insightsStyles from "../../insights.css?url";
import { servicesContext } from "../../context";
import { getAuth } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { count, countOf, percent } from "../../lib/insights-format";
import { BarList, ShareCurve } from "../../components/charts";
import { CourseHeader } from "../../components/admin-authoring";
import { ExportLinks } from "../../components/insights";
import { NudgeTable, StateTable, TestRatesTable } from "../../components/course-insights";
import { hasRole } from "#server/identity";
import { getCourseInsights, NUDGE_DAYS } from "#server/insights";
import { formatDate, formatDecimal } from "#shared/format";
import { pageTitle } from "../../site";

const placementLabels: Record<string, string> = { course: "Záverečný test", level: "Test úrovne", part: "Test časti" };

export const loader = pageRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { db, clock } = context.get(servicesContext);
  const user = getAuth(context).user;
  const s = await getCourseInsights(db, params.courseId, clock.now());
  const isAdmin = user ? hasRole(user.roles, "admin") : false;
  // names and e-mails are for admins (as the enrollment pages); content managers get the counts
  const nudge = (list: typeof s.inactive) => ({
    count: list.count,
    students: isAdmin ? list.students.map((st) => ({ ...st, date: formatDate(st.at) })) : [],
  });
  return {
    isAdmin,
    course: s.course,
    versions: s.versions,
    total: s.total,
    byState: s.byState,
    completion: {
      completed: s.completion.completed,
      median: s.completion.medianDays === null ? null : `${formatDecimal(s.completion.medianDays, 1)} dňa`,
    },
    dropOff: s.dropOff,
    tests: s.tests.map((t) => ({
      ...t,
      placementLabel: placementLabels[t.placement] ?? t.placement,
      passRate: t.takers ? t.passed / t.takers : null,
      firstRate: t.takers ? t.passedFirstTime / t.takers : null,
      attemptsPerTaker: t.takers ? formatDecimal(t.attempts / t.takers, 2) : "–",
      averageScore: t.averageScore === null ? "–" : percent(t.averageScore),
    })),
    nudgeDays: NUDGE_DAYS,
    inactive: nudge(s.inactive),
    expiring: nudge(s.expiring),
  };
});

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: pageTitle(`Štatistiky: ${data?.course.title ?? "kurz"}`) },
  { name: "robots", content: "noindex" },
];
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authoringStyles },
  { rel: "stylesheet", href: insightsStyles },
];

/** A part's name under the drop-off chart's axis: its title, cut to fit (the table and tooltip have it whole). */
const shortName = (title: string) => (title.length > 16 ? `${title.slice(0, 15).trimEnd()}…` : title);

export default function CourseStats({ loaderData: d }: Route.ComponentProps) {
  const base = `/admin/kurzy/${d.course.id}/statistiky`;
  return (
    <>
      <CourseHeader course={d.course} current="statistiky" heading={`Štatistiky: ${d.course.title}`} editing={false} />
      <p>
        Všetky verzie kurzu ({d.versions.map((v) => `v${v.version}`).join(", ")}): {countOf(d.total, "zápis", "zápisy", "zápisov")} spolu.
      </p>
      {d.isAdmin ? <ExportLinks links={[{ href: `${base}/zapisy.csv`, label: "Zápisy s pokrokom (CSV)" }]} /> : null}

      <section aria-labelledby="stavy-nadpis">
        <h2 id="stavy-nadpis">Zápisy podľa stavu</h2>
        <StateTable byState={d.byState} versions={d.versions} />
        <p>
          Kurz dokončili: {countOf(d.completion.completed, "študent", "študenti", "študentov")}
          {d.completion.median ? (
            <>
              ; medián času od zápisu po dokončenie: <strong>{d.completion.median}</strong>
            </>
          ) : null}
          .
        </p>
      </section>

      <section aria-labelledby="odpad-nadpis">
        <h2 id="odpad-nadpis">Kde študenti končia</h2>
        {d.dropOff.map((v) => (
          <div key={v.versionId} className="charts">
            <ShareCurve
              id={`odpad-${v.versionId}`}
              title={`Verzia ${v.version}: podiel zapísaných (${v.enrolled}), ktorí dokončili časť`}
              summary={
                v.steps
                  .filter((s) => s.kind === "part")
                  .map((s) => `${s.position} ${s.title}: ${v.enrolled ? percent(s.completed / v.enrolled) : "–"}`)
                  .join(", ") || "Verzia nemá časti."
              }
              points={v.steps
                .filter((s) => s.kind === "part")
                .map((s) => ({ key: s.id, short: shortName(s.title), name: `${s.position} ${s.title}`, share: v.enrolled ? s.completed / v.enrolled : 0 }))}
              table={{
                head: ["Krok", "Dokončili", "Podiel"],
                rows: v.steps.map((s) => [
                  `${s.kind === "level" ? "Úroveň" : s.kind === "topic" ? "Téma a modul" : "Časť"} ${s.position}: ${s.title}${s.required ? "" : " (nepovinná)"}`,
                  count(s.completed),
                  v.enrolled ? percent(s.completed / v.enrolled) : "–",
                ]),
              }}
            />
          </div>
        ))}
      </section>

      <section aria-labelledby="testy-nadpis">
        <h2 id="testy-nadpis">Testy</h2>
        {d.tests.length ? (
          <>
            <TestRatesTable tests={d.tests} />
            <div className="charts">
              <BarList
                id="graf-testy"
                title="Úspešnosť testov (študenti, ktorí test urobili)"
                summary={d.tests.map((t) => `${t.title} (v${t.version}): ${percent(t.passRate)}`).join(", ")}
                bars={d.tests.map((t) => ({ label: `${t.title} (v${t.version})`, value: t.passRate ?? 0, display: percent(t.passRate) }))}
                max={1}
                table={{ head: ["Test", "Úspešnosť"], rows: d.tests.map((t) => [`${t.title} (v${t.version})`, percent(t.passRate)]) }}
              />
            </div>
          </>
        ) : (
          <p className="notice">Kurz nemá testy.</p>
        )}
      </section>

      <section aria-labelledby="neaktivni-nadpis">
        <h2 id="neaktivni-nadpis">Bez aktivity {d.nudgeDays} a viac dní</h2>
        <NudgeTable
          id="neaktivni"
          list={d.inactive}
          isAdmin={d.isAdmin}
          dateLabel="Posledná aktivita"
          empty="Všetci aktívni študenti sa učili v posledných dňoch."
        />
      </section>
      <section aria-labelledby="koniec-nadpis">
        <h2 id="koniec-nadpis">Prístup končí do {d.nudgeDays} dní</h2>
        <NudgeTable id="koniec" list={d.expiring} isAdmin={d.isAdmin} dateLabel="Prístup do" empty="Nikomu nekončí prístup v najbližších dňoch." />
      </section>
      <p>
        <Link to="/admin">‹ Späť na prehľad</Link>
      </p>
    </>
  );
}
