// The part editor's loader (the part, its blocks and attachments as the forms show them) and its
// intent table (part fields, blocks, attachments, the part test): each intent calls
// server/authoring as /api/admin/* does.
import { redirect } from "react-router";
import type { Route } from "../+types/part-editor";
import { pageRoute } from "../../../lib/page.server";
import { contractBody, courseDetail, doneMessage, doneUrl, editorOf, formReply, handleIntents, intent, redirectOr } from "../../../lib/admin-authoring.server";
import { chaptersText, parseChapters, partForms as f } from "../../../lib/authoring-forms";
import {
  attachmentInputOf,
  createTest,
  editPartBlocks,
  PartPatchRequest,
  savePartWithBlocks,
  TestCreateRequest,
  updatePart,
  type BlockEdit,
  type PartBlockInput,
} from "#server/authoring";
import { renderMarkdown } from "#server/catalog";
import { DomainError } from "#server/kernel/errors";
import { addedFile, formRequest, handleUpload, isUpload, receivePartForm, type Received } from "./uploads.server";

import { findPart, blockFields, partFormFields, blockOpOf, attachmentFields, formatDuration, VIDEO_STATES } from "./fields.server";
export const editorLoader = pageRoute(async (args: Route.LoaderArgs) => {
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
    done: doneMessage(args.request, {
      ulozene: `Časť „${part.title}“ je uložená.`,
      pridane: `Pridané do časti „${part.title}“.`,
      zmazane: `Zmazané z časti „${part.title}“.`,
    }),
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
            captions: (b.captions ?? []).map((c) => ({ lang: c.lang, label: c.label })),
            derivedTranscript: !b.transcript?.trim() && !!b.captionsTranscript,
            uploadUrl: `/admin/video/${part._id}/${b.id}`,
          };
        case "presentation":
          return { id: b.id, type: b.type, pdfPath: b.pdfPath, slideCount: String(b.slideCount), uploaded: !!b.fileId };
        case "image":
          return { id: b.id, type: b.type, imagePath: b.imagePath, alt: b.alt, caption: b.caption ?? "", uploaded: !!b.fileId };
      }
    }),
    attachments: part.attachments.map((a) => ({ ...a, size: `${Math.max(1, Math.round(a.sizeBytes / 1024))} kB` })),
  };
});

