// /kurzy/<slug>/studium: the course learning dashboard: levels, topics,
// module states, parts with links (locked ones say what unlocks them), the tests where they
// belong (a part's test after its part, the level test after its topics, the course test
// last) with their state and what unlocks them, the progress bar, the current level and a
// continue button. Works without JavaScript; the data is the learn view of GET
// /api/courses/<slug>/learn and the student's standing with each test.
import { Link } from "react-router";
import type { Route } from "./+types/learn";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { StateBadge, StateIcon } from "../components/learning-state";
import { getLearnPage } from "#server/learning";
import { testStandings } from "#server/quizzes";
import { servicesContext } from "../context";
import { moduleWaitsFor, testLine, type TestLineView } from "../lib/learn-sequence";
import { nextStepLink, nextStepNote } from "../lib/next-step";
import { StudyProgress } from "../components/study-progress";
import { formatDateTime } from "#shared/format";
import { getCachedOrganization } from "#server/identity";
import { WebinarPanel } from "../components/webinars";
import { webinarPanel } from "../lib/webinars.server";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { view, position, enrollment } = await getLearnPage(depsOf(context), user.id, params.slug);
  const standings = await testStandings(context.get(servicesContext).db, view.enrollment._id);
  const slug = view.course.slug;
  const titleOf = new Map(view.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? [])).map((p) => [p._id, p.title]));
  const current = view.levels.find((l) => l._id === view.progress.currentLevelId) ?? null;
  // a club's seat: the club sees this course's progress (docs/decisions/clubs/club-seats.md > Club seats)
  const club =
    enrollment.reason === "sponsor" && enrollment.orderId && enrollment.sponsorOrgId
      ? await getCachedOrganization(context.get(servicesContext).db, enrollment.sponsorOrgId)
      : null;
  return {
    clubSees: club
      ? `Kurz vám hradí ${club.name}. Klub vidí váš postup v tomto kurze (stav, percento, poslednú aktivitu, testy a certifikáty), nie vaše ostatné kurzy.`
      : null,
    view: {
      ...view,
      levels: view.levels.map((level, i) => ({
        ...level,
        lockedReason: level.state === "locked" && i > 0 ? `Odomkne sa po dokončení úrovne ${view.levels[i - 1].title}.` : null,
        testLine: level.levelTest
          ? testLine(slug, level.levelTest, "Test úrovne", "sprístupní sa po dokončení všetkých modulov úrovne", standings.get(level.levelTest.id))
          : null,
        topics: level.topics.map((t) => ({
          ...t,
          module: t.module && {
            ...t.module,
            waitsFor: moduleWaitsFor(t.module, standings),
            parts: t.module.parts.map((p) => ({
              ...p,
              testLine: p.partTest
                ? testLine(slug, p.partTest, "Kontrolný test časti", `sprístupní sa po dokončení časti ${p.title}`, standings.get(p.partTest.id))
                : null,
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
    courseTestLine: view.courseTest
      ? testLine(slug, view.courseTest, "Záverečný test kurzu", "sprístupní sa po dokončení všetkých úrovní", standings.get(view.courseTest.id))
      : null,
    // the one progress measure and the one next step (docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere)
    measure: position.progress,
    next: nextStepLink(slug, position.next),
    nextNote: nextStepNote(position.next, { lastLevelId: view.levels.at(-1)?._id ?? null, courseTestRequired: view.courseTest?.required === true }),
    // what levels wait for besides their content (a required webinar), shown with the level's other requirements
    requirements: position.requirements.map((r) => ({ levelId: r.levelId, title: r.title, met: r.met, href: `/kurzy/${slug}/webinare/${r.ref}` })),
    currentLevelTitle: current?.title ?? null,
    lastActivity: view.progress.lastActivityAt ? formatDateTime(view.progress.lastActivityAt) : null,
    accessUntil: view.enrollment.accessExpiresAt ? formatDateTime(view.enrollment.accessExpiresAt) : null,
    // the enrollment is known: the panel reads only the course's sessions
    webinars: await webinarPanel(context, user.id, slug, enrollment.courseId),
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Štúdium: ${loaderData.view.course.title}` : "Štúdium") },
  { name: "robots", content: "noindex" },
];

/** The share of a module's required parts done (the ring of an "in progress" module). */
function moduleRatio(parts: { state: string; requiredForCompletion: boolean }[]): number {
  const required = parts.filter((p) => p.requiredForCompletion);
  return required.length === 0 ? 0 : required.filter((p) => p.state === "completed").length / required.length;
}

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { view, next, nextNote, currentLevelTitle, lastActivity, accessUntil, measure, courseTestLine } = loaderData;
  const { course } = view;
  const slug = course.slug;
  return (
    <section className="learn">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: course.title, href: `/kurzy/${slug}` }, { label: "Štúdium" }]} />
      <h1>{course.title}</h1>
      {course.subtitle ? <p className="lead">{course.subtitle}</p> : null}
      {loaderData.clubSees ? <p className="muted club-sees">{loaderData.clubSees}</p> : null}

      <div className="learn-summary card">
        <StudyProgress id="course-progress" progress={measure} />
        <p>
          {currentLevelTitle && !view.courseCompleted ? (
            <>
              Aktuálna úroveň: <strong>{currentLevelTitle}</strong>
            </>
          ) : null}
          {lastActivity ? <span className="muted"> · Naposledy ste študovali {lastActivity}</span> : null}
        </p>
        {view.courseCompleted ? (
          <p role="status" className="notice success">
            <strong>Kurz ste úspešne dokončili.</strong>
          </p>
        ) : null}
        <p>
          <Link className="button" to={next.href} data-next-step>
            {next.label}
          </Link>
        </p>
        {nextNote ? <p className="muted">{nextNote}</p> : null}
        {accessUntil ? <p className="muted">Prístup ku kurzu máte do {accessUntil}.</p> : null}
      </div>

      <WebinarPanel data={loaderData.webinars} />

      <ol className="learn-levels">
        {view.levels.map((level, i) => (
          <li key={level._id} className={`learn-level state-${level.state}`}>
            <h2>
              Úroveň {i + 1}: {level.title} <StateBadge state={level.state} feminine />
            </h2>
            {level.subtitle ? <p className="muted">{level.subtitle}</p> : null}
            {level.lockedReason ? <p className="muted">{level.lockedReason}</p> : null}
            {level.topics.map((topic) => (
              <div key={topic._id} className="learn-topic">
                <h3>
                  {topic.title}
                  {topic.module?.waitsFor ? (
                    <StateBadge state="in_progress" ratio={0.9} label="Čaká na test" />
                  ) : topic.module ? (
                    <StateBadge state={topic.module.state} ratio={moduleRatio(topic.module.parts)} />
                  ) : null}
                </h3>
                {topic.module?.waitsFor ? (
                  <p className="module-waits">
                    Časti modulu máte hotové; modul dokončíte úspešným testom.{" "}
                    <Link to={`/kurzy/${slug}/testy/${topic.module.waitsFor.testId}`}>Prejsť na test k časti {topic.module.waitsFor.partTitle}</Link>
                  </p>
                ) : null}
                {topic.module ? (
                  <ul className="part-list">
                    {topic.module.parts.map((part) => (
                      <li key={part._id} className={`state-${part.state}`}>
                        <StateIcon state={part.state} />
                        <span className="part-title">
                          {part.state === "locked" ? <span>{part.title}</span> : <Link to={`/kurzy/${slug}/studium/${part._id}`}>{part.title}</Link>}
                          {part.requiredForCompletion ? null : <span className="muted"> (nepovinná)</span>}
                          {part.lockedReason ? <span className="muted"> {part.lockedReason}</span> : null}
                        </span>
                        <StateBadge state={part.state} />
                        {part.testLine ? <TestLine line={part.testLine} /> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
            {level.testLine ? <TestLine line={level.testLine} /> : null}
            {loaderData.requirements
              .filter((r) => r.levelId === level._id)
              .map((r) => (
                <p key={r.href} className={`learn-test state-${r.met ? "completed" : "available"}`} data-requirement={r.met ? "met" : "open"}>
                  <StateIcon state={r.met ? "completed" : "available"} />
                  <Link to={r.href}>Webinár: {r.title}</Link> (povinná účasť)
                  <StateBadge state={r.met ? "completed" : "available"} label={r.met ? "Splnené" : "Čaká na účasť"} />
                  {r.met ? null : <span className="muted">Zúčastnite sa ho, alebo si potom pozrite celý záznam.</span>}
                </p>
              ))}
          </li>
        ))}
      </ol>
      {courseTestLine ? <TestLine line={courseTestLine} /> : null}
    </section>
  );
}

/** A test in the sequence: a link while it can be opened; a locked one is text with what unlocks it. */
function TestLine({ line }: { line: TestLineView }) {
  return (
    <p className={`learn-test state-${line.state}`}>
      <StateIcon state={line.state} />
      {line.linked ? <Link to={line.href}>{line.label}</Link> : <span>{line.label}</span>}
      {line.required ? " (povinný)" : " (nepovinný)"}
      <StateBadge state={line.state} label={line.status} />
      {line.note ? <span className="muted">{line.note}</span> : null}
    </p>
  );
}
