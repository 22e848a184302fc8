// /admin/kurzy/<courseId>/testy/<testId>/statistiky: a test's question statistics as
// Moodle's quiz report computes them (server/insights getTestInsights): attempts, facility
// and discrimination indices, how often each answer was chosen, and flags for questions
// that are too easy, too hard or discriminate poorly. A question's text links to its
// editor. Content managers and admins.
import { Link } from "react-router";
import type { Route } from "./+types/test-stats";
import authoringStyles from "../../admin-authoring.css?url";
import insightsStyles from "../../insights.css?url";
import { pageRoute } from "../../lib/page.server";
import { coefficient, count, percent } from "../../lib/insights-format";
import { BarList } from "../../components/charts";
import { CourseHeader } from "../../components/admin-authoring";
import { ExportLinks } from "../../components/insights";
import { courseDetail, editorOf } from "../../lib/admin-authoring.server";
import { getTestInsights, LIVE_ATTEMPTS_LIMIT, POOR_DISCRIMINATION, TOO_EASY, TOO_HARD } from "#server/insights";
import { formatDateTime } from "#shared/format";
import { pageTitle } from "../../site";

const flagLabels = { too_easy: "príliš ľahká", too_hard: "príliš ťažká", poor_discrimination: "slabo rozlišuje" } as const;

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services, isAdmin } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const s = await getTestInsights(services.db, args.params.courseId, args.params.testId, { queue: services.queue });
  const src = s.source;
  const sourceNote =
    src.kind === "live"
      ? null
      : src.kind === "pending"
        ? `Test má viac ako ${LIVE_ATTEMPTS_LIMIT} odovzdaných pokusov, preto sa štatistiky otázok počítajú na pozadí. Obnovte stránku o chvíľu.`
        : `Štatistiky otázok boli vypočítané ${formatDateTime(src.at)} z ${src.attempts} pokusov.${src.stale ? " Odvtedy pribudli pokusy; prepočítavajú sa na pozadí, obnovte stránku o chvíľu." : ""}`;
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    test: s.test,
    attempts: s.attempts,
    passed: s.passed,
    averageScore: s.averageScore,
    questions: s.questions,
    sourceNote,
    isAdmin,
    thresholds: { tooEasy: TOO_EASY, tooHard: TOO_HARD, poor: POOR_DISCRIMINATION },
  };
});

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: pageTitle(`Štatistiky testu: ${data?.test.title ?? ""}`) },
  { name: "robots", content: "noindex" },
];
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authoringStyles },
  { rel: "stylesheet", href: insightsStyles },
];

