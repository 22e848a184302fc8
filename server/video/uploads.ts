// POST /api/admin/uploads/video: a direct upload into a video block (spec: Admin: courses
// and content; Video events). content_manager+; the part's course must be a draft (409
// `course_not_editable`). The provider opens the upload (Mux REST, or the local stand-in),
// then the block records it (who, which upload id) in one transaction with the audit row.
// The browser sends the file to `uploadUrl` itself; the provider's webhook reports the end.
import { z } from "zod";
import { Id } from "../kernel/contract";
import type { Database } from "../db";
import { DomainError } from "../kernel/errors";
import type { VideoActor, VideoBlockRef, VideoBlocks, VideoBlockView } from "./blocks";
import { VideoProviderError, type VideoProvider } from "./provider";
import { configuredProviderName } from "./none";

export const VideoUploadRequest = z.strictObject({
  partId: Id,
  blockId: z.string().min(1).max(64),
});
export type VideoUploadRequest = z.infer<typeof VideoUploadRequest>;

export const VideoUploadResponse = z.strictObject({
  uploadId: z.string(),
  uploadUrl: z.string().describe("PUT the file here (Mux: the storage URL; local stand-in: also accepts a multipart form POST)"),
  expiresAt: z.iso.datetime(),
});
export type VideoUploadResponse = z.infer<typeof VideoUploadResponse>;

export type UploadDeps = { db: Database; provider: VideoProvider; blocks: VideoBlocks; adminUrl: string; now: Date };

/** The tracking value the provider hands back in its events (spec: passthrough JSON with partId and blockId). */
export function uploadPassthrough(ref: VideoBlockRef): string {
  return JSON.stringify({ partId: ref.partId, blockId: ref.blockId });
}

/** The admin page of a video block (app/routes/admin/video-upload.tsx). */
export function videoBlockPagePath(ref: VideoBlockRef): string {
  return `/admin/video/${ref.partId}/${encodeURIComponent(ref.blockId)}`;
}

function refuseUnlessDraft(found: VideoBlockView) {
  if (found.courseState !== "draft") throw new DomainError("course_not_editable", undefined, { courseId: found.courseId, state: found.courseState });
}

export async function createVideoUpload(deps: UploadDeps, actor: VideoActor, input: VideoUploadRequest): Promise<VideoUploadResponse> {
  // checked before the provider is asked, so a refused request opens no upload there;
  // checked again under the course lock when the upload is recorded
  const found = await deps.blocks.find(deps.db, input);
  refuseUnlessDraft(found);
  const providerName = configuredProviderName(deps.provider);
  const ref = { partId: input.partId, blockId: input.blockId };
  let upload;
  try {
    upload = await deps.provider.createUpload(
      { passthrough: uploadPassthrough(ref), corsOrigin: deps.adminUrl, returnUrl: `${deps.adminUrl}${videoBlockPagePath(ref)}` },
      deps.now,
    );
  } catch (error) {
    if (error instanceof VideoProviderError) throw new DomainError("video_provider_unavailable", undefined, { provider: deps.provider.name }, { cause: error });
    throw error;
  }
  await deps.db.transaction((tx) => deps.blocks.recordUpload(tx, actor, ref, { id: upload.uploadId, provider: providerName, createdAt: deps.now }));
  return { uploadId: upload.uploadId, uploadUrl: upload.uploadUrl, expiresAt: upload.expiresAt.toISOString() };
}

/**
 * Cancels the block's waiting upload at the provider, which then sends
 * `video.upload.cancelled` (the webhook marks the upload; the block keeps what it plays).
 */
export async function cancelVideoUpload(deps: Omit<UploadDeps, "adminUrl">, ref: VideoBlockRef): Promise<{ uploadId: string }> {
  const found = await deps.blocks.find(deps.db, ref);
  refuseUnlessDraft(found);
  const upload = found.block.upload;
  if (!upload || upload.status !== "waiting") throw new DomainError("conflict", "Žiadne nahrávanie tohto bloku nečaká na súbor.");
  try {
    await deps.provider.cancelUpload(upload.id, uploadPassthrough(ref));
  } catch (error) {
    if (error instanceof VideoProviderError) throw new DomainError("video_provider_unavailable", undefined, { provider: deps.provider.name }, { cause: error });
    throw error;
  }
  return { uploadId: upload.id };
}
