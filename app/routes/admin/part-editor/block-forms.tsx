// The part editor's block forms and the block list item, moved out of forms.tsx so that
// no route module passes 300 lines (docs/decisions/platform/route-module-size.md).
import { plural } from "#shared/plural";
import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import { getFormProps, type FormMetadata } from "@conform-to/react";
import { partForms as f, textBlockClientForm } from "../../../lib/authoring-forms";
import { ButtonForm, FormKey, IntentButton, MoveButtons, ReplyErrors, useAdminForm, type ActionReply } from "../../../components/admin-authoring";
import { FormErrors, TextField } from "../../../components/forms";
import type { Data, ViewBlock } from "./types";
import { BLOCK_NAMES } from "./block-names";
export function Preview({ reply, formKey }: { reply: ActionReply; formKey: string }) {
  if (reply?.form !== formKey || !reply.preview) return null;
  return (
    <section className="markdown-preview" aria-label="Náhľad textu">
      <p className="preview-label">Náhľad (neuložené)</p>
      <div dangerouslySetInnerHTML={{ __html: reply.preview.html }} />
    </section>
  );
}

/** The frame of a block's own form (and the attachment's): its key, the block's id when it edits one, its errors, then what it asks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
function BlockForm({ form, formKey, blockId, children }: { form: FormMetadata<any, any>; formKey: string; blockId?: string; children: ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)} className="block-form">
      <FormKey formKey={formKey} />
      {blockId ? <input type="hidden" name="blockId" value={blockId} /> : null}
      <FormErrors meta={form} />
      {children}
    </Form>
  );
}

export function TextBlockForm({ block, reply }: { block?: Extract<ViewBlock, { type: "text" }>; reply: ActionReply }) {
  const key = block ? `editTextBlock:${block.id}` : "addTextBlock";
  const [form, fields] = useAdminForm(key, textBlockClientForm, reply, block ? { markdown: block.markdown } : undefined);
  const fs = fields;
  return (
    <BlockForm form={form} formKey={key} blockId={block?.id}>
      <TextField
        meta={fs.markdown}
        label={block ? "Text (Markdown)" : "Text nového bloku (Markdown)"}
        description="**tučné**, *kurzíva*, ## nadpis, zoznamy s pomlčkou, odkazy [text](https://…)."
        multiline
        rows={8}
      />
      <Preview reply={reply} formKey={key} />
      <div className="actions">
        <IntentButton formKey={key} intent="previewText" variant="secondary" pendingLabel="Pripravuje sa náhľad…">
          Náhľad
        </IntentButton>
        <IntentButton formKey={key} intent={block ? "editTextBlock" : "addTextBlock"}>
          {block ? "Uložiť text" : "Pridať textový blok"}
        </IntentButton>
      </div>
    </BlockForm>
  );
}

export function VideoBlockForm({ block, reply }: { block: Extract<ViewBlock, { type: "video" }>; reply: ActionReply }) {
  const key = `editVideoBlock:${block.id}`;
  const [form, fields] = useAdminForm(key, f.editVideoBlock, reply, { transcript: block.transcript, chapters: block.chapters });
  const fs = fields;
  return (
    <BlockForm form={form} formKey={key} blockId={block.id}>
      <TextField
        meta={fs.chapters}
        label="Kapitoly (nepovinné)"
        description="Každá na riadok: čas a názov, napríklad „1:30 Rozpočet klubu“."
        multiline
        rows={3}
      />
      <TextField meta={fs.transcript} label="Prepis (nepovinné)" multiline rows={4} />
      <IntentButton formKey={key} intent="editVideoBlock">
        Uložiť video
      </IntentButton>
    </BlockForm>
  );
}

export function PresentationBlockForm({ block, reply }: { block?: Extract<ViewBlock, { type: "presentation" }>; reply: ActionReply }) {
  const key = block ? `editPresentationBlock:${block.id}` : "addPresentationBlock";
  const [form, fields] = useAdminForm(
    key,
    block ? f.editPresentationBlock : f.addPresentationBlock,
    reply,
    block ? { pdfPath: block.pdfPath, slideCount: block.slideCount } : undefined,
  );
  const fs = fields;
  return (
    <BlockForm form={form} formKey={key} blockId={block?.id}>
      <TextField meta={fs.pdfPath} label="Cesta k PDF" description="Napríklad /media/prezentacie/rozpocet.pdf." />
      <TextField meta={fs.slideCount} label="Počet snímok" />
      <IntentButton formKey={key} intent={block ? "editPresentationBlock" : "addPresentationBlock"}>
        {block ? "Uložiť prezentáciu" : "Pridať prezentáciu"}
      </IntentButton>
    </BlockForm>
  );
}

export function ImageBlockForm({ block, reply }: { block?: Extract<ViewBlock, { type: "image" }>; reply: ActionReply }) {
  const key = block ? `editImageBlock:${block.id}` : "addImageBlock";
  const [form, fields] = useAdminForm(
    key,
    block ? f.editImageBlock : f.addImageBlock,
    reply,
    block ? { imagePath: block.imagePath, alt: block.alt, caption: block.caption } : undefined,
  );
  const fs = fields;
  return (
    <BlockForm form={form} formKey={key} blockId={block?.id}>
      <TextField meta={fs.imagePath} label="Cesta k obrázku" description="Napríklad /media/obrazky/stadion.jpg." />
      <TextField meta={fs.alt} label="Alternatívny text" description="Čo je na obrázku, pre ľudí, ktorí ho nevidia." />
      <TextField meta={fs.caption} label="Popisok (nepovinné)" />
      <IntentButton formKey={key} intent={block ? "editImageBlock" : "addImageBlock"}>
        {block ? "Uložiť obrázok" : "Pridať obrázok"}
      </IntentButton>
    </BlockForm>
  );
}

export function BlockView({ block }: { block: ViewBlock }) {
  switch (block.type) {
    case "text":
      return <div className="markdown-preview" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case "video":
      return null;
    case "presentation":
      return (
        <p>
          {block.uploaded ? "Nahrané PDF" : block.pdfPath} · {block.slideCount} {plural(Number(block.slideCount ?? 0), "snímka", "snímky", "snímok")}
        </p>
      );
    case "image":
      return (
        <p>
          {block.uploaded ? "Nahraný obrázok" : block.imagePath} – „{block.alt}“{block.caption ? ` (${block.caption})` : ""}
        </p>
      );
  }
}

export function BlockItem({ d, block, index, reply }: { d: Data; block: ViewBlock; index: number; reply: ActionReply }) {
  const name = `${index + 1}. ${BLOCK_NAMES[block.type]}`;
  return (
    <li id={`blok-${block.id}`} className="block">
      <h3>Blok {name}</h3>
      {block.type === "video" ? (
        <p className="video-state">
          Stav: <strong>{block.stateLabel}</strong>
          {block.duration ? <> · dĺžka {block.duration}</> : null}
          {d.editable ? (
            <>
              {" · "}
              <a href={block.uploadUrl}>{block.state === "waiting" ? "Nahrať video" : "Nahrať video znova"}</a>
            </>
          ) : null}
        </p>
      ) : null}
      {d.editable ? (
        <>
          <div className="node-actions">
            <MoveButtons intent="moveBlock" idField="blockId" id={block.id} name={`blok ${name}`} first={index === 0} last={index === d.blocks.length - 1} />
            <ButtonForm
              formKey={`deleteBlock:${block.id}`}
              intent="deleteBlock"
              fields={{ blockId: block.id }}
              variant="small"
              label={`Zmazať blok ${name}`}
              confirm="Zmazať tento blok?"
            >
              Zmazať
            </ButtonForm>
          </div>
          <ReplyErrors reply={reply} formKeys={[`deleteBlock:${block.id}`, `moveBlock:${block.id}:up`, `moveBlock:${block.id}:down`]} />
          {block.type === "text" ? <TextBlockForm key={block.markdown} block={block} reply={reply} /> : null}
          {block.type === "video" ? <VideoBlockForm key={block.chapters + block.transcript} block={block} reply={reply} /> : null}
          {block.type === "presentation" ? <PresentationBlockForm key={block.pdfPath + block.slideCount} block={block} reply={reply} /> : null}
          {block.type === "image" ? <ImageBlockForm key={JSON.stringify(block)} block={block} reply={reply} /> : null}
        </>
      ) : (
        <BlockView block={block} />
      )}
    </li>
  );
}

export function AttachmentForm({ reply }: { reply: ActionReply }) {
  const key = "addAttachment";
  const [form, fields] = useAdminForm(key, f.addAttachment, reply);
  const fs = fields;
  return (
    <BlockForm form={form} formKey={key}>
      <TextField meta={fs.name} label="Názov prílohy" />
      <TextField meta={fs.path} label="Cesta k súboru" description="Napríklad /media/prilohy/rozpocet.xlsx." />
      <div className="field-row">
        <TextField meta={fs.sizeBytes} label="Veľkosť (bajty)" />
        <TextField meta={fs.mimeType} label="Typ súboru (MIME)" description="Napríklad application/pdf." />
      </div>
      <IntentButton formKey={key} intent="addAttachment">
        Pridať prílohu
      </IntentButton>
    </BlockForm>
  );
}

export function PartTest({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "createPartTest";
  const [form, fields] = useAdminForm(key, f.createPartTest, reply, { title: `Test: ${d.part.title}` });
  if (d.test) {
    return (
      <p>
        <Link to={`/admin/kurzy/${d.course.id}/testy/${d.test.id}`}>{d.test.title}</Link> ({d.test.questions} otázok
        {d.part.partTestRequired ? ", povinný" : ", nepovinný"})
      </p>
    );
  }
  if (!d.editable) return <p>Časť nemá test.</p>;
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormKey formKey={key} />
      <FormErrors meta={form} />
      <p>Časť zatiaľ nemá test.</p>
      <TextField meta={fields.title} label="Názov testu" />
      <IntentButton formKey={key} intent="createPartTest">
        Vytvoriť test časti
      </IntentButton>
    </Form>
  );
}
