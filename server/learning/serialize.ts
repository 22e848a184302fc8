// The one part serializer: a part's blocks and attachments for an
// enrolled student (everything, media URLs freshly signed) or for the public preview
// (GET /api/courses/<slug>/preview: a whitelist, so a field added to a stored block later
// stays private until someone decides otherwise here).
import type { Attachment, ContentBlock } from "../db/schema/catalog";
import type { MediaUrls } from "../video";
import { imageView, SLIDE_PX, slideVariant, storedFilePath } from "../files";
import { PreviewAttachment, PreviewBlock, type PartBlock } from "./contract";

export { PreviewAttachment, PreviewBlock };

export type SerializeMode = { kind: "enrolled"; media: MediaUrls; now: Date } | { kind: "preview" };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function serializeBlock(block: ContentBlock, mode: { kind: "preview" }): PreviewBlock;
export function serializeBlock(block: ContentBlock, mode: { kind: "enrolled"; media: MediaUrls; now: Date }): PartBlock;
export function serializeBlock(block: ContentBlock, mode: SerializeMode): PartBlock | PreviewBlock {
  if (mode.kind === "preview") {
    switch (block.type) {
      case "text":
        return { id: block.id, type: "text", markdown: block.markdown };
      case "video":
        // not posterUrl (a provider thumbnail URL embeds the full playback id), not the
        // transcript, not the full duration: they belong to the enrolled view
        return { id: block.id, type: "video", previewPlaybackId: block.previewPlaybackId ?? null, chapters: chapters(block.chapters) };
      case "presentation":
        return { id: block.id, type: "presentation", slideCount: block.slideCount };
      case "image":
        return { id: block.id, type: "image", alt: block.alt, caption: block.caption ?? null };
    }
  }
  const { media, now } = mode;
  switch (block.type) {
    case "text":
      return { id: block.id, type: "text", markdown: block.markdown };
    case "video": {
      const playable = block.state === "ready" && !!block.videoPlaybackId;
      const signed = playable ? media.playback(block.videoPlaybackId!, now) : null;
      return {
        id: block.id,
        type: "video",
        state: block.state,
        videoPlaybackId: block.videoPlaybackId ?? null,
        videoAssetId: block.videoAssetId ?? null,
        playbackUrl: signed?.url ?? null,
        playbackUrlExpiresAt: iso(signed?.expiresAt),
        durationSec: block.durationSec ?? null,
        // a typed transcript, else the one derived from the captions (docs/decisions/files/video-captions.md)
        transcript: block.transcript?.trim() ? block.transcript : (block.captionsTranscript ?? block.transcript ?? null),
        posterUrl: signed?.posterUrl ?? null,
        chapters: chapters(block.chapters),
        ...(block.captions?.length
          ? { captions: block.captions.map((c) => ({ lang: c.lang, label: c.label, url: media.file(storedFilePath(c.fileId), now).url })) }
          : {}),
      };
    }
    case "presentation": {
      const signed = media.file(block.pdfPath, now);
      const view = {
        id: block.id,
        type: "presentation" as const,
        pdfUrl: signed.url,
        pdfUrlExpiresAt: signed.expiresAt.toISOString(),
        slideCount: block.slideCount,
      };
      if (!block.fileId) return view;
      const fileId = block.fileId;
      const slides = Array.from({ length: block.slideCount }, (_, i) => ({
        url: media.file(storedFilePath(fileId, slideVariant(i + 1)), now).url,
        width: block.slideWidth ?? SLIDE_PX,
        height: block.slideHeight ?? Math.round((SLIDE_PX * 9) / 16),
      }));
      return { ...view, slides };
    }
    case "image": {
      if (block.fileId && block.width) {
        // the widths as the public pictures offer them (server/files imageView), signed for the enrolled student
        const view = imageView({ fileId: block.fileId, width: block.width, height: block.height ?? block.width }, (path) => media.file(path, now));
        return {
          id: block.id,
          type: "image",
          url: view.url,
          urlExpiresAt: view.expiresAt.toISOString(),
          alt: block.alt,
          caption: block.caption ?? null,
          srcset: view.srcset,
          width: block.width,
          height: block.height ?? block.width,
        };
      }
      const signed = media.file(block.imagePath, now);
      return { id: block.id, type: "image", url: signed.url, urlExpiresAt: signed.expiresAt.toISOString(), alt: block.alt, caption: block.caption ?? null };
    }
  }
}

function chapters(list: { title: string; startSec: number }[] | undefined) {
  return (list ?? []).map((c) => ({ title: c.title, startSec: c.startSec }));
}

export function serializeAttachment(a: Attachment, mode: { kind: "preview" }): PreviewAttachment;
export function serializeAttachment(
  a: Attachment,
  mode: { kind: "enrolled"; media: MediaUrls; now: Date },
): { name: string; url: string; expiresAt: string; sizeBytes: number; mimeType: string };
export function serializeAttachment(a: Attachment, mode: SerializeMode) {
  if (mode.kind === "preview") return { name: a.name, sizeBytes: a.sizeBytes, mimeType: a.mimeType };
  const signed = mode.media.file(a.path, mode.now);
  return { name: a.name, url: signed.url, expiresAt: signed.expiresAt.toISOString(), sizeBytes: a.sizeBytes, mimeType: a.mimeType };
}
