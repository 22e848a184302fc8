// Stored files as other areas need them: a summary per id (authoring checks a referenced
// file's kind and copies its page count and size into the block), and storing a file from
// disk (the seed moves the demo content from media/ into the store this way).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { newId, schema, type DbOrTx } from "../db";
import type { Queue } from "../queue";
import { inspectUpload, type FileKind } from "./inspect";
import { putContent } from "./store";
import { needsDerivation } from "./upload";
import { isId } from "../../shared/ids";

export type FileSummary = { id: string; name: string; kind: FileKind; mimeType: string; sizeBytes: number; pages: number | null; width: number | null; height: number | null };

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
  return new Map(rows.map((r) => [r.id, r]));
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
