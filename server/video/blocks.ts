// The port through which the video area reads and writes video blocks. Parts belong to
// the authoring area (it owns the table and its draft-only rule), which implements this
// port (server/authoring/video-blocks.ts); start-up hands the implementation in
// (`createVideo({ blocks })`), so the video area imports no other area and the learning
// area can use `MediaUrls` from here without an import cycle.
import type { AuditActor } from "../audit";
import type { DbOrTx, Tx } from "../db";
import type { ContentBlock, VideoBlockUpload, VideoPreviewCut } from "../db/schema";

export type VideoBlockRef = { partId: string; blockId: string };
export type VideoBlock = Extract<ContentBlock, { type: "video" }>;
export type { VideoBlockUpload, VideoPreviewCut };

/** Who acts (an admin creating an upload), as the audit log records it. */
export type VideoActor = AuditActor;

export type VideoBlockView = {
  partId: string;
  partTitle: string;
  courseId: string;
  courseTitle: string;
  courseSlug: string;
  courseVersion: number;
  courseState: "draft" | "published" | "archived" | "deleted";
  block: VideoBlock;
};

export type VideoResult =
  | { kind: "ready"; uploadId: string | null; assetId: string; playbackId: string; durationSec: number }
  | { kind: "errored"; uploadId: string | null; message: string | null }
  | { kind: "cancelled"; uploadId: string | null };

export type VideoResultOutcome = {
  /** updated: the block changed; the others change nothing */
  outcome: "updated" | "part_not_found" | "block_not_found" | "not_a_video_block" | "course_not_editable" | "stale_upload";
  courseId: string | null;
  /** who started the upload the result belongs to (to be notified), when known */
  uploadedBy: string | null;
  uploadId: string | null;
};

/** The provider's result for a preview clip (the passthrough's kind "preview"). */
export type PreviewResult =
  | { kind: "ready"; cutId: string | null; assetId: string; playbackId: string; durationSec: number }
  | { kind: "errored"; cutId: string | null; message: string | null };

export type PreviewResultOutcome = {
  outcome: "updated" | "part_not_found" | "block_not_found" | "not_a_video_block" | "course_not_editable" | "stale_cut";
  courseId: string | null;
};

export type VideoBlocks = {
  /** the part, its course and the video block: 404 when missing, 422 when the block is no video */
  find(db: DbOrTx, ref: VideoBlockRef): Promise<VideoBlockView>;
  /** records a direct upload in the block (course must be a draft: 409), with an audit row */
  recordUpload(
    tx: Tx,
    actor: VideoActor,
    ref: VideoBlockRef,
    upload: { id: string; provider: VideoBlockUpload["provider"]; createdAt: Date },
  ): Promise<unknown>;
  /**
   * records a preview cut in the block (course must be a draft: 409; the block must play a
   * video whose durationSec holds the range: 422), with an audit row
   */
  recordPreviewCut(tx: Tx, actor: VideoActor, ref: VideoBlockRef, cut: VideoPreviewCut): Promise<unknown>;
  /** notes the clip's asset id the provider answered, or that the provider refused (errored) */
  updatePreviewCut(tx: Tx, ref: VideoBlockRef, cutId: string, change: { assetId?: string; status?: "errored"; message?: string }, now: Date): Promise<void>;
  /** applies the provider's result for a preview clip: previewPlaybackId and the range (never the main playback) */
  applyPreviewResult(tx: Tx, ref: VideoBlockRef, result: PreviewResult, now: Date): Promise<PreviewResultOutcome>;
  /** applies the provider's result to the block, under the course lock */
  applyResult(tx: Tx, ref: VideoBlockRef, result: VideoResult, now: Date): Promise<VideoResultOutcome>;
};
