// /admin/kurzy/<courseId>/casti/<partId>: one part of a draft. Its fields (title, summary,
// requiredForCompletion, prerequisites among the course's other parts) and its content
// blocks in order (text with a Markdown preview beside it, rendered by the catalog's
// sanitizing renderer; video with its state and a link to the upload page; presentation;
// image) are one form with one "Uložiť" (docs/decisions/authoring/one-save-for-a-part-and-its.md > One save for a part and its
// blocks): moving, deleting and adding a text or video block are buttons of that form, so
// nothing typed is lost without JavaScript. A presentation PDF, an image or an attachment is
// added on the same form, and attachments are removed with its list buttons
// (docs/decisions/files/one-form-uploads.md); the part test has a form of its own.
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/part-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageTitle } from "../../site";
import { CourseHeader, DoneStatus, type ActionReply } from "../../components/admin-authoring";
import { PartForm } from "./part-editor/forms";
import { BlockItem, PartTest } from "./part-editor/block-forms";
import { editorAction, editorLoader } from "./part-editor/editor.server";
/** A preview renders and saves nothing: no need to reload the page's data. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "previewText") return false;
  return defaultShouldRevalidate;
}

export const loader = editorLoader;
export const action = editorAction;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Časť ${loaderData.part.title} – ${loaderData.course.title}` : "Časť kurzu") },
  { name: "robots", content: "noindex" },
];

export default function PartEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  return (
    <>
      <CourseHeader course={d.course} current="struktura" heading={`Časť: ${d.part.title}`} trail={[{ label: d.part.title }]} />
      <p className="muted">{d.where}</p>
      <DoneStatus message={d.done} />

      {d.editable ? (
        <>
          <PartForm key={JSON.stringify([d.part, d.test, d.blocks, d.attachments])} d={d} reply={reply} />
        </>
      ) : (
        <>
          <section aria-labelledby="udaje-casti">
            <h2 id="udaje-casti">Údaje časti</h2>
            <p>
              {d.part.summary || "Bez zhrnutia."} {d.part.requiredForCompletion ? "Povinná na dokončenie modulu." : "Nepovinná."}
            </p>
          </section>
          <section aria-labelledby="bloky">
            <h2 id="bloky">Obsah: bloky</h2>
            {d.blocks.length ? (
              <ol className="blocks">
                {d.blocks.map((b, i) => (
                  <BlockItem key={b.id} d={d} block={b} index={i} reply={reply} />
                ))}
              </ol>
            ) : (
              <p>Časť zatiaľ nemá obsah.</p>
            )}
          </section>
        </>
      )}

      {d.editable ? null : (
        <section aria-labelledby="prilohy">
          <h2 id="prilohy">Prílohy</h2>
          {d.attachments.length ? (
            <ul className="attachments">
              {d.attachments.map((a, i) => (
                <li key={`${i}-${a.path}`}>
                  {a.name}{" "}
                  <span className="muted">
                    ({a.fileId ? "nahraný súbor" : a.path}, {a.mimeType}, {a.size})
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p>Bez príloh.</p>
          )}
        </section>
      )}

      <section aria-labelledby="test-casti">
        <h2 id="test-casti">Test časti</h2>
        <PartTest d={d} reply={reply} />
      </section>

      <p>
        <Link to={`/admin/kurzy/${d.course.id}#uzol-${d.part.id}`}>‹ Späť na štruktúru kurzu</Link>
      </p>
    </>
  );
}
