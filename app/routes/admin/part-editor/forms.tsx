// The part editor's form components: the part's fields, one form per block kind, the block list,
// attachments and the part test.
import { plural } from "#shared/plural";
import { Form, useFetcher } from "react-router";
import { useEffect, useState, type ReactNode } from "react";
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import type { Route } from "../+types/part-editor";
import { partForms as f } from "../../../lib/authoring-forms";
import { CheckboxGroup, FormKey, usePending, useAdminForm, type ActionReply } from "../../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../../components/forms";
import { AddFile, AttachmentList, useLeaveGuard } from "./add-file";
import { BLOCK_NAMES } from "./block-names";

export type Data = Route.ComponentProps["loaderData"];
export type ViewBlock = Data["blocks"][number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
type AnyField = FieldMetadata<any, any, any>;

/** The form's value of a block as the loader shows it. */
function blockDefault(b: ViewBlock) {
  switch (b.type) {
    case "text":
      return { id: b.id, type: b.type, markdown: b.markdown };
    case "video":
      return { id: b.id, type: b.type, transcript: b.transcript, chapters: b.chapters };
    case "presentation":
      return { id: b.id, type: b.type, pdfPath: b.pdfPath, slideCount: b.slideCount };
    case "image":
      return { id: b.id, type: b.type, imagePath: b.imagePath, alt: b.alt, caption: b.caption };
  }
}

/** A list button of the part form: saves everything typed, then does its one thing. */
function OpButton({ op, children, label, variant = "small", confirm }: { op: string; children: ReactNode; label?: string; variant?: string; confirm?: string }) {
  return (
    <button
      type="submit"
      name="blockOp"
      value={op}
      className={variant}
      aria-label={label}
      onClick={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

/**
 * The part's fields and every block in one form with one "Uložiť" (docs/decisions/authoring/one-save-for-a-part-and-its.md > One
 * save for a part and its blocks): moving, deleting, adding a text or video block and the
 * preview are buttons of the same form, so without JavaScript nothing typed is lost.
 */
export function PartForm({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "savePart";
  const [form, fields] = useAdminForm(key, f.savePart, reply, {
    title: d.part.title,
    slug: d.part.slug,
    summary: d.part.summary,
    requiredForCompletion: d.part.requiredForCompletion,
    partTestRequired: d.part.partTestRequired,
    prerequisites: d.part.prerequisites,
    blocks: d.blocks.map(blockDefault),
    newMarkdown: "",
    kind: "presentation",
  });
  const fs = fields;
  const items = fs.blocks.getFieldList();
  const preview = reply?.form === key ? reply.preview : undefined;
  const dirty = useUnsavedGuard(form.id);
  useLeaveGuard(dirty);
  const pending = usePending(key);
  return (
    // multipart to `?upload`: a file chosen without JavaScript streams into the store with the rest
    <Form method="post" action="?upload" encType="multipart/form-data" {...getFormProps(form)} className="part-form">
      <FormKey formKey={key} />
      <input type="hidden" name="intent" value="savePart" />
      <FormErrors meta={form} />
      <section aria-labelledby="udaje-casti">
        <h2 id="udaje-casti">Údaje časti</h2>
        <TextField meta={fs.title} label="Názov časti" />
        <TextField meta={fs.slug} label="Identifikátor do adresy" />
        <TextField meta={fs.summary} label="Zhrnutie (nepovinné)" multiline rows={3} />
        <CheckboxField meta={fs.requiredForCompletion} label="Povinná na dokončenie modulu" />
        {d.test ? <CheckboxField meta={fs.partTestRequired} label="Test časti je povinný" /> : null}
        {d.prerequisiteOptions.length ? (
          <CheckboxGroup
            meta={fs.prerequisites}
            legend="Podmienky: časti, ktoré treba dokončiť pred touto"
            description="Bez podmienok je časť dostupná hneď, ako sa odomkne jej úroveň."
            options={d.prerequisiteOptions}
          />
        ) : null}
      </section>
      <section aria-labelledby="bloky">
        <h2 id="bloky">Obsah: bloky</h2>
        {d.blocks.length ? (
          <ol className="blocks">
            {d.blocks.map((b, i) => {
              const item = items[i];
              return item ? <EditableBlock key={b.id} block={b} index={i} count={d.blocks.length} meta={item.getFieldset() as Record<string, AnyField>} preview={preview?.blockId === b.id ? preview.html : undefined} /> : null;
            })}
          </ol>
        ) : (
          <p>Časť zatiaľ nemá obsah.</p>
        )}
        <div className="block-form new-text">
          <MarkdownField meta={fs.newMarkdown} label="Text nového bloku (Markdown)" savedHtml={preview?.blockId === "new" ? preview.html : undefined} previewOp="preview:new" />
          <div className="actions">
            <OpButton op="add:text" variant="secondary">Pridať textový blok</OpButton>
            <OpButton op="add:video" variant="secondary">Pridať blok videa</OpButton>
          </div>
        </div>
        <AddFile
          meta={{ kind: fs.kind, newAlt: fs.newAlt, newCaption: fs.newCaption, captionsBlockId: fs.captionsBlockId, captionsLang: fs.captionsLang }}
          reply={reply}
          videos={d.blocks.flatMap((b, i) => (b.type === "video" ? [{ id: b.id, label: `Blok ${i + 1}. Video` }] : []))}
        />
      </section>
      <AttachmentList
        attachments={d.attachments}
        button={(op, label, confirm, children) => (
          <OpButton op={op} label={label} confirm={confirm}>
            {children}
          </OpButton>
        )}
      />
      <div className="save-bar">
        {/* no name: the form's hidden intent says savePart, list buttons send blockOp */}
        <button type="submit">{pending ? "Ukladá sa…" : "Uložiť"}</button>
        {dirty ? <span className="unsaved" role="status">Máte neuložené zmeny.</span> : null}
      </div>
    </Form>
  );
}

/**
 * With JavaScript: once something is typed the form says so beside "Uložiť", and leaving the
 * page asks first (the browser's own question); submitting the form ends it.
 */
function useUnsavedGuard(formId: string): boolean {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    const el = document.getElementById(formId);
    if (!(el instanceof HTMLFormElement)) return;
    let changed = false;
    const onInput = (event: Event) => {
      // the preview's own requests are not changes
      if (event.target instanceof HTMLElement && event.target.closest(".markdown-preview")) return;
      changed = true;
      setDirty(true);
    };
    const onSubmit = () => {
      changed = false;
    };
    const onLeave = (event: BeforeUnloadEvent) => {
      if (!changed) return;
      event.preventDefault();
      event.returnValue = "";
    };
    el.addEventListener("input", onInput);
    el.addEventListener("submit", onSubmit);
    window.addEventListener("beforeunload", onLeave);
    return () => {
      el.removeEventListener("input", onInput);
      el.removeEventListener("submit", onSubmit);
      window.removeEventListener("beforeunload", onLeave);
    };
  }, [formId]);
  return dirty;
}

/** A Markdown textarea with its preview beside it (the server's sanitizing renderer). */
function MarkdownField({ meta, label, savedHtml, previewOp }: { meta: AnyField; label: string; savedHtml?: string; previewOp: string }) {
  const html = useMarkdownPreview(meta, savedHtml);
  return (
    <div className="markdown-edit">
      <TextField meta={meta} label={label} description="**tučné**, *kurzíva*, ## nadpis, zoznamy s pomlčkou, odkazy [text](https://…)." multiline rows={8} />
      <section className="markdown-preview" aria-label={`Náhľad: ${label}`}>
        <p className="preview-label">Náhľad</p>
        {html !== undefined ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <p className="muted">Náhľad ukáže tlačidlo „Náhľad“.</p>}
        <OpButton op={previewOp} variant="small secondary">Náhľad</OpButton>
      </section>
    </div>
  );
}

function EditableBlock({ block, index, count, meta, preview }: { block: ViewBlock; index: number; count: number; meta: Record<string, AnyField>; preview?: string }) {
  const name = `${index + 1}. ${BLOCK_NAMES[block.type]}`;
  return (
    <li id={`blok-${block.id}`} className="block">
      <h3>Blok {name}</h3>
      <input type="hidden" name={meta.id.name} value={block.id} />
      <input type="hidden" name={meta.type.name} value={block.type} />
      {block.type === "video" ? (
        <p className="video-state">
          Stav: <strong>{block.stateLabel}</strong>
          {block.duration ? <> · dĺžka {block.duration}</> : null}
          {" · "}
          <a href={block.uploadUrl}>{block.state === "waiting" ? "Nahrať video" : "Nahrať video znova"}</a>
        </p>
      ) : null}
      <div className="node-actions">
        {index > 0 ? <OpButton op={`move:${block.id}:up`} label={`Posunúť vyššie: blok ${name}`}>↑</OpButton> : null}
        {index < count - 1 ? <OpButton op={`move:${block.id}:down`} label={`Posunúť nižšie: blok ${name}`}>↓</OpButton> : null}
        <OpButton op={`delete:${block.id}`} label={`Zmazať blok ${name}`} confirm="Zmazať tento blok?">Zmazať</OpButton>
      </div>
      {block.type === "text" ? <MarkdownField meta={meta.markdown} label={`Text bloku ${index + 1} (Markdown)`} savedHtml={preview ?? block.html} previewOp={`preview:${block.id}`} /> : null}
      {block.type === "video" ? (
        <>
          <TextField meta={meta.chapters} label="Kapitoly (nepovinné)" description="Každá na riadok: čas a názov, napríklad „1:30 Rozpočet klubu“." multiline rows={3} />
          <TextField
            meta={meta.transcript}
            label="Prepis (nepovinné)"
            description={block.derivedTranscript ? "Prázdny prepis: študenti vidia prepis odvodený z titulkov." : "Bez prepisu sa študentom ukáže prepis odvodený z titulkov, ak ich video má."}
            multiline
            rows={4}
          />
          <div className="captions">
            <p>Titulky: {block.captions.length ? null : "zatiaľ žiadne (pridajte súbor .vtt v časti „Pridať súbor“)."}</p>
            {block.captions.length ? (
              <ul>
                {block.captions.map((c) => (
                  <li key={c.lang}>
                    {`${c.label} (${c.lang})`}{" "}
                    <OpButton op={`uncaption:${block.id}:${c.lang}`} label={`Odobrať titulky ${c.label} z bloku ${name}`} confirm={`Odobrať titulky ${c.label}?`}>
                      Odobrať
                    </OpButton>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </>
      ) : null}
      {block.type === "presentation" && block.uploaded ? (
        <>
          <p>Nahrané PDF · {block.slideCount} {plural(Number(block.slideCount ?? 0), "snímka", "snímky", "snímok")} (zistené zo súboru). Iné PDF: zmažte blok a nahrajte nové.</p>
          <input type="hidden" name={meta.pdfPath.name} value={block.pdfPath} />
          <input type="hidden" name={meta.slideCount.name} value={block.slideCount} />
        </>
      ) : block.type === "presentation" ? (
        <>
          <TextField meta={meta.pdfPath} label="Cesta k PDF" description="Napríklad /media/prezentacie/rozpocet.pdf." />
          <TextField meta={meta.slideCount} label="Počet snímok" />
        </>
      ) : null}
      {block.type === "image" ? (
        <>
          {block.uploaded ? <><p>Nahraný obrázok.</p><input type="hidden" name={meta.imagePath.name} value={block.imagePath} /></> : <TextField meta={meta.imagePath} label="Cesta k obrázku" description="Napríklad /media/obrazky/stadion.jpg." />}
          <TextField meta={meta.alt} label="Alternatívny text" description="Čo je na obrázku, pre ľudí, ktorí ho nevidia." />
          <TextField meta={meta.caption} label="Popisok (nepovinné)" />
        </>
      ) : null}
    </li>
  );
}

/** With JavaScript the preview follows the text as it is typed (debounced, rendered by the server). */
function useMarkdownPreview(meta: AnyField, savedHtml: string | undefined): string | undefined {
  const fetcher = useFetcher<{ preview?: { html: string } }>();
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    const el = document.getElementById(meta.id);
    if (!(el instanceof HTMLTextAreaElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setTyped(true);
        fetcher.submit({ intent: "previewText", _form: "previewText", markdown: el.value }, { method: "post" });
      }, 300);
    };
    el.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("input", onInput);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta.id]);
  return typed && fetcher.data?.preview ? fetcher.data.preview.html : savedHtml;
}
