// The part editor's one form as the page sends it (docs/decisions/files/one-form-uploads.md).
import type { schema } from "#server/db";

type Part = typeof schema.parts.$inferSelect;

/** The part form's fields as the page sends them for the part as stored. */
export function partFields(part: Part, extra: [string, string][]): [string, string][] {
  const fields: [string, string][] = [
    ["_form", "savePart"],
    ["intent", "savePart"],
    ["title", part.title],
    ["slug", part.slug],
    ["summary", part.summary ?? ""],
  ];
  if (part.requiredForCompletion) fields.push(["requiredForCompletion", "on"]);
  for (const p of part.prerequisites) fields.push(["prerequisites", p]);
  part.contentBlocks.forEach((b, i) => {
    fields.push([`blocks[${i}].id`, b.id], [`blocks[${i}].type`, b.type]);
    if (b.type === "text") fields.push([`blocks[${i}].markdown`, b.markdown]);
    if (b.type === "video") fields.push([`blocks[${i}].transcript`, b.transcript ?? ""], [`blocks[${i}].chapters`, ""]);
    if (b.type === "presentation") fields.push([`blocks[${i}].pdfPath`, b.pdfPath], [`blocks[${i}].slideCount`, String(b.slideCount)]);
    if (b.type === "image") fields.push([`blocks[${i}].imagePath`, b.imagePath], [`blocks[${i}].alt`, b.alt], [`blocks[${i}].caption`, b.caption ?? ""]);
  });
  const merged = fields.filter(([name]) => !extra.some(([n]) => n === name));
  return [...merged, ...extra];
}
