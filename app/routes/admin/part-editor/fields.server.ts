// The part editor's field maps, list-button ops and labels, used by its loader and action (editor.server.ts).
import { type AdminCourseDetail } from "#server/authoring";
import { DomainError } from "#server/kernel/errors";
import type { FieldMap } from "../../../lib/admin-authoring.server";

export function findPart(d: AdminCourseDetail, partId: string | undefined) {
  for (const [li, level] of d.levels.entries()) {
    for (const [ti, topic] of level.topics.entries()) {
      const part = topic.module?.parts.find((p) => p._id === partId);
      if (part) return { part, level, topic, where: `Úroveň ${li + 1} › Téma ${li + 1}.${ti + 1} ${topic.title}` };
    }
  }
  throw new DomainError("not_found", "Časť v tomto kurze nie je.");
}

/** `contentBlocks.<i>.<field>` → that field of the block's form. */
export const blockFields: FieldMap = (path) => {
  const m = /^contentBlocks\.\d+\.(\w+)/.exec(path);
  return m && ["markdown", "transcript", "chapters", "pdfPath", "slideCount", "imagePath", "alt", "caption"].includes(m[1]) ? m[1] : undefined;
};
/** The part form's fields: its own, and `contentBlocks.<i>.<field>` → `blocks[<i>].<field>`. */
export const partFormFields: FieldMap = (path) => {
  const top = ["title", "slug", "summary", "prerequisites", "requiredForCompletion"].find((k) => path === k || path.startsWith(`${k}.`));
  if (top) return top;
  const m = /^contentBlocks\.(\d+)\.(\w+)/.exec(path);
  return m && blockFields(path) ? `blocks[${m[1]}].${m[2]}` : undefined;
};

export type BlockOp =
  | { op: "move"; blockId: string; direction: "up" | "down" }
  | { op: "delete"; blockId: string }
  | { op: "preview"; blockId: string }
  | { op: "add"; type: "text" | "video" }
  | { op: "detach"; index: number }
  | { op: "uncaption"; blockId: string; lang: string };
/** The list button of the part form (its value, checked by the form's schema). */
export function blockOpOf(value: string | undefined): BlockOp | undefined {
  if (!value) return undefined;
  const [op, a, b] = value.split(":");
  if (op === "move") return { op, blockId: a, direction: b === "up" ? "up" : "down" };
  if (op === "delete" || op === "preview") return { op, blockId: a };
  if (op === "detach") return { op, index: Number(a) };
  if (op === "uncaption") return { op, blockId: a, lang: b };
  return { op: "add", type: a === "video" ? "video" : "text" };
}

export const attachmentFields: FieldMap = (path) => {
  const m = /^attachments\.\d+\.(\w+)/.exec(path);
  return m && ["name", "path", "sizeBytes", "mimeType"].includes(m[1]) ? m[1] : undefined;
};

export function formatDuration(sec: number | undefined): string | null {
  if (sec === undefined) return null;
  const s = Math.round(sec);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export const VIDEO_STATES = { waiting: "Čaká na nahratie a spracovanie", ready: "Pripravené", errored: "Spracovanie zlyhalo – nahrajte video znova" } as const;
