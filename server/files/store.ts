// Storing and reading bytes (docs/decisions/files/files-in-the-database.md > Files in the database). A content is
// written once per SHA-256, cut into CHUNK_BYTES chunks read from a spooled temporary file
// one at a time; reading yields the chunks a byte range touches, one query each, so a
// 50 MiB PDF never sits in memory whole on either side.
import fs from "node:fs";
import { and, eq, gte, lte, asc, sql } from "drizzle-orm";
import { schema, type DbOrTx, type Database } from "../db";

/** 1 MiB chunks: few rows per file, small enough for any driver's parameter */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Stores the bytes of `file` (already hashed while it arrived) unless that content is
 * stored already; true when this call stored it. Run inside the caller's transaction.
 */
export async function putContent(tx: DbOrTx, file: string, sha256: string, sizeBytes: number): Promise<boolean> {
  const inserted = await tx
    .insert(schema.fileContents)
    .values({ sha256, sizeBytes, chunkBytes: CHUNK_BYTES })
    .onConflictDoNothing()
    .returning({ sha256: schema.fileContents.sha256 });
  if (inserted.length === 0) return false;
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let seq = 0, offset = 0; offset < sizeBytes; seq++) {
      // fill one whole chunk (a read may return less than asked)
      let filled = 0;
      while (filled < CHUNK_BYTES && offset + filled < sizeBytes) {
        const { bytesRead } = await handle.read(buffer, filled, CHUNK_BYTES - filled, offset + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) throw new Error(`spooled file ended early at ${offset} of ${sizeBytes} bytes`);
      await tx.insert(schema.fileChunks).values({ sha256, seq, data: Buffer.from(buffer.subarray(0, filled)) });
      offset += filled;
    }
  } finally {
    await handle.close();
  }
  return true;
}

/** Stores bytes already in memory (a derived image of a few hundred KiB). */
export async function putBytes(tx: DbOrTx, bytes: Buffer, sha256: string): Promise<void> {
  const inserted = await tx
    .insert(schema.fileContents)
    .values({ sha256, sizeBytes: bytes.length, chunkBytes: CHUNK_BYTES })
    .onConflictDoNothing()
    .returning({ sha256: schema.fileContents.sha256 });
  if (inserted.length === 0) return;
  for (let seq = 0, offset = 0; offset < bytes.length; seq++, offset += CHUNK_BYTES) {
    await tx.insert(schema.fileChunks).values({ sha256, seq, data: bytes.subarray(offset, offset + CHUNK_BYTES) });
  }
}

export type ContentInfo = { sha256: string; sizeBytes: number; chunkBytes: number };

export async function contentInfo(db: DbOrTx, sha256: string): Promise<ContentInfo | null> {
  const [row] = await db
    .select({ sha256: schema.fileContents.sha256, sizeBytes: schema.fileContents.sizeBytes, chunkBytes: schema.fileContents.chunkBytes })
    .from(schema.fileContents)
    .where(eq(schema.fileContents.sha256, sha256));
  return row ?? null;
}

/** The bytes `start`..`end` (inclusive) of a content, a chunk per query. */
export async function* readContent(db: Database, content: ContentInfo, start = 0, end = content.sizeBytes - 1): AsyncGenerator<Buffer> {
  const first = Math.floor(start / content.chunkBytes);
  const last = Math.floor(end / content.chunkBytes);
  for (let seq = first; seq <= last; seq++) {
    const [row] = await db
      .select({ data: schema.fileChunks.data })
      .from(schema.fileChunks)
      .where(and(eq(schema.fileChunks.sha256, content.sha256), eq(schema.fileChunks.seq, seq)));
    if (!row) throw new Error(`chunk ${seq} of ${content.sha256} is missing`);
    const base = seq * content.chunkBytes;
    const from = Math.max(start - base, 0);
    const to = Math.min(end - base, row.data.length - 1);
    const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
    yield data.subarray(from, to + 1);
  }
}

/** A whole content copied into a file (for pdftoppm and sharp in the derive job). */
export async function copyContentTo(db: Database, content: ContentInfo, file: string): Promise<void> {
  const out = await fs.promises.open(file, "w");
  try {
    for await (const chunk of readContent(db, content)) await out.write(chunk);
  } finally {
    await out.close();
  }
}

/** Chunks of a content in order (tests check the cut). */
export async function chunkSizes(db: DbOrTx, sha256: string): Promise<number[]> {
  const rows = await db
    .select({ size: sql<number>`length(${schema.fileChunks.data})`.mapWith(Number) })
    .from(schema.fileChunks)
    .where(and(eq(schema.fileChunks.sha256, sha256), gte(schema.fileChunks.seq, 0), lte(schema.fileChunks.seq, 1_000_000)))
    .orderBy(asc(schema.fileChunks.seq));
  return rows.map((r) => r.size);
}
