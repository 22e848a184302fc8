// The part editor's upload forms (multipart, plain forms without JavaScript): a presentation
// PDF, an image or an attachment is streamed into the store (server/files, never buffered)
// and becomes a new block or attachment referencing its file id. A refused file (type,
// broken PDF, size, name) is said on its form in Slovak; nothing is stored.
import { redirect } from "react-router";
import type { AppServices } from "#server/services";
import { attachmentInputOf, editPartBlocks, PartPatchRequest, updatePart, type Actor, type AdminPart } from "#server/authoring";
import { DomainError } from "#server/http/errors";
import { contractBody, doneUrl, formReply } from "../../../lib/admin-authoring.server";

export const UPLOAD_INTENTS = { uploadPresentationBlock: "presentation", uploadImageBlock: "image", uploadAttachment: "attachment" } as const;
type UploadIntent = keyof typeof UPLOAD_INTENTS;

/** An upload form's POST: multipart, to `<part editor>?upload` (the forms' action). */
export function isUpload(request: Request): boolean {
  return new URL(request.url).searchParams.has("upload") && /^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "");
}

function refused(form: string, fields: Record<string, string>, field: string, message: string, status: number) {
  return formReply({ form, result: { status: "error", initialValue: fields, error: { [field]: [message] } } }, status);
}

export async function handleUpload(request: Request, deps: { services: AppServices; actor: Actor; part: AdminPart; here: string }) {
  const { services, actor, part, here } = deps;
  const { fields, outcome } = await services.files.receiveForm(actor, { contentType: request.headers.get("Content-Type"), body: request.body });
  const intent = fields.intent as UploadIntent;
  if (!Object.hasOwn(UPLOAD_INTENTS, intent)) throw new DomainError("bad_request", "Formulár poslal neznámu akciu.");
  const form = fields._form ?? intent;
  if (!outcome.ok) return refused(form, fields, "file", outcome.error.message, outcome.error.status);
  if (!outcome.file) return refused(form, fields, "file", "Vyberte súbor.", 422);
  if (outcome.file.kind !== UPLOAD_INTENTS[intent]) return refused(form, fields, "file", "Súbor bol nahraný ako iný druh.", 422);
  const fileId = outcome.file.id;
  try {
    switch (intent) {
      case "uploadPresentationBlock":
        await editPartBlocks(services.db, actor, part, { op: "add", block: { type: "presentation", fileId } });
        return redirect(doneUrl(here, "pridane", "bloky"));
      case "uploadImageBlock": {
        const alt = (fields.alt ?? "").trim();
        // the file stays unreferenced (removed after 30 days) until it is chosen again with a text
        if (!alt) return refused(form, fields, "alt", "Obrázok potrebuje alternatívny text.", 422);
        const caption = (fields.caption ?? "").trim();
        await editPartBlocks(services.db, actor, part, { op: "add", block: { type: "image", fileId, alt, ...(caption ? { caption } : {}) } });
        return redirect(doneUrl(here, "pridane", "bloky"));
      }
      case "uploadAttachment": {
        const attachments = [...part.attachments.map(attachmentInputOf), { fileId }];
        await updatePart(services.db, actor, part._id, contractBody(PartPatchRequest, { attachments }));
        return redirect(doneUrl(here, "pridane", "prilohy"));
      }
    }
  } catch (error) {
    if (error instanceof DomainError && error.status < 500 && ![401, 403, 404].includes(error.status)) return refused(form, fields, "file", error.message, error.status);
    throw error;
  }
}
