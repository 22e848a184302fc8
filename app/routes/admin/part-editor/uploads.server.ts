// The part editor's multipart POSTs to `?upload` (docs/decisions/files/one-form-uploads.md):
// the part form with a file chosen without JavaScript, and the older one-file forms. The
// file is streamed into the store (server/files, never buffered) and becomes a new block or
// attachment referencing its file id. A refused file (type,
// broken PDF, size, name) is said on its form in Slovak; nothing is stored.
import { redirect } from "react-router";
import type { AppServices } from "#server/services";
import { attachmentInputOf, editPartBlocks, PartPatchRequest, updatePart, type Actor, type AdminPart } from "#server/authoring";
import { DomainError } from "#server/kernel/errors";
import type { Outcome } from "#server/kernel/outcome";
import { fileSummaries, PAGE_FORM_LIMITS } from "#server/files";
import { contractOutcome, doneUrl, formReply } from "../../../lib/admin-authoring.server";
export { isUpload, formRequest } from "../../../lib/admin-files.server";

export const UPLOAD_INTENTS = { uploadPresentationBlock: "presentation", uploadImageBlock: "image", uploadAttachment: "attachment" } as const;
type UploadIntent = keyof typeof UPLOAD_INTENTS;

export type Received = Awaited<ReturnType<AppServices["files"]["receiveForm"]>>;

/** The multipart body read as a stream: the file (if one was chosen) stored, the other fields as sent. */
export function receivePartForm(request: Request, services: AppServices, actor: Actor): Promise<Received> {
  return services.files.receiveForm(
    actor,
    { contentType: request.headers.get("Content-Type"), body: request.body },
    { fileOptional: true, form: PAGE_FORM_LIMITS },
  );
}

function refused(form: string, fields: Record<string, string>, field: string, message: string, status: number) {
  return formReply({ form, result: { status: "error", initialValue: fields, error: { [field]: [message] } } }, status);
}

/** The one-file forms' intents (kept for API-like callers; the page itself uploads on its one form). */
export async function handleUpload(received: Received, deps: { services: AppServices; actor: Actor; part: AdminPart; here: string }) {
  const { services, actor, part, here } = deps;
  const { fields, outcome } = received;
  const intent = fields.intent as UploadIntent;
  if (!Object.hasOwn(UPLOAD_INTENTS, intent)) throw new DomainError("bad_request", "Formulár poslal neznámu akciu.");
  const form = fields._form ?? intent;
  if (!outcome.ok) return refused(form, fields, "file", outcome.error.message, outcome.error.status);
  if (!outcome.value) return refused(form, fields, "file", "Vyberte súbor.", 422);
  if (outcome.value.kind !== UPLOAD_INTENTS[intent]) return refused(form, fields, "file", "Súbor bol nahraný ako iný druh.", 422);
  const fileId = outcome.value.id;
  let saved: Outcome<unknown>;
  let anchor = "bloky";
  switch (intent) {
    case "uploadPresentationBlock":
      saved = await editPartBlocks(services.db, actor, part, { op: "add", block: { type: "presentation", fileId } });
      break;
    case "uploadImageBlock": {
      const alt = (fields.alt ?? "").trim();
      // the file stays unreferenced (removed after 30 days) until it is chosen again with a text
      if (!alt) return refused(form, fields, "alt", "Obrázok potrebuje alternatívny text.", 422);
      const caption = (fields.caption ?? "").trim();
      saved = await editPartBlocks(services.db, actor, part, { op: "add", block: { type: "image", fileId, alt, ...(caption ? { caption } : {}) } });
      break;
    }
    case "uploadAttachment": {
      const body = contractOutcome(PartPatchRequest, { attachments: [...part.attachments.map(attachmentInputOf), { fileId }] });
      saved = body.ok ? await updatePart(services.db, actor, part._id, body.value) : body;
      anchor = "prilohy";
      break;
    }
  }
  if (saved.ok) return redirect(doneUrl(here, "pridane", anchor));
  // a refusal the editor can act on is said on the file's field; 401/403/404 go to the error page
  const { error } = saved;
  if (error.status < 500 && ![401, 403, 404].includes(error.status)) return refused(form, fields, "file", error.message, error.status);
  throw error;
}

type Added =
  | { kind: "presentation" | "image" | "attachment"; fileId: string; alt: string; caption?: string }
  | { kind: "captions"; fileId: string; blockId: string; lang: string };
type AddRefused = { refused: string; field: string; status: number };

/**
 * The file added on the part form: the one streamed with it (no JavaScript) or the one
 * uploaded before by its id (JavaScript), checked before anything is saved; null for none.
 */
export async function addedFile(
  services: AppServices,
  received: Received | null,
  v: { kind?: Added["kind"]; newFileId?: string; newAlt?: string; newCaption?: string; captionsBlockId?: string; captionsLang?: string },
  videoIds: string[],
): Promise<Added | AddRefused | null> {
  if (received && !received.outcome.ok) return { refused: received.outcome.error.message, field: "file", status: received.outcome.error.status };
  const streamed = received?.outcome.ok ? received.outcome.value : null;
  const fileId = streamed?.id ?? v.newFileId;
  if (!fileId) return null;
  const kind = v.kind;
  if (!kind) return { refused: "Vyberte, čo má byť zo súboru: prezentácia, obrázok alebo príloha.", field: "kind", status: 422 };
  const stored = streamed ? streamed.kind : (await fileSummaries(services.db, [fileId])).get(fileId)?.kind;
  if (!stored) return { refused: "Nahraný súbor sa nenašiel; nahrajte ho znova.", field: "file", status: 422 };
  if (stored !== kind) return { refused: "Súbor bol nahraný ako iný druh; nahrajte ho znova.", field: "file", status: 422 };
  if (kind === "captions") {
    if (!v.captionsBlockId || !videoIds.includes(v.captionsBlockId))
      return { refused: "Vyberte video, ku ktorému titulky patria.", field: "captionsBlockId", status: 422 };
    if (!v.captionsLang) return { refused: "Vyberte jazyk titulkov.", field: "captionsLang", status: 422 };
    return { kind, fileId, blockId: v.captionsBlockId, lang: v.captionsLang };
  }
  const alt = (v.newAlt ?? "").trim();
  // the file stays unreferenced (removed after 30 days) until it is chosen again with a text
  if (kind === "image" && !alt) return { refused: "Obrázok potrebuje alternatívny text.", field: "newAlt", status: 422 };
  const caption = (v.newCaption ?? "").trim();
  return { kind, fileId, alt, ...(caption ? { caption } : {}) };
}
