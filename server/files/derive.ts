// What is derived from an upload, once (the `files.derive` job; the file route derives a
// missing variant on demand too, so a slide asked for before the job ran is still shown):
// a presentation's pages as WebP slides (Poppler's `pdftoppm`, longest side SLIDE_PX),
// an image's WebP widths (`sharp`). Variants are keyed by the source content, so the same
// bytes uploaded twice are derived once; a rerun finds them stored.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { schema, type Database } from "../db";
import type { Logger } from "../log";
import { contentInfo, copyContentTo, putBytes } from "./store";
import { needsDerivation } from "./upload";

const run = promisify(execFile);

/** Widths an image is resized to (never upscaled); the largest stands for the original. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
/** A slide's longest side in pixels. */
export const SLIDE_PX = 1280;

/** The widths an image of `width` pixels is offered in (`w<N>.webp`). */
export function imageWidths(width: number): number[] {
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  return [...below, Math.min(width, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1])];
}

/** A slide's variant name (1-based page). */
export const slideVariant = (page: number) => `page-${page}.webp`;
export const widthVariant = (width: number) => `w${width}.webp`;

type FileRow = typeof schema.files.$inferSelect;

async function storeVariant(db: Database, source: string, variant: string, bytes: Buffer, width: number, height: number) {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await db.transaction(async (tx) => {
    await putBytes(tx, bytes, sha256);
    await tx.insert(schema.fileVariants).values({ sourceSha256: source, variant, sha256, mimeType: "image/webp", width, height }).onConflictDoNothing();
  });
}

async function existingVariants(db: Database, source: string): Promise<Set<string>> {
  const rows = await db.select({ variant: schema.fileVariants.variant }).from(schema.fileVariants).where(eq(schema.fileVariants.sourceSha256, source));
  return new Set(rows.map((r) => r.variant));
}

/** Derives what `file` needs and is not stored yet; marks the file derived. */
export async function deriveFile(db: Database, file: FileRow, only?: string): Promise<void> {
  if (!needsDerivation(file.kind, file.mimeType)) return;
  const content = await contentInfo(db, file.sha256);
  if (!content) return;
  const have = await existingVariants(db, file.sha256);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "derive-"));
  try {
    const source = path.join(dir, `source-${randomBytes(6).toString("hex")}`);
    await copyContentTo(db, content, source);
    if (file.mimeType === "application/pdf") {
      const pages = file.pages ?? 0;
      for (let page = 1; page <= pages; page++) {
        const variant = slideVariant(page);
        if (have.has(variant) || (only && only !== variant)) continue;
        const prefix = path.join(dir, `p${page}`);
        await run("pdftoppm", ["-f", String(page), "-l", String(page), "-singlefile", "-scale-to", String(SLIDE_PX), "-png", source, prefix], {
          timeout: 120_000,
        });
        const { data, info } = await sharp(`${prefix}.png`).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
        await storeVariant(db, file.sha256, variant, data, info.width, info.height);
        await fs.promises.rm(`${prefix}.png`, { force: true });
      }
    } else {
      for (const width of imageWidths(file.width ?? IMAGE_WIDTHS[0])) {
        const variant = widthVariant(width);
        if (have.has(variant) || (only && only !== variant)) continue;
        const { data, info } = await sharp(source)
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        await storeVariant(db, file.sha256, variant, data, info.width, info.height);
      }
    }
    if (!only)
      await db
        .update(schema.files)
        .set({ derivedAt: new Date() })
        .where(and(eq(schema.files.id, file.id), isNull(schema.files.derivedAt)));
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The `files.derive` handler. */
export function deriveFileJob(deps: { db: Database; log: Logger }) {
  return async ({ fileId }: { fileId: string }) => {
    const [file] = await deps.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    if (!file) return { skipped: "gone" };
    if (file.derivedAt) return { skipped: "derived" };
    const started = Date.now();
    await deriveFile(deps.db, file);
    deps.log.info("file derived", { fileId, kind: file.kind, ms: Date.now() - started });
    return { derived: true };
  };
}
