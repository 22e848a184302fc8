// The seam the learning and catalog areas serialize media through: signed, expiring URLs
// of video playback, the preview clip and course files. spec: Resources > Content block
// (playbackUrl signed, pdfUrl signed, Attachment url signed); Limits (signed playback URL
// validity 6 hours); docs/decisions/video/signed-media-urls.md > Signed media URLs.
/** A URL that stops working at `expiresAt`. */
export type SignedUrl = {
  url: string;
  expiresAt: Date;
  /** the media type behind the URL where it matters for a player (`video/mp4`, `application/vnd.apple.mpegurl`) */
  mimeType?: string;
};

/** Signed playback of one video playback id. */
export type SignedPlayback = SignedUrl & {
  /** poster image URL (signed with the same token where the provider needs one) */
  posterUrl: string | null;
};

export interface MediaUrls {
  /** full playback of an enrolled student's video block (6 hours) */
  playback(playbackId: string, now: Date): SignedPlayback;
  /** the public 10-60 s preview clip of a course (short-lived) */
  preview(previewPlaybackId: string, now: Date): SignedUrl;
  /**
   * a stored course file: presentation PDF, image, attachment. `path` is the block's
   * stored path (e.g. `/media/slides/dotacie.pdf`).
   */
  file(path: string, now: Date): SignedUrl;
  /**
   * a stored picture shown on public pages (a course's cover and share image, a lecturer's
   * photo): signed from the start of the UTC day for PUBLIC_FILE_URL_TTL_SEC, so the URL is
   * the same all day (the pages' ETags hold) and a link preview fetched later still opens
   * (docs/decisions/files/public-images.md).
   */
  publicFile(path: string, now: Date): SignedUrl;
}

/** How long a signed playback URL lives (spec: Limits, 6 hours). */
export const PLAYBACK_URL_TTL_SEC = 6 * 60 * 60;
/** The public preview clip's URL: short-lived (the course page is public). */
export const PREVIEW_URL_TTL_SEC = 30 * 60;
/** Course files (PDF, images, attachments): as long as a playback URL, so a part page opened once keeps working. */
export const FILE_URL_TTL_SEC = PLAYBACK_URL_TTL_SEC;

/** Public pictures (covers, share images, lecturer photos): 30 days from the start of the day they were signed. */
export const PUBLIC_FILE_URL_TTL_SEC = 30 * 24 * 60 * 60;

const startOfUtcDay = (now: Date) => new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);

export function expiryAfter(now: Date, seconds: number): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + seconds * 1000);
}

/** The MediaUrls of a running app: video from the provider, files from the app's signed file route. */
export function createMediaUrls(
  provider: Pick<MediaUrls, "playback" | "preview">,
  files: { url(path: string, now: Date, ttlSec?: number): SignedUrl },
): MediaUrls {
  return {
    playback: (playbackId, now) => provider.playback(playbackId, now),
    // signed from the start of the minute: the public course page carries this URL, and the
    // same URL for a minute keeps the page's ETag (and a CDN's copy) valid across requests
    preview: (previewPlaybackId, now) => provider.preview(previewPlaybackId, new Date(Math.floor(now.getTime() / 60_000) * 60_000)),
    file: (path, now) => files.url(path, now),
    publicFile: (path, now) => files.url(path, startOfUtcDay(now), PUBLIC_FILE_URL_TTL_SEC),
  };
}

/**
 * Unsigned URLs under /media with the contract's expiry: the placeholder the seam started
 * with, kept for tests that need a MediaUrls without a running provider.
 */
export function createUnsignedMediaUrls(): MediaUrls {
  const expiry = (now: Date) => expiryAfter(now, PLAYBACK_URL_TTL_SEC);
  return {
    playback: (playbackId, now) => ({ url: `/media/video/${playbackId}.mp4`, expiresAt: expiry(now), posterUrl: null }),
    preview: (id, now) => ({ url: `/media/video/${id}.mp4`, expiresAt: expiry(now) }),
    file: (path, now) => ({ url: path, expiresAt: expiry(now) }),
    publicFile: (path, now) => ({ url: path, expiresAt: expiryAfter(startOfUtcDay(now), PUBLIC_FILE_URL_TTL_SEC) }),
  };
}
