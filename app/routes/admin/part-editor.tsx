// /admin/kurzy/<courseId>/casti/<partId>: one part of a draft. Its fields (title, summary,
// requiredForCompletion, prerequisites among the course's other parts), its content
// blocks in order (text with a Markdown preview rendered by the catalog's sanitizing
// renderer, video with its state and a link to the upload page, presentation, image),
// attachments, and its part test (a link, or a form creating one). Every change is one
// updatePart/createTest call, as PATCH /api/admin/parts/<id> and POST /api/admin/tests
// make; a block's form sends only that block and the page rebuilds the part's list
// around it (blocks keep their ids, so a video keeps what the provider filled in).
import { Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/part-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import {
  contractBody,
  courseDetail,
  doneMessage,
  doneUrl,
  editorOf,
  formReply,
  handleIntents,
  intent,
  moved,
  type FieldMap,
} from "../../lib/admin-authoring.server";
import { chaptersText, parseChapters, partForms as f, textBlockClientForm } from "../../lib/authoring-forms";
import {
  ButtonForm,
  CheckboxGroup,
  CourseHeader,
  DoneStatus,
  FormKey,
  IntentButton,
  MoveButtons,
  ReplyErrors,
  useAdminForm,
  type ActionReply,
} from "../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../components/forms";
import {
  createTest,
  PartPatchRequest,
  TestCreateRequest,
  updatePart,
  type AdminCourseDetail,
  type AdminPart,
} from "#server/authoring";
import { renderMarkdown } from "#server/catalog";
import { DomainError } from "#server/http/errors";

type Block = AdminPart["contentBlocks"][number];
/** A content block as the contract takes it (server/authoring contract.ts BlockInput). */
type BlockInput = NonNullable<PartPatchRequest["contentBlocks"]>[number];

function findPart(d: AdminCourseDetail, partId: string | undefined) {
  for (const [li, level] of d.levels.entries()) {
    for (const [ti, topic] of level.topics.entries()) {
      const part = topic.module?.parts.find((p) => p._id === partId);
      if (part) return { part, level, topic, where: `Úroveň ${li + 1} › Téma ${li + 1}.${ti + 1} ${topic.title}` };
    }
  }
  throw new DomainError("not_found", "Časť v tomto kurze nie je.");
}

/** A stored block as the contract's input (with its id, so it is kept). */
function asInput(b: Block): BlockInput {
  switch (b.type) {
    case "text":
      return { id: b.id, type: "text", markdown: b.markdown };
    case "video":
      return { id: b.id, type: "video", ...(b.transcript !== undefined ? { transcript: b.transcript } : {}), ...(b.chapters ? { chapters: b.chapters } : {}) };
    case "presentation":
      return { id: b.id, type: "presentation", pdfPath: b.pdfPath, slideCount: b.slideCount };
    case "image":
      return { id: b.id, type: "image", imagePath: b.imagePath, alt: b.alt, ...(b.caption !== undefined ? { caption: b.caption } : {}) };
  }
}

/** `contentBlocks.<i>.<field>` → that field of the block's form. */
const blockFields: FieldMap = (path) => {
  const m = /^contentBlocks\.\d+\.(\w+)/.exec(path);
  return m && ["markdown", "transcript", "chapters", "pdfPath", "slideCount", "imagePath", "alt", "caption"].includes(m[1]) ? m[1] : undefined;
};
const attachmentFields: FieldMap = (path) => {
  const m = /^attachments\.\d+\.(\w+)/.exec(path);
  return m && ["name", "path", "sizeBytes", "mimeType"].includes(m[1]) ? m[1] : undefined;
};

function formatDuration(sec: number | undefined): string | null {
  if (sec === undefined) return null;
  const s = Math.round(sec);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const VIDEO_STATES = { waiting: "Čaká na nahratie a spracovanie", ready: "Pripravené", errored: "Spracovanie zlyhalo – nahrajte video znova" } as const;

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const { part, where } = findPart(d, args.params.partId);
  const test = part.partTestId ? d.tests.find((t) => t._id === part.partTestId) : undefined;
  const others = d.levels.flatMap((l, li) =>
    l.topics.flatMap((t, ti) =>
      (t.module?.parts ?? []).filter((p) => p._id !== part._id).map((p) => ({ value: p._id, label: `${li + 1}.${ti + 1} ${t.title} › ${p.title}` })),
    ),
  );
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    editable: d.course.state === "draft",
    done: doneMessage(args.request),
    where,
    part: {
      id: part._id,
      title: part.title,
      slug: part.slug,
      summary: part.summary ?? "",
      requiredForCompletion: part.requiredForCompletion,
      partTestRequired: part.partTestRequired,
      prerequisites: part.prerequisites,
    },
    prerequisiteOptions: others,
    test: test ? { id: test._id, title: test.title, questions: test.questions.length } : null,
    blocks: part.contentBlocks.map((b) => {
      switch (b.type) {
        case "text":
          return { id: b.id, type: b.type, markdown: b.markdown, html: renderMarkdown(b.markdown) };
        case "video":
          return {
            id: b.id,
            type: b.type,
            state: b.state,
            stateLabel: VIDEO_STATES[b.state],
            duration: formatDuration(b.durationSec),
            transcript: b.transcript ?? "",
            chapters: chaptersText(b.chapters),
            uploadUrl: `/admin/video/${part._id}/${b.id}`,
          };
        case "presentation":
          return { id: b.id, type: b.type, pdfPath: b.pdfPath, slideCount: String(b.slideCount) };
        case "image":
          return { id: b.id, type: b.type, imagePath: b.imagePath, alt: b.alt, caption: b.caption ?? "" };
      }
    }),
    attachments: part.attachments.map((a) => ({ ...a, size: `${Math.max(1, Math.round(a.sizeBytes / 1024))} kB` })),
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const { part } = findPart(d, args.params.partId);
  const here = `/admin/kurzy/${d.course._id}/casti/${part._id}`;
  const blocks = part.contentBlocks.map(asInput);
  const indexOf = (blockId: string) => {
    const i = blocks.findIndex((b) => b.id === blockId);
    if (i < 0) throw new DomainError("not_found", "Blok v tejto časti nie je.");
    return i;
  };
  const saveBlocks = async (contentBlocks: BlockInput[], anchor?: string, done: "ulozene" | "pridane" | "zmazane" | "presunute" = "ulozene") => {
    await updatePart(services.db, actor, part._id, contractBody(PartPatchRequest, { contentBlocks }));
    return redirect(doneUrl(here, done, anchor));
  };
  const replace = (blockId: string, block: BlockInput) => blocks.map((b) => (b.id === blockId ? block : b));

  return handleIntents(args.request, {
    savePart: intent({
      schema: f.savePart,
      fields: { title: "title", slug: "slug", summary: "summary", prerequisites: "prerequisites", requiredForCompletion: "requiredForCompletion" },
      run: async (v) => {
        const body = contractBody(PartPatchRequest, {
          title: v.title,
          slug: v.slug ?? part.slug,
          summary: v.summary ?? null,
          requiredForCompletion: v.requiredForCompletion,
          prerequisites: v.prerequisites,
          // the flag belongs to the part's test; without one it stays as it is
          ...(part.partTestId ? { partTestRequired: v.partTestRequired } : {}),
        });
        await updatePart(services.db, actor, part._id, body);
        return redirect(doneUrl(here, "ulozene"));
      },
    }),
    addTextBlock: intent({ schema: f.addTextBlock, fields: blockFields, run: (v) => saveBlocks([...blocks, { type: "text", markdown: v.markdown }], "bloky", "pridane") }),
    addVideoBlock: intent({ schema: f.addVideoBlock, run: () => saveBlocks([...blocks, { type: "video" }], "bloky", "pridane") }),
    addPresentationBlock: intent({
      schema: f.addPresentationBlock,
      fields: blockFields,
      run: (v) => saveBlocks([...blocks, { type: "presentation", pdfPath: v.pdfPath, slideCount: v.slideCount }], "bloky", "pridane"),
    }),
    addImageBlock: intent({
      schema: f.addImageBlock,
      fields: blockFields,
      run: (v) => saveBlocks([...blocks, { type: "image", imagePath: v.imagePath, alt: v.alt, ...(v.caption ? { caption: v.caption } : {}) }], "bloky", "pridane"),
    }),
    editTextBlock: intent({
      schema: f.editTextBlock,
      fields: blockFields,
      run: (v) => {
        indexOf(v.blockId);
        return saveBlocks(replace(v.blockId, { id: v.blockId, type: "text", markdown: v.markdown }), `blok-${v.blockId}`);
      },
    }),
    previewText: intent({
      schema: f.previewText,
      run: async (v, submission) => {
        const form = v._form ?? "previewText";
        return formReply({ form, result: submission.reply(), preview: { html: renderMarkdown(v.markdown), markdown: v.markdown } }, 200);
      },
    }),
    editVideoBlock: intent({
      schema: f.editVideoBlock,
      fields: blockFields,
      run: (v) => {
        const before = blocks[indexOf(v.blockId)];
        if (before.type !== "video") throw new DomainError("validation", "Blok nie je video.");
        const { chapters } = parseChapters(v.chapters);
        return saveBlocks(replace(v.blockId, { id: v.blockId, type: "video", transcript: v.transcript ?? "", chapters }), `blok-${v.blockId}`);
      },
    }),
    editPresentationBlock: intent({
      schema: f.editPresentationBlock,
      fields: blockFields,
      run: (v) => {
        indexOf(v.blockId);
        return saveBlocks(replace(v.blockId, { id: v.blockId, type: "presentation", pdfPath: v.pdfPath, slideCount: v.slideCount }), `blok-${v.blockId}`);
      },
    }),
    editImageBlock: intent({
      schema: f.editImageBlock,
      fields: blockFields,
      run: (v) => {
        indexOf(v.blockId);
        return saveBlocks(
          replace(v.blockId, { id: v.blockId, type: "image", imagePath: v.imagePath, alt: v.alt, ...(v.caption ? { caption: v.caption } : {}) }),
          `blok-${v.blockId}`,
        );
      },
    }),
    moveBlock: intent({
      schema: f.moveBlock,
      run: async (v) => {
        indexOf(v.blockId);
        const order = moved(blocks.map((b) => b.id!), v.blockId, v.direction);
        if (!order) return redirect(doneUrl(here, "presunute", `blok-${v.blockId}`));
        return saveBlocks(order.map((id) => blocks.find((b) => b.id === id)!), `blok-${v.blockId}`, "presunute");
      },
    }),
    deleteBlock: intent({
      schema: f.deleteBlock,
      run: (v) => {
        indexOf(v.blockId);
        return saveBlocks(blocks.filter((b) => b.id !== v.blockId), "bloky", "zmazane");
      },
    }),
    addAttachment: intent({
      schema: f.addAttachment,
      fields: attachmentFields,
      run: async (v) => {
        const attachments = [...part.attachments, { name: v.name, path: v.path, sizeBytes: v.sizeBytes, mimeType: v.mimeType }];
        await updatePart(services.db, actor, part._id, contractBody(PartPatchRequest, { attachments }));
        return redirect(doneUrl(here, "pridane", "prilohy"));
      },
    }),
    deleteAttachment: intent({
      schema: f.deleteAttachment,
      run: async (v) => {
        if (v.index >= part.attachments.length) throw new DomainError("not_found", "Príloha v tejto časti nie je.");
        const attachments = part.attachments.filter((_, i) => i !== v.index);
        await updatePart(services.db, actor, part._id, contractBody(PartPatchRequest, { attachments }));
        return redirect(doneUrl(here, "zmazane", "prilohy"));
      },
    }),
    createPartTest: intent({
      schema: f.createPartTest,
      fields: { title: "title" },
      run: async (v) => {
        const test = await createTest(services.db, actor, contractBody(TestCreateRequest, { courseId: d.course._id, placement: "part", partId: part._id, title: v.title }));
        return redirect(doneUrl(`/admin/kurzy/${d.course._id}/testy/${test._id}`, "pridane"));
      },
    }),
  });
});

