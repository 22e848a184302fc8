// A part's block list edited one block at a time (the part editor's forms): add, replace,
// move up or down, delete. The list is the part's `contentBlocks` as the contract takes
// them (each kept block with its id, so what the server alone knows, such as a video's
// upload state, stays); the change is written by updatePart, which checks the draft,
// stores the blocks and writes the audit row. spec: Resources > Content block.
import type { Database } from "../db";
import { DomainError, zodDetails, type ErrorDetails } from "../kernel/errors";
import { ok, refusalOf, refused, type Outcome } from "../kernel/outcome";
import { PartPatchRequest, type AdminPart } from "./contract";
import { updatePart } from "./content";
import type { Actor } from "./editing";

export type BlockInput = NonNullable<PartPatchRequest["contentBlocks"]>[number];
export type AttachmentInput = NonNullable<PartPatchRequest["attachments"]>[number];

/** A stored attachment as the contract's input: an upload by its file id (and its name), else its typed facts. */
export function attachmentInputOf(a: AdminPart["attachments"][number]): AttachmentInput {
  return a.fileId ? { fileId: a.fileId, name: a.name } : { name: a.name, path: a.path, sizeBytes: a.sizeBytes, mimeType: a.mimeType };
}
export type BlockEdit =
  | { op: "add"; block: BlockInput }
  | { op: "replace"; blockId: string; block: BlockInput }
  | { op: "move"; blockId: string; direction: "up" | "down" }
  | { op: "delete"; blockId: string };

/** A stored block as the contract's input (with its id, so it is kept). */
export function blockInputOf(b: AdminPart["contentBlocks"][number]): BlockInput {
  switch (b.type) {
    case "text":
      return { id: b.id, type: "text", markdown: b.markdown };
    case "video":
      return { id: b.id, type: "video", ...(b.transcript !== undefined ? { transcript: b.transcript } : {}), ...(b.chapters ? { chapters: b.chapters } : {}) };
    case "presentation":
      return b.fileId ? { id: b.id, type: "presentation", fileId: b.fileId } : { id: b.id, type: "presentation", pdfPath: b.pdfPath, slideCount: b.slideCount };
    case "image": {
      const caption = b.caption !== undefined ? { caption: b.caption } : {};
      return b.fileId
        ? { id: b.id, type: "image", fileId: b.fileId, alt: b.alt, ...caption }
        : { id: b.id, type: "image", imagePath: b.imagePath, alt: b.alt, ...caption };
    }
  }
}

/**
 * The block list after the edit (pure): null when nothing changes (moving the first block
 * up or the last one down). 404 for a block the part does not have; replacing a block that
 * is not a video by a video is 422.
 */
export function applyBlockEdit(blocks: readonly BlockInput[], edit: BlockEdit): BlockInput[] | null {
  if (edit.op === "add") return [...blocks, edit.block];
  const i = blocks.findIndex((b) => b.id === edit.blockId);
  if (i < 0) throw new DomainError("not_found", "Blok v tejto časti nie je.");
  switch (edit.op) {
    case "replace":
      if (edit.block.type === "video" && blocks[i].type !== "video") throw new DomainError("validation", "Blok nie je video.");
      return blocks.map((b, k) => (k === i ? { ...edit.block, id: edit.blockId } : b));
    case "delete":
      return blocks.filter((_, k) => k !== i);
    case "move": {
      const j = edit.direction === "up" ? i - 1 : i + 1;
      if (j < 0 || j >= blocks.length) return null;
      const next = [...blocks];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    }
  }
}

/**
 * Applies one edit to the part's blocks and stores them (updatePart); `changed` false when
 * there was nothing to do. Refusals (no such block, a list the contract refuses, updatePart's) are returned.
 */
export async function editPartBlocks(
  db: Database,
  actor: Actor,
  part: Pick<AdminPart, "_id" | "contentBlocks">,
  edit: BlockEdit,
): Promise<Outcome<{ changed: boolean }>> {
  let next;
  try {
    next = applyBlockEdit(part.contentBlocks.map(blockInputOf), edit);
  } catch (error) {
    return refusalOf(error);
  }
  if (!next) return ok({ changed: false });
  const body = PartPatchRequest.safeParse({ contentBlocks: next });
  if (!body.success) return refused("validation", undefined, zodDetails(body.error.issues) as ErrorDetails);
  const saved = await updatePart(db, actor, part._id, body.data);
  return saved.ok ? ok({ changed: true }) : saved;
}

/**
 * The part editor's one "Uložiť": the part's fields and every block as typed, then at most
 * one list edit (the button pressed: move, delete, add), written by one updatePart call,
 * so one transaction and one audit row (docs/decisions/authoring/one-save-for-a-part-and-its.md > One save for a part and its
 * blocks). Typed blocks replace the stored ones by id (a video keeps what the provider
 * filled in); a stored block the form did not send stays as it is; a typed id the part no
 * longer has is 404. Refusals are returned.
 */
export async function savePartWithBlocks(
  db: Database,
  actor: Actor,
  part: Pick<AdminPart, "_id" | "contentBlocks">,
  fields: Omit<PartPatchRequest, "contentBlocks">,
  typed: readonly BlockInput[],
  edit?: BlockEdit | readonly BlockEdit[],
): Promise<Outcome<AdminPart>> {
  let blocks = part.contentBlocks.map(blockInputOf);
  try {
    for (const b of typed) blocks = applyBlockEdit(blocks, { op: "replace", blockId: b.id ?? "", block: b }) ?? blocks;
    // the list button's edit, then blocks added on the same form (a new text, an uploaded file)
    for (const e of edit === undefined ? [] : Array.isArray(edit) ? edit : [edit as BlockEdit]) blocks = applyBlockEdit(blocks, e) ?? blocks;
  } catch (error) {
    return refusalOf(error);
  }
  const body = PartPatchRequest.safeParse({ ...fields, contentBlocks: blocks });
  if (!body.success) return refused("validation", undefined, zodDetails(body.error.issues) as ErrorDetails);
  return updatePart(db, actor, part._id, body.data);
}
