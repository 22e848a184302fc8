// The one part serializer: the preview mode (GET /api/courses/<slug>/
// preview) whitelists what an anonymous visitor may see; the enrolled mode (GET
// /api/parts/<id>) carries everything with freshly signed URLs.
import { describe, expect, it } from "vitest";
import type { ContentBlock } from "../db/schema/catalog";
import { createUnsignedMediaUrls } from "../video";
import { serializeAttachment, serializeBlock } from "./serialize";

const video: ContentBlock = {
  id: "b-video",
  type: "video",
  state: "ready",
  videoAssetId: "asset-secret",
  videoPlaybackId: "playback-secret",
  previewPlaybackId: "preview-1",
  durationSec: 300,
  transcript: "Celý prepis",
  posterUrl: "https://image.example/playback-secret/thumbnail.jpg",
  chapters: [{ title: "Úvod", startSec: 0 }],
};
const slides: ContentBlock = { id: "b-pdf", type: "presentation", pdfPath: "/media/slides/secret.pdf", slideCount: 12 };
const image: ContentBlock = { id: "b-img", type: "image", imagePath: "/media/images/secret.svg", alt: "Obrázok", caption: "Popis" };
const attachment = { name: "Vzor", path: "/media/files/secret.pdf", sizeBytes: 1234, mimeType: "application/pdf" };

describe("part serializer", () => {
  it("the preview withholds playback ids, posters, transcripts, durations and every file path", () => {
    const preview = JSON.stringify(
      [video, slides, image].map((b) => serializeBlock(b, { kind: "preview" })).concat([serializeAttachment(attachment, { kind: "preview" }) as never]),
    );
    for (const secret of ["playback-secret", "asset-secret", "Celý prepis", "thumbnail", "secret.pdf", "secret.svg", "300"])
      expect(preview).not.toContain(secret);
    expect(serializeBlock(video, { kind: "preview" })).toEqual({
      id: "b-video",
      type: "video",
      previewPlaybackId: "preview-1",
      chapters: [{ title: "Úvod", startSec: 0 }],
    });
    expect(serializeAttachment(attachment, { kind: "preview" })).toEqual({ name: "Vzor", sizeBytes: 1234, mimeType: "application/pdf" });
  });

  it("the enrolled view carries everything with signed URLs and their expiry", () => {
    const now = new Date("2026-05-01T10:00:00Z");
    const mode = { kind: "enrolled" as const, media: createUnsignedMediaUrls(), now };
    const block = serializeBlock(video, mode);
    expect(block).toMatchObject({
      videoPlaybackId: "playback-secret",
      durationSec: 300,
      transcript: "Celý prepis",
      playbackUrlExpiresAt: "2026-05-01T16:00:00.000Z",
    });
    expect(serializeBlock(slides, mode)).toMatchObject({ slideCount: 12, pdfUrlExpiresAt: "2026-05-01T16:00:00.000Z" });
    expect(serializeAttachment(attachment, mode)).toMatchObject({ name: "Vzor", sizeBytes: 1234, expiresAt: "2026-05-01T16:00:00.000Z" });
    // a video that is not ready has no URL
    expect(serializeBlock({ ...video, state: "waiting" } as ContentBlock, mode)).toMatchObject({ playbackUrl: null, playbackUrlExpiresAt: null });
  });
});
