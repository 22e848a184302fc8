// /kurzy/<slug>/studium: the course learning dashboard: levels, topics,
// module states, parts with links (locked ones say what unlocks them), the progress bar,
// the current level and a continue button. Works without JavaScript; the data is the
// learn view of GET /api/courses/<slug>/learn.
import { Link } from "react-router";
import type { Route } from "./+types/learn";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { learningDeps } from "../lib/learning.server";
import { levelStateLabels, partStateLabels } from "../lib/learning-labels";
import { getLearnView } from "#server/learning";
import { formatDateTime } from "#server/money";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const view = await getLearnView(learningDeps(context), user.id, params.slug);
  const titleOf = new Map(view.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? [])).map((p) => [p._id, p.title]));
  const allParts = view.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? []));
  const next = allParts.find((p) => p.state === "in_progress") ?? allParts.find((p) => p.state === "available");
  const current = view.levels.find((l) => l._id === view.progress.currentLevelId) ?? null;
  return {
    view: {
      ...view,
      levels: view.levels.map((level, i) => ({
        ...level,
        lockedReason: level.state === "locked" && i > 0 ? `Odomkne sa po dokončení úrovne ${view.levels[i - 1].title}.` : null,
        topics: level.topics.map((t) => ({
          ...t,
          module: t.module && {
            ...t.module,
            parts: t.module.parts.map((p) => ({
              ...p,
              lockedReason:
                p.state !== "locked"
                  ? null
                  : level.state === "locked"
                    ? "Odomkne sa s úrovňou."
                    : `Najprv dokončite: ${p.prerequisites.map((id) => titleOf.get(id) ?? id).join(", ")}.`,
            })),
          },
        })),
      })),
    },
    next: next ? { id: next._id, title: next.title, started: next.state === "in_progress" } : null,
    currentLevelTitle: current?.title ?? null,
    lastActivity: view.progress.lastActivityAt ? formatDateTime(view.progress.lastActivityAt) : null,
    accessUntil: view.enrollment.accessExpiresAt ? formatDateTime(view.enrollment.accessExpiresAt) : null,
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Štúdium: ${loaderData.view.course.title}` : "Štúdium") },
  { name: "robots", content: "noindex" },
];

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { view, next, currentLevelTitle, lastActivity, accessUntil } = loaderData;
  const { course, progress } = view;
  const slug = course.slug;
  const percent = progress.totalModules === 0 ? 0 : Math.round((progress.completedModules / progress.totalModules) * 100);
  return (
    <section className="learn">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: course.title, href: `/kurzy/${slug}` }, { label: "Štúdium" }]} />
      <h1>{course.title}</h1>
      {course.subtitle ? <p className="lead">{course.subtitle}</p> : null}

      <div className="learn-summary card">
        <p>
          <label htmlFor="course-progress">Dokončené moduly: {progress.completedModules} z {progress.totalModules} ({percent} %)</label>
          <progress id="course-progress" max={progress.totalModules || 1} value={progress.completedModules}>{percent} %</progress>
        </p>
        <p>
          Úrovne: {progress.completedLevels} z {progress.totalLevels}
          {currentLevelTitle && !view.courseCompleted ? <> · Aktuálna úroveň: <strong>{currentLevelTitle}</strong></> : null}
          {lastActivity ? <span className="muted"> · Naposledy ste študovali {lastActivity}</span> : null}
        </p>
        {view.courseCompleted ? (
          <p role="status"><strong>Kurz ste úspešne dokončili.</strong> Certifikát vám pošleme e-mailom.</p>
        ) : next ? (
          <p><Link className="button" to={`/kurzy/${slug}/studium/${next.id}`}>{next.started ? "Pokračovať" : "Začať"}: {next.title}</Link></p>
        ) : (
          <p role="status">Všetky dostupné časti máte hotové. Ďalej vás čaká test, ktorý odomkne ďalšiu úroveň.</p>
        )}
        {accessUntil ? <p className="muted">Prístup ku kurzu máte do {accessUntil}.</p> : null}
      </div>

      <ol className="learn-levels">
        {view.levels.map((level, i) => (
          <li key={level._id} className={`learn-level state-${level.state}`}>
            <h2>
              Úroveň {i + 1}: {level.title} <span className="state-badge">{levelStateLabels[level.state]}</span>
            </h2>
            {level.subtitle ? <p className="muted">{level.subtitle}</p> : null}
            {level.lockedReason ? <p className="muted">{level.lockedReason}</p> : null}
            {level.topics.map((topic) => (
              <div key={topic._id} className="learn-topic">
                <h3>
                  {topic.title}
                  {topic.module ? <span className="state-badge">{partStateLabels[topic.module.state]}</span> : null}
                </h3>
                {topic.module ? (
                  <ul className="part-list">
                    {topic.module.parts.map((part) => (
                      <li key={part._id} className={`state-${part.state}`}>
                        {part.state === "locked" ? (
                          <span>{part.title}</span>
                        ) : (
                          <Link to={`/kurzy/${slug}/studium/${part._id}`}>{part.title}</Link>
                        )}{" "}
                        <span className="state-badge">{partStateLabels[part.state]}</span>
                        {part.requiredForCompletion ? null : <span className="muted"> (nepovinná)</span>}
                        {part.lockedReason ? <span className="muted"> {part.lockedReason}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
            {level.levelTest ? (
              <p className="learn-test">
                <Link to={`/kurzy/${slug}/testy/${level.levelTest.id}`}>Test úrovne</Link>{level.levelTest.required ? " (povinný)" : ""}:{" "}
                {level.state === "completed" ? "splnený" : level.levelTest.available ? "môžete ho absolvovať" : "sprístupní sa po dokončení všetkých modulov úrovne"}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {view.courseTest ? (
        <p className="learn-test">
          <Link to={`/kurzy/${slug}/testy/${view.courseTest.id}`}>Záverečný test kurzu</Link>{view.courseTest.required ? " (povinný)" : ""}:{" "}
          {view.courseCompleted ? "splnený" : view.courseTest.available ? "môžete ho absolvovať" : "sprístupní sa po dokončení všetkých úrovní"}
        </p>
      ) : null}
    </section>
  );
}
