// /admin/kurzy/<courseId>: one course version's editor home. Publishing (admin; the
// publish rules the draft fails are listed inline, each naming and linking its item),
// archive, new version, deleting a draft; the structure tree levels → topics → module →
// parts with add, edit, delete and ↑/↓ reorder, every one a plain POST form (works without
// JavaScript), calling the same server/authoring functions as /api/admin/* (which write
// the audit rows). A course that is not a draft is shown read-only.
import type { Route } from "./+types/course-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageTitle } from "../../site";
import { CourseHeader, DoneStatus, type ActionReply } from "../../components/admin-authoring";
import { LevelForm } from "./course-editor/forms";
import { LevelNode } from "./course-editor/level-node";
import { Publishing } from "./course-editor/publishing";
import { editorAction } from "./course-editor/editor.server";
import { editorLoader } from "./course-editor/loader.server";
export const loader = editorLoader;
export const action = editorAction;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.course.title} – editor kurzu` : "Editor kurzu") },
  { name: "robots", content: "noindex" },
];

export default function CourseEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  return (
    <>
      <CourseHeader course={d.course} current="struktura" />
      <DoneStatus message={d.done} />
      <Publishing d={d} reply={reply} />

      <section aria-labelledby="struktura" className="structure">
        <h2 id="struktura">Štruktúra kurzu</h2>
        <p className="muted">Úrovne → témy → modul témy → časti. Obsah časti (texty, videá, prílohy) upravíte po kliknutí na jej názov.</p>
        {d.levels.length ? (
          <ol className="tree">
            {d.levels.map((l, i) => (
              <LevelNode key={l.id} d={d} level={l} index={i} reply={reply} />
            ))}
          </ol>
        ) : (
          <p>Kurz zatiaľ nemá žiadnu úroveň.</p>
        )}
        {d.editable ? (
          <section aria-labelledby="nova-uroven" className="card add-level">
            <h3 id="nova-uroven">Pridať úroveň</h3>
            <LevelForm key={d.levels.length} reply={reply} />
          </section>
        ) : null}
      </section>
    </>
  );
}