export default function TestStats({ loaderData: d }: Route.ComponentProps) {
  const testBase = `/admin/kurzy/${d.course.id}/testy/${d.test.id}`;
  const label = (q: (typeof d.questions)[number], i: number) => `${i + 1}. ${q.text}${q.versions > 1 ? ` (verzia ${q.version})` : ""}`;
  return (
    <>
      <CourseHeader
        course={d.course}
        current="testy"
        editing={false}
        heading={`Štatistiky testu: ${d.test.title}`}
        trail={[{ label: "Testy", href: `/admin/kurzy/${d.course.id}/testy` }, { label: `Štatistiky: ${d.test.title}` }]}
      />
      <p>
        Odovzdané pokusy: <strong>{count(d.attempts)}</strong>, úspešné: {count(d.passed)} ({percent(d.attempts ? d.passed / d.attempts : null)}), priemerné
        skóre: {percent(d.averageScore)}. Hranica úspešnosti {percent(d.test.passingScore, 0)}.
      </p>
      <p className="muted">
        Index ľahkosti je priemerné skóre na otázke (nad {percent(d.thresholds.tooEasy, 0)} je otázka príliš ľahká, pod {percent(d.thresholds.tooHard, 0)}{" "}
        príliš ťažká). Index rozlišovania je korelácia skóre na otázke so skóre na zvyšku testu (pod {coefficient(d.thresholds.poor)} otázka slabo rozlišuje
        lepších od slabších).
      </p>
      {d.sourceNote ? (
        <p className="notice" role="status">
          {d.sourceNote}
        </p>
      ) : null}
      {d.isAdmin ? <ExportLinks links={[{ href: `${testBase}/statistiky/pokusy.csv`, label: "Všetky pokusy testu (CSV)" }]} /> : null}
      {d.questions.length === 0 ? (
        d.attempts === 0 ? (
          <p className="notice">Test zatiaľ nemá odovzdané pokusy.</p>
        ) : null
      ) : (
        <>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Štatistiky otázok testu">
            <table className="admin-table" id="otazky">
              <caption className="visually-hidden">Štatistiky otázok testu</caption>
              <thead>
                <tr>
                  <th scope="col">Otázka</th>
                  <th scope="col" className="amount">
                    Pokusy
                  </th>
                  <th scope="col" className="amount">
                    Správne
                  </th>
                  <th scope="col" className="amount">
                    Index ľahkosti
                  </th>
                  <th scope="col" className="amount">
                    Index rozlišovania
                  </th>
                  <th scope="col">Upozornenia</th>
                </tr>
              </thead>
              <tbody>
                {d.questions.map((q, i) => (
                  <tr key={`${q.questionId}-${q.version}`} data-question={q.questionId} data-version={q.version}>
                    <th scope="row">
                      {q.live ? (
                        <Link to={`${testBase}#otazka-${q.questionId}`}>{label(q, i)}</Link>
                      ) : (
                        <>
                          {label(q, i)} <span className="muted">(otázka bola odstránená)</span>
                        </>
                      )}
                    </th>
                    <td className="amount">{count(q.attempts)}</td>
                    <td className="amount">{count(q.correct)}</td>
                    <td className="amount" data-facility={q.facility ?? ""}>
                      {percent(q.facility)}
                    </td>
                    <td className="amount" data-discrimination={q.discrimination ?? ""}>
                      {coefficient(q.discrimination)}
                    </td>
                    <td>
                      {q.flags.length
                        ? q.flags.map((f) => (
                            <span key={f} className="flag">
                              {flagLabels[f]}
                            </span>
                          ))
                        : "–"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Odpovede na otázky</h2>
          {d.questions.map((q, i) =>
            q.answers.length ? (
              <section key={`${q.questionId}-${q.version}`} className="question-stat" aria-label={`Odpovede: ${label(q, i)}`}>
                <div className="charts">
                  <BarList
                    id={`odpovede-${q.questionId}-${q.version}`}
                    title={label(q, i)}
                    summary={q.answers.map((a) => `${a.text}${a.isCorrect ? " (správna)" : ""}: ${a.chosen} z ${q.attempts}`).join(", ")}
                    bars={q.answers.map((a) => ({
                      label: `${a.isCorrect ? "✓ " : ""}${a.text}`,
                      value: a.chosen,
                      display: `${count(a.chosen)} (${percent(q.attempts ? a.chosen / q.attempts : null, 0)})`,
                      muted: !a.isCorrect,
                    }))}
                    max={q.attempts}
                    table={{
                      head: ["Odpoveď", "Správna", "Zvolili", "Podiel"],
                      rows: q.answers.map((a) => [a.text, a.isCorrect ? "áno" : "nie", count(a.chosen), percent(q.attempts ? a.chosen / q.attempts : null)]),
                    }}
                  />
                </div>
              </section>
            ) : q.textAnswers?.length ? (
              <section key={`${q.questionId}-${q.version}`} className="question-stat" aria-label={`Odpovede: ${label(q, i)}`}>
                <h3>{label(q, i)}</h3>
                <div className="table-scroll">
                  <table className="admin-table">
                    <caption className="visually-hidden">{`Odpovede študentov: ${label(q, i)}`}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Odpoveď študentov</th>
                        <th scope="col">Uznaná</th>
                        <th scope="col" className="amount">
                          Počet
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {q.textAnswers.map((a) => (
                        <tr key={a.text}>
                          <td className="wrap-anywhere">{a.text}</td>
                          <td>{a.accepted ? "áno" : "nie"}</td>
                          <td className="amount">{count(a.count)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            ) : null,
          )}
        </>
      )}
      <p>
        <Link to={testBase}>‹ Späť na test</Link>
      </p>
    </>
  );
}
