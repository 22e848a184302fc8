// Stored files as other areas need them: a summary per id (authoring checks a referenced
// file's kind and copies its page count and size into the block), and storing a file from
// disk (the seed moves the demo content from media/ into the store this way).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { newId, schema, type DbOrTx } from "../db";
import type { Queue } from "../queue";
import { inspectUpload, type FileKind } from "./inspect";
import { putContent } from "./store";
import { needsDerivation } from "./upload";
import { isId } from "../../shared/ids";

export type FileSummary = {
  id: string;
  name: string;
  kind: FileKind;
  mimeType: string;
  sizeBytes: number;
  pages: number | null;
  width: number | null;
  height: number | null;
  /** captions only: the cues' text as a plain transcript (captionsTranscript) */
  transcript?: string;
};

export async function fileSummaries(db: DbOrTx, ids: readonly string[]): Promise<Map<string, FileSummary>> {
  const unique = [...new Set(ids)].filter(isId);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: schema.files.id,
      name: schema.files.name,
      kind: schema.files.kind,
      mimeType: schema.files.mimeType,
      sizeBytes: schema.files.sizeBytes,
      pages: schema.files.pages,
      width: schema.files.width,
      height: schema.files.height,
    })
    .from(schema.files)
    .where(inArray(schema.files.id, unique));
  const summaries: FileSummary[] = rows;
  // captions are small (2 MiB cap): their text is read whole, chunk by chunk in order
  for (const r of summaries) {
    if (r.kind !== "captions") continue;
    const [file] = await db.select({ sha256: schema.files.sha256 }).from(schema.files).where(eq(schema.files.id, r.id));
    const chunks = await db
      .select({ data: schema.fileChunks.data })
      .from(schema.fileChunks)
      .where(eq(schema.fileChunks.sha256, file.sha256))
      .orderBy(asc(schema.fileChunks.seq));
    r.transcript = captionsTranscript(Buffer.concat(chunks.map((c) => Buffer.from(c.data))).toString("utf8"));
  }
  return new Map(summaries.map((r) => [r.id, r]));
}

/**
 * WebVTT cues as a plain transcript (W3C WebVTT § 4): the header, NOTE, STYLE and REGION
 * blocks, cue identifiers and timings dropped, tags removed, a line repeated by the next
 * cue said once; a paragraph where a cue ends a sentence.
 */
export function captionsTranscript(vtt: string): string {
  const blocks = vtt
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .join("\n")
    .split(/\n{2,}/);
  const lines: string[] = [];
  for (const block of blocks.slice(1)) {
    const rows = block.split("\n");
    const at = rows.findIndex((r) => r.includes("-->"));
    if (at === -1) continue;
    for (const row of rows.slice(at + 1)) {
      const text = row
        .replace(/<[^>]*>/g, "")
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&nbsp;/g, " ")
        .trim();
      if (text && lines[lines.length - 1] !== text) lines.push(text);
    }
  }
  let out = "";
  for (const line of lines) out += out === "" ? line : /[.!?…]["“”»]?$/.test(out) ? `\n\n${line}` : ` ${line}`;
  return out;
}

/**
 * Stores a file from disk as an upload by `uploadedBy` (inspected like an upload; the
 * same content is stored once), inside `tx`; the derive job is enqueued when a queue is given.
 */
export async function storeLocalFile(
  tx: DbOrTx,
  input: { file: string; kind: FileKind; name?: string; uploadedBy: string; queue?: Queue },
): Promise<FileSummary> {
  const bytes = await fs.promises.stat(input.file);
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(input.file)) hash.update(chunk as Buffer);
  const sha256 = hash.digest("hex");
  const name = input.name ?? path.basename(input.file);
  const inspected = await inspectUpload(input.file, bytes.size, input.kind, name);
  await putContent(tx, input.file, sha256, bytes.size);
  const id = newId();
  await tx.insert(schema.files).values({
    id,
    sha256,
    kind: input.kind,
    name,
    mimeType: inspected.mimeType,
    sizeBytes: bytes.size,
    pages: inspected.pages ?? null,
    width: inspected.width ?? null,
    height: inspected.height ?? null,
    uploadedBy: input.uploadedBy,
  });
  if (input.queue && needsDerivation(input.kind, inspected.mimeType)) await input.queue.enqueue(tx, "files.derive", { fileId: id });
  const [row] = await tx.select().from(schema.files).where(eq(schema.files.id, id));
  return { id, name, kind: input.kind, mimeType: row.mimeType, sizeBytes: row.sizeBytes, pages: row.pages, width: row.width, height: row.height };
}
