// The part editor's form components: the part's fields, one form per block kind, the block list,
// attachments and the part test.
import { Form } from "react-router";
import { useEffect, useState } from "react";
import { getFormProps } from "@conform-to/react";
import { partForms as f } from "../../../lib/authoring-forms";
import { CheckboxGroup, FormKey, usePending, useAdminForm, type ActionReply } from "../../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../../components/forms";
import { AddFile, AttachmentList, useLeaveGuard } from "./add-file";

import type { AnyField, Data, ViewBlock } from "./types";
import { EditableBlock, MarkdownField, OpButton } from "./editable-block";
export type { Data, ViewBlock } from "./types";

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
              return item ? (
                <EditableBlock
                  key={b.id}
                  block={b}
                  index={i}
                  count={d.blocks.length}
                  meta={item.getFieldset() as Record<string, AnyField>}
                  preview={preview?.blockId === b.id ? preview.html : undefined}
                />
              ) : null;
            })}
          </ol>
        ) : (
          <p>Časť zatiaľ nemá obsah.</p>
        )}
        <div className="block-form new-text">
          <MarkdownField
            meta={fs.newMarkdown}
            label="Text nového bloku (Markdown)"
            savedHtml={preview?.blockId === "new" ? preview.html : undefined}
            previewOp="preview:new"
          />
          <div className="actions">
            <OpButton op="add:text" variant="secondary">
              Pridať textový blok
            </OpButton>
            <OpButton op="add:video" variant="secondary">
              Pridať blok videa
            </OpButton>
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
        {dirty ? (
          <span className="unsaved" role="status">
            Máte neuložené zmeny.
          </span>
        ) : null}
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
