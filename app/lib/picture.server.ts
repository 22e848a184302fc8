// A picture as a public page's loader sends it (server/catalog > coverPicture, avatarPicture):
// an uploaded one as it comes (signed widths, its size), a typed /media/ address made
// long-cacheable (server/http/static-files > versionedMediaUrl).
import type { PictureView } from "#server/catalog";
import { versionedMediaUrl } from "#server/http/static-files";

export function pagePicture(p: PictureView | null): PictureView | null {
  if (!p || p.srcset !== undefined) return p;
  return { url: versionedMediaUrl(p.url) };
}
