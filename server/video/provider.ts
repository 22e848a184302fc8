// What the video area needs from a video provider: signed playback and preview URLs, and
// direct uploads. Implementations: Mux (./mux.ts), the local stand-in
// (server/stand-ins/video) and none (./none.ts), chosen at start (server/services.ts).
import type { SignedPlayback, SignedUrl } from "./media";
import { networkCodeOf, type OutboundErrorFields } from "../http/outbound";

export type DirectUpload = { uploadId: string; uploadUrl: string; expiresAt: Date };

export type CreateUploadInput = {
  /** the tracking value the provider hands back in its events: JSON {partId, blockId} */
  passthrough: string;
  /** the origin the browser uploads from (Mux's cors_origin) */
  corsOrigin: string;
  /** where a plain form upload (no JavaScript) returns to; providers that accept only PUT ignore it */
  returnUrl?: string;
};

export type CreateClipInput = {
  /** the source video's asset (Mux: mux://assets/<id>) */
  assetId: string;
  /** the source video's playback id (the local stand-in finds its file by it) */
  playbackId: string;
  startSec: number;
  endSec: number;
  /** JSON {partId, blockId, kind: "preview", cutId}: the clip's events carry it back */
  passthrough: string;
};

export interface VideoProvider {
  /** "none": production without a provider (./none.ts) */
  readonly name: "mux" | "local" | "none";
  /** full playback of a video block (PLAYBACK_URL_TTL_SEC) */
  playback(playbackId: string, now: Date): SignedPlayback;
  /** the public preview clip (PREVIEW_URL_TTL_SEC) */
  preview(previewPlaybackId: string, now: Date): SignedUrl;
  /** a direct upload: the browser sends the file to `uploadUrl` itself */
  createUpload(input: CreateUploadInput, now: Date): Promise<DirectUpload>;
  /**
   * Asks for a clip of an existing asset (the course's preview); the provider reports the
   * clip's asset with `video.asset.ready` carrying the passthrough. Answers the clip's asset id.
   */
  createClip(input: CreateClipInput, now: Date): Promise<{ assetId: string }>;
  /** cancels a direct upload that has not received its file yet (the provider then sends video.upload.cancelled) */
  cancelUpload(uploadId: string, passthrough: string): Promise<void>;
}

/** The provider could not be reached or refused: the route answers 503 video_provider_unavailable. */
export class VideoProviderError extends Error implements OutboundErrorFields {
  override readonly name = "VideoProviderError";
  readonly outboundTarget = "video_provider" as const;
  /** a Slovak sentence the admin may read instead of the generic 503 message (e.g. ffmpeg missing) */
  readonly publicMessage: string | undefined;
  /** the provider's HTTP status (Mux's API error), when it answered */
  readonly status: number | undefined;
  readonly code: string | undefined;
  constructor(message: string, options?: { publicMessage?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.publicMessage = options?.publicMessage;
    const status = (options?.cause as { status?: unknown } | undefined)?.status;
    this.status = typeof status === "number" ? status : undefined;
    this.code = options?.cause === undefined ? undefined : networkCodeOf(options.cause);
  }
}
