// Stored pictures as pages show them (docs/decisions/files/public-images.md): the widths a
// picture was derived in (derive.ts), each behind its own signed URL, as one <img> with
// `srcset` and the pixel size of its largest offered width (no layout shift). The course's
// cover and share image and a lecturer's photo use it on the public pages; what signs the
// URLs is handed in (MediaUrls.publicFile there).
import type { DbOrTx } from "../db";
import type { SignedUrl } from "../video";
import { imageWidths, widthVariant } from "./derive";
import { fileSummaries } from "./records";
import { storedFilePath } from "./serve";

/** An uploaded picture's id and pixel size (what a view of it needs). */
export type StoredImage = { fileId: string; width: number; height: number };

/** A picture for <img>: the largest offered width's URL (and when it expires), all of them as `srcset`, and that width's size. */
export type ImageView = { url: string; expiresAt: Date; srcset: string; width: number; height: number };

/** The stored pictures among `ids` (other kinds and unknown ids left out). */
export async function storedImages(db: DbOrTx, ids: readonly (string | null | undefined)[]): Promise<Map<string, StoredImage>> {
  const summaries = await fileSummaries(
    db,
    ids.filter((id): id is string => Boolean(id)),
  );
  const images = new Map<string, StoredImage>();
  for (const s of summaries.values()) {
    if (s.width && s.height && s.mimeType.startsWith("image/")) images.set(s.id, { fileId: s.id, width: s.width, height: s.height });
  }
  return images;
}

/** The view of a stored picture, offered up to `maxWidth` pixels wide (at least its smallest width). */
export function imageView(image: StoredImage, sign: (path: string) => SignedUrl, maxWidth = Number.POSITIVE_INFINITY): ImageView {
  const all = imageWidths(image.width);
  const widths = all.filter((w) => w <= maxWidth);
  if (widths.length === 0) widths.push(all[0]);
  const largest = widths[widths.length - 1];
  const signed = (w: number) => sign(storedFilePath(image.fileId, widthVariant(w)));
  const biggest = signed(largest);
  return {
    url: biggest.url,
    expiresAt: biggest.expiresAt,
    srcset: widths.map((w) => `${w === largest ? biggest.url : signed(w).url} ${w}w`).join(", "),
    width: largest,
    height: Math.max(1, Math.round((image.height * largest) / image.width)),
  };
}