/** A preview renders and saves nothing: no need to reload the page's data. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "previewText") return false;
  return defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Časť ${loaderData.part.title} – ${loaderData.course.title}` : "Časť kurzu") },
  { name: "robots", content: "noindex" },
];

type Data = Route.ComponentProps["loaderData"];
type ViewBlock = Data["blocks"][number];

function PartFields({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "savePart";
  const [form, fields] = useAdminForm(key, f.savePart, reply, {
    title: d.part.title,
    slug: d.part.slug,
    summary: d.part.summary,
    requiredForCompletion: d.part.requiredForCompletion,
    partTestRequired: d.part.partTestRequired,
    prerequisites: d.part.prerequisites,
  });
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormKey formKey={key} />
      <FormErrors meta={form} />
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
      <IntentButton formKey={key} intent="savePart">Uložiť časť</IntentButton>
    </Form>
  );
}

function Preview({ reply, formKey }: { reply: ActionReply; formKey: string }) {
  if (reply?.form !== formKey || !reply.preview) return null;
  return (
    <section className="markdown-preview" aria-label="Náhľad textu">
      <p className="preview-label">Náhľad (neuložené)</p>
      <div dangerouslySetInnerHTML={{ __html: reply.preview.html }} />
    </section>
  );
}

function TextBlockForm({ block, reply }: { block?: Extract<ViewBlock, { type: "text" }>; reply: ActionReply }) {
  const key = block ? `editTextBlock:${block.id}` : "addTextBlock";
  const [form, fields] = useAdminForm(key, textBlockClientForm, reply, block ? { markdown: block.markdown } : undefined);
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="block-form">
      <FormKey formKey={key} />
      {block ? <input type="hidden" name="blockId" value={block.id} /> : null}
      <FormErrors meta={form} />
      <TextField meta={fs.markdown} label={block ? "Text (Markdown)" : "Text nového bloku (Markdown)"} description="**tučné**, *kurzíva*, ## nadpis, zoznamy s pomlčkou, odkazy [text](https://…)." multiline rows={8} />
      <Preview reply={reply} formKey={key} />
      <div className="actions">
        <IntentButton formKey={key} intent="previewText" variant="secondary" pendingLabel="Pripravuje sa náhľad…">Náhľad</IntentButton>
        <IntentButton formKey={key} intent={block ? "editTextBlock" : "addTextBlock"}>{block ? "Uložiť text" : "Pridať textový blok"}</IntentButton>
      </div>
    </Form>
  );
}

function VideoBlockForm({ block, reply }: { block: Extract<ViewBlock, { type: "video" }>; reply: ActionReply }) {
  const key = `editVideoBlock:${block.id}`;
  const [form, fields] = useAdminForm(key, f.editVideoBlock, reply, { transcript: block.transcript, chapters: block.chapters });
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="block-form">
      <FormKey formKey={key} />
      <input type="hidden" name="blockId" value={block.id} />
      <FormErrors meta={form} />
      <TextField meta={fs.chapters} label="Kapitoly (nepovinné)" description="Každá na riadok: čas a názov, napríklad „1:30 Rozpočet klubu“." multiline rows={3} />
      <TextField meta={fs.transcript} label="Prepis (nepovinné)" multiline rows={4} />
      <IntentButton formKey={key} intent="editVideoBlock">Uložiť video</IntentButton>
    </Form>
  );
}

function PresentationBlockForm({ block, reply }: { block?: Extract<ViewBlock, { type: "presentation" }>; reply: ActionReply }) {
  const key = block ? `editPresentationBlock:${block.id}` : "addPresentationBlock";
  const [form, fields] = useAdminForm(key, block ? f.editPresentationBlock : f.addPresentationBlock, reply, block ? { pdfPath: block.pdfPath, slideCount: block.slideCount } : undefined);
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="block-form">
      <FormKey formKey={key} />
      {block ? <input type="hidden" name="blockId" value={block.id} /> : null}
      <FormErrors meta={form} />
      <TextField meta={fs.pdfPath} label="Cesta k PDF" description="Napríklad /media/prezentacie/rozpocet.pdf." />
      <TextField meta={fs.slideCount} label="Počet snímok" />
      <IntentButton formKey={key} intent={block ? "editPresentationBlock" : "addPresentationBlock"}>{block ? "Uložiť prezentáciu" : "Pridať prezentáciu"}</IntentButton>
    </Form>
  );
}

function ImageBlockForm({ block, reply }: { block?: Extract<ViewBlock, { type: "image" }>; reply: ActionReply }) {
  const key = block ? `editImageBlock:${block.id}` : "addImageBlock";
  const [form, fields] = useAdminForm(key, block ? f.editImageBlock : f.addImageBlock, reply, block ? { imagePath: block.imagePath, alt: block.alt, caption: block.caption } : undefined);
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="block-form">
      <FormKey formKey={key} />
      {block ? <input type="hidden" name="blockId" value={block.id} /> : null}
      <FormErrors meta={form} />
      <TextField meta={fs.imagePath} label="Cesta k obrázku" description="Napríklad /media/obrazky/stadion.jpg." />
      <TextField meta={fs.alt} label="Alternatívny text" description="Čo je na obrázku, pre ľudí, ktorí ho nevidia." />
      <TextField meta={fs.caption} label="Popisok (nepovinné)" />
      <IntentButton formKey={key} intent={block ? "editImageBlock" : "addImageBlock"}>{block ? "Uložiť obrázok" : "Pridať obrázok"}</IntentButton>
    </Form>
  );
}

const BLOCK_NAMES = { text: "Text", video: "Video", presentation: "Prezentácia", image: "Obrázok" } as const;

function BlockView({ block }: { block: ViewBlock }) {
  switch (block.type) {
    case "text":
      return <div className="markdown-preview" dangerouslySetInnerHTML={{ __html: block.html }} />;
    case "video":
      return null;
    case "presentation":
      return <p>{block.pdfPath} · {block.slideCount} snímok</p>;
    case "image":
      return <p>{block.imagePath} – „{block.alt}“{block.caption ? ` (${block.caption})` : ""}</p>;
  }
}

function BlockItem({ d, block, index, reply }: { d: Data; block: ViewBlock; index: number; reply: ActionReply }) {
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
            <ButtonForm formKey={`deleteBlock:${block.id}`} intent="deleteBlock" fields={{ blockId: block.id }} variant="small" label={`Zmazať blok ${name}`} confirm="Zmazať tento blok?">
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

function AttachmentForm({ reply }: { reply: ActionReply }) {
  const key = "addAttachment";
  const [form, fields] = useAdminForm(key, f.addAttachment, reply);
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="block-form">
      <FormKey formKey={key} />
      <FormErrors meta={form} />
      <TextField meta={fs.name} label="Názov prílohy" />
      <TextField meta={fs.path} label="Cesta k súboru" description="Napríklad /media/prilohy/rozpocet.xlsx." />
      <div className="field-row">
        <TextField meta={fs.sizeBytes} label="Veľkosť (bajty)" />
        <TextField meta={fs.mimeType} label="Typ súboru (MIME)" description="Napríklad application/pdf." />
      </div>
      <IntentButton formKey={key} intent="addAttachment">Pridať prílohu</IntentButton>
    </Form>
  );
}

function PartTest({ d, reply }: { d: Data; reply: ActionReply }) {
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
      <IntentButton formKey={key} intent="createPartTest">Vytvoriť test časti</IntentButton>
    </Form>
  );
}

export default function PartEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  const adding = reply && ["addTextBlock", "addPresentationBlock", "addImageBlock"].includes(reply.form) ? reply.form : null;
  return (
    <>
      <CourseHeader course={d.course} current="struktura" heading={`Časť: ${d.part.title}`} trail={[{ label: d.part.title }]} />
      <p className="muted">{d.where}</p>
      <DoneStatus message={d.done} />

      <section aria-labelledby="udaje-casti">
        <h2 id="udaje-casti">Údaje časti</h2>
        {d.editable ? (
          <PartFields key={JSON.stringify([d.part, d.test])} d={d} reply={reply} />
        ) : (
          <p>{d.part.summary || "Bez zhrnutia."} {d.part.requiredForCompletion ? "Povinná na dokončenie modulu." : "Nepovinná."}</p>
        )}
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
        {d.editable ? (
          <div className="add-blocks">
            <h3>Pridať blok</h3>
            <details open={adding === "addTextBlock" || undefined}>
              <summary>Textový blok</summary>
              <TextBlockForm key={`t${d.blocks.length}`} reply={reply} />
            </details>
            <details>
              <summary>Video</summary>
              <p>Pridá prázdny blok videa; súbor potom nahráte cez odkaz „Nahrať video“ pri bloku.</p>
              <ButtonForm formKey="addVideoBlock" intent="addVideoBlock" pendingLabel="Pridáva sa…">
                Pridať blok videa
              </ButtonForm>
            </details>
            <details open={adding === "addPresentationBlock" || undefined}>
              <summary>Prezentácia (PDF)</summary>
              <PresentationBlockForm key={`p${d.blocks.length}`} reply={reply} />
            </details>
            <details open={adding === "addImageBlock" || undefined}>
              <summary>Obrázok</summary>
              <ImageBlockForm key={`i${d.blocks.length}`} reply={reply} />
            </details>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="prilohy">
        <h2 id="prilohy">Prílohy</h2>
        <ReplyErrors reply={reply} formKeys={d.attachments.map((_, i) => `deleteAttachment:${i}`)} />
        {d.attachments.length ? (
          <ul className="attachments">
            {d.attachments.map((a, i) => (
              <li key={`${i}-${a.path}`}>
                {a.name} <span className="muted">({a.path}, {a.mimeType}, {a.size})</span>
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
          <details open={reply?.form === "addAttachment" || undefined}>
            <summary>Pridať prílohu</summary>
            <AttachmentForm key={d.attachments.length} reply={reply} />
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
