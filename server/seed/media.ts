// The demo content's files move into the store at seed time (docs/decisions/files/seed-media.md):
// each presentation PDF, image and attachment the demo catalog names under /media/ is stored
// through server/files (inspected like an upload, the same bytes once) and its block or
// attachment then references the file's id, as an uploaded one does. media/ stays only as
// the seed's source; the courses' covers (public/media/covers) become uploaded covers too. SVG pictures are not accepted by the store (a document that can carry
// script): they are rendered to PNG (sharp) first. A file missing from MEDIA_DIR keeps its
// typed /media/ path (still served by the signed /files/ route).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { DbOrTx } from "../db";
import type { CourseTree } from "../authoring";
import { SLIDE_PX, storedFilePath, storeLocalFile, type FileKind, type FileSummary } from "../files";

/** What was stored so far, by kind and /media/ path (one seed stores each file once). */
export type Stored = Map<string, FileSummary | null>;

async function store(
  tx: DbOrTx,
  stored: Stored,
  mediaDir: string,
  mediaPath: string,
  kind: FileKind,
  uploadedBy: string,
  tmp: string,
): Promise<FileSummary | null> {
  const key = `${kind}:${mediaPath}`;
  if (stored.has(key)) return stored.get(key)!;
  const source = path.join(mediaDir, mediaPath.replace(/^\/media\//, ""));
  let summary: FileSummary | null = null;
  if (fs.existsSync(source)) {
    let file = source;
    let name = path.basename(source);
    if (/\.svg$/i.test(source)) {
      name = name.replace(/\.svg$/i, ".png");
      file = path.join(tmp, name);
      await sharp(source, { density: 144 }).png().toFile(file);
    }
    summary = await storeLocalFile(tx, { file, kind, name, uploadedBy });
  }
  stored.set(key, summary);
  return summary;
}

/** Rewrites the trees' /media/ blocks and attachments to stored files (in `tx`, with the seed). */
export async function moveDemoMediaIntoStore(
  tx: DbOrTx,
  trees: CourseTree[],
  options: { mediaDir: string; uploadedBy: string; stored: Stored; publicMediaDir?: string },
): Promise<void> {
  const { stored } = options;
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "seed-media-"));
  try {
    for (const tree of trees) {
      // the course's cover (an SVG under public/media/covers) becomes an uploaded cover; the typed
      // address stays beside it (the Open Badge's picture, docs/decisions/files/public-images.md)
      if (tree.coverImageUrl?.startsWith("/media/covers/")) {
        const publicMedia = options.publicMediaDir ?? path.resolve("public/media");
        const file = await store(tx, stored, publicMedia, tree.coverImageUrl, "cover", options.uploadedBy, tmp);
        if (file) tree.coverFileId = file.id;
      }
      for (const level of tree.levels) {
        for (const topic of level.topics) {
          for (const part of topic.parts) {
            for (const [i, block] of part.blocks.entries()) {
              if (block.type === "presentation" && block.pdfPath.startsWith("/media/")) {
                const file = await store(tx, stored, options.mediaDir, block.pdfPath, "presentation", options.uploadedBy, tmp);
                if (!file) continue;
                const scale = SLIDE_PX / Math.max(file.width ?? 842, file.height ?? 595, 1);
                part.blocks[i] = {
                  type: "presentation",
                  pdfPath: storedFilePath(file.id),
                  slideCount: file.pages ?? block.slideCount,
                  fileId: file.id,
                  slideWidth: Math.round((file.width ?? 842) * scale),
                  slideHeight: Math.round((file.height ?? 595) * scale),
                };
              }
              if (block.type === "image" && block.imagePath.startsWith("/media/")) {
                const file = await store(tx, stored, options.mediaDir, block.imagePath, "image", options.uploadedBy, tmp);
                if (!file) continue;
                part.blocks[i] = { ...block, imagePath: storedFilePath(file.id), fileId: file.id, width: file.width ?? 0, height: file.height ?? 0 };
              }
            }
            for (const [i, a] of (part.attachments ?? []).entries()) {
              if (!a.path.startsWith("/media/")) continue;
              const file = await store(tx, stored, options.mediaDir, a.path, "attachment", options.uploadedBy, tmp);
              if (!file) continue;
              part.attachments![i] = { name: a.name, path: storedFilePath(file.id), sizeBytes: file.sizeBytes, mimeType: file.mimeType, fileId: file.id };
            }
          }
        }
      }
    }
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
