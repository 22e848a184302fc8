// /admin/kurzy/<courseId>/casti/<partId>: one part of a draft. Its fields (title, summary,
// requiredForCompletion, prerequisites among the course's other parts) and its content
// blocks in order (text with a Markdown preview beside it, rendered by the catalog's
// sanitizing renderer; video with its state and a link to the upload page; presentation;
// image) are one form with one "Uložiť" (docs/decisions.md > One save for a part and its
// blocks): moving, deleting and adding a text or video block are buttons of that form, so
// nothing typed is lost without JavaScript. Presentation and image blocks, attachments and
// the part test have forms of their own.
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/part-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageTitle } from "../../site";
import { ButtonForm, CourseHeader, DoneStatus, ReplyErrors, type ActionReply } from "../../components/admin-authoring";
import { PartForm, PartTest } from "./part-editor/forms";
import { BlockItem } from "./part-editor/block-forms";
import { AttachmentUploadForm, ImageUploadForm, PresentationUploadForm } from "./part-editor/upload-forms";
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
  const adding = reply && ["uploadPresentationBlock", "uploadImageBlock"].includes(reply.form) ? reply.form : null;
  return (
    <>
      <CourseHeader course={d.course} current="struktura" heading={`Časť: ${d.part.title}`} trail={[{ label: d.part.title }]} />
      <p className="muted">{d.where}</p>
      <DoneStatus message={d.done} />

      {d.editable ? (
        <>
          <PartForm key={JSON.stringify([d.part, d.test, d.blocks])} d={d} reply={reply} />
          <section aria-labelledby="dalsie-bloky" className="add-blocks">
            <h2 id="dalsie-bloky">Pridať prezentáciu alebo obrázok</h2>
            <p className="muted">Tieto formuláre ukladajú len nový blok: najprv uložte zmeny vyššie.</p>
            <details open={adding === "uploadPresentationBlock" || undefined}>
              <summary>Prezentácia (PDF)</summary>
              <PresentationUploadForm key={`p${d.blocks.length}`} reply={reply} />
            </details>
            <details open={adding === "uploadImageBlock" || undefined}>
              <summary>Obrázok</summary>
              <ImageUploadForm key={`i${d.blocks.length}`} reply={reply} />
            </details>
          </section>
        </>
      ) : (
        <>
          <section aria-labelledby="udaje-casti">
            <h2 id="udaje-casti">Údaje časti</h2>
            <p>{d.part.summary || "Bez zhrnutia."} {d.part.requiredForCompletion ? "Povinná na dokončenie modulu." : "Nepovinná."}</p>
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

      <section aria-labelledby="prilohy">
        <h2 id="prilohy">Prílohy</h2>
        <ReplyErrors reply={reply} formKeys={d.attachments.map((_, i) => `deleteAttachment:${i}`)} />
        {d.attachments.length ? (
          <ul className="attachments">
            {d.attachments.map((a, i) => (
              <li key={`${i}-${a.path}`}>
                {a.name} <span className="muted">({a.fileId ? "nahraný súbor" : a.path}, {a.mimeType}, {a.size})</span>
                {d.editable ? (
                  <ButtonForm formKey={`deleteAttachment:${i}`} intent="deleteAttachment" fields={{ index: String(i) }} variant="small" label={`Zmazať prílohu ${a.name}`} confirm={`Zmazať prílohu „${a.name}“?`}>
                    Zmazať
                  </ButtonForm>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>Bez príloh.</p>
        )}
        {d.editable ? (
          <details open={reply?.form === "uploadAttachment" || undefined}>
            <summary>Pridať prílohu</summary>
            <AttachmentUploadForm key={d.attachments.length} reply={reply} />
          </details>
        ) : null}
      </section>

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