export const editorAction = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const { part } = findPart(d, args.params.partId);
  const here = `/admin/kurzy/${d.course._id}/casti/${part._id}`;
  // block-list edits are server/authoring's (editPartBlocks): the page names the edit
  const editBlocks = async (edit: BlockEdit, anchor?: string, done: "ulozene" | "pridane" | "zmazane" | "presunute" = "ulozene") => {
    const edited = await editPartBlocks(services.db, actor, part, edit);
    return edited.ok ? redirect(doneUrl(here, done, anchor)) : edited;
  };

  // the part form and the one-file forms post to `?upload` (multipart): a chosen file is
  // streamed into the store first (server/files), the other fields then go on as a form
  let request = args.request;
  let received: Received | null = null;
  if (isUpload(request)) {
    received = await receivePartForm(request, services, actor);
    if (received.fields.intent !== "savePart") return handleUpload(received, { services, actor, part, here });
    request = formRequest(request, received.entries);
  }

  return handleIntents(request, {
    savePart: intent({
      schema: f.savePart,
      fields: partFormFields,
      run: async (v, submission) => {
        const op = blockOpOf(v.blockOp);
        if (op?.op === "preview") {
          // nothing saved: the whole form comes back as typed, with the one text rendered
          const markdown =
            op.blockId === "new"
              ? (v.newMarkdown ?? "")
              : ((v.blocks.find((b) => b.id === op.blockId && b.type === "text") as { markdown?: string } | undefined)?.markdown ?? "");
          return formReply({ form: "savePart", result: submission.reply(), preview: { html: renderMarkdown(markdown), markdown, blockId: op.blockId } }, 200);
        }
        // a file added on the form: stored above (without JavaScript) or uploaded before (its id)
        const added = await addedFile(
          services,
          received,
          v,
          part.contentBlocks.filter((b) => b.type === "video").map((b) => b.id),
        );
        if (added && "refused" in added)
          return formReply({ form: "savePart", result: submission.reply({ fieldErrors: { [added.field]: [added.refused] } }) }, added.status);
        const typed: PartBlockInput[] = v.blocks.map((b) => {
          if (b.type === "video") {
            // captions are not typed: the stored ones, one added from the form's file, one removed by its button
            const stored = part.contentBlocks.find((s) => s.id === b.id);
            const before = stored?.type === "video" ? (stored.captions ?? []) : [];
            let captions: { lang: string; label?: string; fileId: string }[] = before.map((c) => ({ lang: c.lang, label: c.label, fileId: c.fileId }));
            if (op?.op === "uncaption" && op.blockId === b.id) captions = captions.filter((c) => c.lang !== op.lang);
            if (added?.kind === "captions" && added.blockId === b.id)
              captions = [...captions.filter((c) => c.lang !== added.lang), { lang: added.lang, fileId: added.fileId }];
            const changed = captions.length !== before.length || (added?.kind === "captions" && added.blockId === b.id);
            return { id: b.id, type: "video", transcript: b.transcript ?? "", chapters: parseChapters(b.chapters).chapters, ...(changed ? { captions } : {}) };
          }
          // an uploaded file stays the block's file: the form shows it, it does not retype it
          const stored = part.contentBlocks.find((s) => s.id === b.id);
          if (b.type === "presentation" && stored?.type === "presentation" && stored.fileId) return { id: b.id, type: "presentation", fileId: stored.fileId };
          if (b.type === "image" && stored?.type === "image" && stored.fileId)
            return { id: b.id, type: "image", fileId: stored.fileId, alt: b.alt, ...(b.caption ? { caption: b.caption } : {}) };
          return { ...b };
        });
        const newText = v.newMarkdown?.trim() ? v.newMarkdown : undefined;
        const edit: BlockEdit | undefined =
          op?.op === "detach" || op?.op === "uncaption"
            ? undefined
            : op?.op !== "add"
              ? op
              : op.type === "video"
                ? { op: "add", block: { type: "video" } }
                : newText
                  ? { op: "add", block: { type: "text", markdown: newText } }
                  : undefined;
        const fields = {
          title: v.title,
          slug: v.slug ?? part.slug,
          summary: v.summary ?? null,
          requiredForCompletion: v.requiredForCompletion,
          prerequisites: v.prerequisites,
          // the flag belongs to the part's test; without one it stays as it is
          ...(part.partTestId ? { partTestRequired: v.partTestRequired } : {}),
        };
        const detach = op?.op === "detach" ? op.index : undefined;
        if (detach !== undefined && detach >= part.attachments.length) throw new DomainError("not_found", "Príloha v tejto časti nie je.");
        const edits: BlockEdit[] = edit ? [edit] : [];
        // text typed as a new block goes along with any other button too
        if (newText && !(op?.op === "add" && op.type === "text")) edits.push({ op: "add", block: { type: "text", markdown: newText } });
        if (added?.kind === "presentation") edits.push({ op: "add", block: { type: "presentation", fileId: added.fileId } });
        if (added?.kind === "image")
          edits.push({ op: "add", block: { type: "image", fileId: added.fileId, alt: added.alt, ...(added.caption ? { caption: added.caption } : {}) } });
        // attachments: one removed by its list button, one added from the form's file
        const attachments =
          added?.kind === "attachment" || detach !== undefined
            ? [...part.attachments.filter((_, k) => k !== detach).map(attachmentInputOf), ...(added?.kind === "attachment" ? [{ fileId: added.fileId }] : [])]
            : undefined;
        // one call: the part's fields, every block and what is added or removed, in one transaction
        const saved = await savePartWithBlocks(services.db, actor, part, { ...fields, ...(attachments ? { attachments } : {}) }, typed, edits);
        if (!saved.ok) return saved;
        if (detach !== undefined) return redirect(doneUrl(here, "zmazane", "prilohy"));
        if (op?.op === "uncaption") return redirect(doneUrl(here, "zmazane", `blok-${op.blockId}`));
        if (added?.kind === "captions") return redirect(doneUrl(here, "pridane", `blok-${added.blockId}`));
        if (added) return redirect(doneUrl(here, "pridane", added.kind === "attachment" ? "prilohy" : "bloky"));
        if (op?.op === "move") return redirect(doneUrl(here, "presunute", `blok-${op.blockId}`));
        if (op?.op === "delete") return redirect(doneUrl(here, "zmazane", "bloky"));
        if (op?.op === "add") return redirect(doneUrl(here, "pridane", "bloky"));
        return redirect(doneUrl(here, "ulozene"));
      },
    }),
    addTextBlock: intent({
      schema: f.addTextBlock,
      fields: blockFields,
      run: (v) => editBlocks({ op: "add", block: { type: "text", markdown: v.markdown } }, "bloky", "pridane"),
    }),
    addVideoBlock: intent({ schema: f.addVideoBlock, run: () => editBlocks({ op: "add", block: { type: "video" } }, "bloky", "pridane") }),
    addPresentationBlock: intent({
      schema: f.addPresentationBlock,
      fields: blockFields,
      run: (v) => editBlocks({ op: "add", block: { type: "presentation", pdfPath: v.pdfPath, slideCount: v.slideCount } }, "bloky", "pridane"),
    }),
    addImageBlock: intent({
      schema: f.addImageBlock,
      fields: blockFields,
      run: (v) =>
        editBlocks(
          { op: "add", block: { type: "image", imagePath: v.imagePath, alt: v.alt, ...(v.caption ? { caption: v.caption } : {}) } },
          "bloky",
          "pridane",
        ),
    }),
    editTextBlock: intent({
      schema: f.editTextBlock,
      fields: blockFields,
      run: (v) => editBlocks({ op: "replace", blockId: v.blockId, block: { type: "text", markdown: v.markdown } }, `blok-${v.blockId}`),
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
        const { chapters } = parseChapters(v.chapters);
        return editBlocks({ op: "replace", blockId: v.blockId, block: { type: "video", transcript: v.transcript ?? "", chapters } }, `blok-${v.blockId}`);
      },
    }),
    editPresentationBlock: intent({
      schema: f.editPresentationBlock,
      fields: blockFields,
      run: (v) =>
        editBlocks({ op: "replace", blockId: v.blockId, block: { type: "presentation", pdfPath: v.pdfPath, slideCount: v.slideCount } }, `blok-${v.blockId}`),
    }),
    editImageBlock: intent({
      schema: f.editImageBlock,
      fields: blockFields,
      run: (v) =>
        editBlocks(
          { op: "replace", blockId: v.blockId, block: { type: "image", imagePath: v.imagePath, alt: v.alt, ...(v.caption ? { caption: v.caption } : {}) } },
          `blok-${v.blockId}`,
        ),
    }),
    moveBlock: intent({
      schema: f.moveBlock,
      run: (v) => editBlocks({ op: "move", blockId: v.blockId, direction: v.direction }, `blok-${v.blockId}`, "presunute"),
    }),
    deleteBlock: intent({
      schema: f.deleteBlock,
      run: (v) => editBlocks({ op: "delete", blockId: v.blockId }, "bloky", "zmazane"),
    }),
    addAttachment: intent({
      schema: f.addAttachment,
      fields: attachmentFields,
      run: async (v) => {
        const attachments = [...part.attachments.map(attachmentInputOf), { name: v.name, path: v.path, sizeBytes: v.sizeBytes, mimeType: v.mimeType }];
        const saved = await updatePart(services.db, actor, part._id, contractBody(PartPatchRequest, { attachments }));
        return saved.ok ? redirect(doneUrl(here, "pridane", "prilohy")) : saved;
      },
    }),
    deleteAttachment: intent({
      schema: f.deleteAttachment,
      run: async (v) => {
        if (v.index >= part.attachments.length) throw new DomainError("not_found", "Príloha v tejto časti nie je.");
        const attachments = part.attachments.filter((_, i) => i !== v.index).map(attachmentInputOf);
        const saved = await updatePart(services.db, actor, part._id, contractBody(PartPatchRequest, { attachments }));
        return saved.ok ? redirect(doneUrl(here, "zmazane", "prilohy")) : saved;
      },
    }),
    createPartTest: intent({
      schema: f.createPartTest,
      fields: { title: "title" },
      run: async (v) => {
        const body = contractBody(TestCreateRequest, { courseId: d.course._id, placement: "part", partId: part._id, title: v.title });
        return redirectOr(await createTest(services.db, actor, body), (test) => doneUrl(`/admin/kurzy/${d.course._id}/testy/${test._id}`, "pridane"));
      },
    }),
  });
});
