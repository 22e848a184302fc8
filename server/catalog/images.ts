// A published course's pictures on the public pages and the catalog API
// (docs/decisions/files/public-images.md): an uploaded cover, share image or lecturer photo
// (server/files) is offered in its derived widths behind signed URLs that hold for the day
// (MediaUrls.publicFile); a typed address (coverImageUrl, ogImageUrl, avatarUrl) is used
// as it is when nothing was uploaded. The pictures' sizes are read with the course, so the
// catalog cache keeps them; only the signing happens per request.
import type { DbOrTx } from "../db";
import type { InstructorProfile } from "../db/schema";
import { imageView, storedImages, type ImageView, type StoredImage } from "../files";
import type { MediaUrls } from "../video";

/** The uploaded pictures a course references, by file id. */
export type CourseImages = Record<string, StoredImage>;

/** A picture on a page: an uploaded one with its widths and size, or a typed address alone. */
export type PictureView = ImageView | { url: string; srcset?: undefined; width?: undefined; height?: undefined };

type WithFiles = { coverFileId: string | null; ogImageFileId?: string | null; instructorProfiles: InstructorProfile[] };

/** Reads the stored pictures of `rows` in one query and gives each row its own. */
export async function attachImages<T extends WithFiles>(db: DbOrTx, rows: T[]): Promise<(T & { images: CourseImages })[]> {
  const idsOf = (r: T) => [r.coverFileId, r.ogImageFileId, ...r.instructorProfiles.map((p) => p.avatarFileId)];
  const ids = rows.flatMap(idsOf).filter((id): id is string => Boolean(id));
  const found = ids.length > 0 ? await storedImages(db, ids) : new Map<string, StoredImage>();
  return rows.map((r) => {
    const images: CourseImages = {};
    for (const id of idsOf(r)) {
      const image = id ? found.get(id) : undefined;
      if (image) images[image.fileId] = image;
    }
    return { ...r, images };
  });
}

type Signer = Pick<MediaUrls, "publicFile">;

function picture(images: CourseImages, fileId: string | null | undefined, typed: string | null | undefined, media: Signer, now: Date, maxWidth?: number) {
  const stored = fileId ? images[fileId] : undefined;
  if (stored) return imageView(stored, (path) => media.publicFile(path, now), maxWidth);
  return typed ? { url: typed } : null;
}

/** The course's cover: the catalog card and the course page's picture. */
export function coverPicture(c: WithFiles & { images: CourseImages; coverImageUrl: string | null }, media: Signer, now: Date): PictureView | null {
  return picture(c.images, c.coverFileId, c.coverImageUrl, media, now);
}

/** The link preview's picture (og:image): the share image, else the cover; at most 1600 px wide. */
export function sharePicture(
  c: WithFiles & { images: CourseImages; coverImageUrl: string | null; ogImageUrl: string | null },
  media: Signer,
  now: Date,
): string | null {
  return (picture(c.images, c.ogImageFileId, c.ogImageUrl, media, now) ?? coverPicture(c, media, now))?.url ?? null;
}

/** A lecturer's photo: the one uploaded for this course, else the provider's. */
export function avatarPicture(images: CourseImages, p: InstructorProfile, media: Signer, now: Date): PictureView | null {
  return picture(images, p.avatarFileId, p.avatarUrl, media, now, 480);
}
