// /admin/kurzy/<courseId>/testy/<testId>: one test of a course version. Its settings
// (pass mark in percent, time limit in minutes, attempts, cooldown, question selection,
// answer order, when answers are shown, required), deleting it, and its questions (single
// choice, multiple choice, text) with answers and their correct flags, ↑/↓ order,
// delete, and moving a question to another test of the course. The same server/authoring
// calls as PATCH /api/admin/tests/<id>, POST …/questions, PATCH/DELETE /api/admin/questions/<id>,
// PUT …/order and PUT …/move.
import { Link } from "react-router";
import type { Route } from "./+types/test-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageTitle } from "../../site";
import { ButtonForm, CourseHeader, DoneStatus, ReplyErrors, type ActionReply } from "../../components/admin-authoring";
import { QuestionForm, QuestionItem, SELECTION_LABELS, SHOW_LABELS, SettingsForm } from "./test-editor/forms";
import { editorAction, editorLoader } from "./test-editor/editor.server";
export const loader = editorLoader;
export const action = editorAction;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Test ${loaderData.test.title} – ${loaderData.course.title}` : "Test") },
  { name: "robots", content: "noindex" },
];

export default function TestEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  return (
    <>
      <CourseHeader
        course={d.course}
        current="testy"
        heading={`Test: ${d.test.title}`}
        trail={[{ label: "Testy", href: `/admin/kurzy/${d.course.id}/testy` }, { label: d.test.title }]}
      />
      <p className="muted">{d.test.where}</p>
      <DoneStatus message={d.done} />

      <section aria-labelledby="nastavenia">
        <h2 id="nastavenia">Nastavenia</h2>
        {d.editable ? (
          <>
            <SettingsForm key={JSON.stringify(d.settings)} d={d} reply={reply} />
            <ReplyErrors reply={reply} formKeys={["deleteTest"]} />
            <div className="actions danger-zone">
              <ButtonForm formKey="deleteTest" intent="deleteTest" variant="danger" confirm="Zmazať test aj s otázkami?" pendingLabel="Maže sa…">
                Zmazať test
              </ButtonForm>
            </div>
          </>
        ) : (
          <dl className="facts read-only">
            <div>
              <dt>Hranica úspešnosti</dt>
              <dd>{d.settings.passingPercent} %</dd>
            </div>
            <div>
              <dt>Časový limit</dt>
              <dd>{d.settings.timeLimitMinutes} min</dd>
            </div>
            <div>
              <dt>Počet pokusov</dt>
              <dd>{d.settings.maxAttempts}</dd>
            </div>
            <div>
              <dt>Prestávka</dt>
              <dd>{d.settings.cooldownMinutes} min</dd>
            </div>
            <div>
              <dt>Výber otázok</dt>
              <dd>{SELECTION_LABELS[d.settings.selectionMode as keyof typeof SELECTION_LABELS] ?? d.settings.selectionMode}</dd>
            </div>
            <div>
              <dt>Správne odpovede</dt>
              <dd>{SHOW_LABELS[d.settings.showAnswersAfter as keyof typeof SHOW_LABELS] ?? d.settings.showAnswersAfter}</dd>
            </div>
          </dl>
        )}
      </section>

      <section aria-labelledby="otazky">
        <h2 id="otazky">Otázky</h2>
        {d.questions.length ? (
          <ol className="questions">
            {d.questions.map((q, i) => (
              <QuestionItem key={q.id} d={d} question={q} index={i} reply={reply} />
            ))}
          </ol>
        ) : (
          <p>Test zatiaľ nemá otázky.</p>
        )}
        {d.editable ? (
          <section aria-labelledby="nova-otazka" className="card">
            <h3 id="nova-otazka">Nová otázka</h3>
            <QuestionForm key={d.questions.length} reply={reply} />
          </section>
        ) : null}
      </section>
      <p>
        <Link to={`/admin/kurzy/${d.course.id}/testy`}>‹ Späť na testy kurzu</Link>
      </p>
    </>
  );
}
