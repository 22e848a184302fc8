// Writes to a video block that the video area asks for (authoring owns the parts table):
// recording a direct upload an admin starts, and applying the provider's result. This is
// the video area's `VideoBlocks` port (server/video/blocks.ts), handed to it at start-up
// (server/services.ts), so the video area imports no area. Both lock
// the course row like every authoring write, so an edit of the part, a publish and a
// provider event of one course run one after another. spec: Video events; Admin: courses
// and content (POST /api/admin/uploads/video); Course states (drafts only).
import { eq } from "drizzle-orm";
import { schema, type DbOrTx, type Tx } from "../db";
import { DomainError } from "../kernel/errors";
import type { ContentBlock, VideoBlockUpload, VideoPreviewCut } from "../db/schema";
import {
  previewRangeProblems,
  type PreviewResult,
  type PreviewResultOutcome,
  type VideoBlock,
  type VideoBlockRef,
  type VideoBlockView,
  type VideoBlocks,
  type VideoResult,
  type VideoResultOutcome,
} from "../video";
import { audit, lockCourse, lockDraftCourse, notFound, type Actor } from "./editing";

function videoBlockOf(blocks: ContentBlock[], blockId: string): VideoBlock {
  const block = blocks.find((b) => b.id === blockId);
  if (!block) throw new DomainError("not_found", "Blok sa v tejto časti nenašiel.");
  if (block.type !== "video")
    throw new DomainError("validation", "Tento blok nie je video.", [
      { path: "blockId", message: "Video sa dá nahrať len do bloku typu video.", code: "not_a_video_block" },
    ]);
  return block;
}

/** The part, its course and the video block (404 when any is missing; 422 when the block is no video). */
export async function findVideoBlock(db: DbOrTx, ref: VideoBlockRef): Promise<VideoBlockView> {
  const [row] = await db
    .select({
      partId: schema.parts.id,
      partTitle: schema.parts.title,
      blocks: schema.parts.contentBlocks,
      courseId: schema.courses.id,
      courseTitle: schema.courses.title,
      courseSlug: schema.courses.slug,
      courseVersion: schema.courses.version,
      courseState: schema.courses.state,
    })
    .from(schema.parts)
    .innerJoin(schema.courses, eq(schema.courses.id, schema.parts.courseId))
    .where(eq(schema.parts.id, ref.partId));
  if (!row || row.courseState === "deleted") throw notFound("Časť");
  const { blocks, ...rest } = row;
  return { ...rest, block: videoBlockOf(blocks, ref.blockId) };
}

async function writeBlock(tx: Tx, partId: string, blocks: ContentBlock[], blockId: string, next: VideoBlock) {
  await tx
    .update(schema.parts)
    .set({ contentBlocks: blocks.map((b) => (b.id === blockId ? next : b)) })
    .where(eq(schema.parts.id, partId));
}

/**
 * Records a direct upload the admin started (the block's `upload`), in the caller's
 * transaction: the course must be a draft (409 `course_not_editable`). The block's state
 * stays what it plays until the provider reports the result.
 */
export async function recordVideoUpload(
  tx: Tx,
  actor: Actor,
  ref: VideoBlockRef,
  upload: { id: string; provider: VideoBlockUpload["provider"]; createdAt: Date },
): Promise<VideoBlock> {
  const [part] = await tx.select().from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!part) throw notFound("Časť");
  await lockDraftCourse(tx, part.courseId);
  const block = videoBlockOf(part.contentBlocks, ref.blockId);
  const next: VideoBlock = {
    ...block,
    upload: { id: upload.id, provider: upload.provider, by: actor.actorId, createdAt: upload.createdAt.toISOString(), status: "waiting" },
  };
  await writeBlock(tx, part.id, part.contentBlocks, ref.blockId, next);
  await audit(
    tx,
    actor,
    "video.upload.create",
    { type: "part", id: part.id },
    { courseId: part.courseId, blockId: ref.blockId, uploadId: upload.id, provider: upload.provider },
  );
  return next;
}

/** The block without its preview clip (a new video replaced the one it was cut from). */
function withoutPreview(block: VideoBlock): VideoBlock {
  const next = { ...block };
  delete next.previewPlaybackId;
  delete next.previewAssetId;
  delete next.previewStartSec;
  delete next.previewEndSec;
  delete next.previewCut;
  return next;
}

/**
 * Applies the provider's result to the block its passthrough named, in the caller's
 * transaction. ready → videoAssetId, videoPlaybackId, durationSec, state ready; errored →
 * state errored; cancelled → the block keeps what it plays (only its upload is marked).
 * An event of an older upload than the block's latest (another upload id) changes nothing;
 * neither does one for a course that is no longer a draft (published content is immutable).
 */
export async function applyVideoResult(tx: Tx, ref: VideoBlockRef, result: VideoResult, now: Date): Promise<VideoResultOutcome> {
  const [part] = await tx.select({ id: schema.parts.id, courseId: schema.parts.courseId }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!part) return { outcome: "part_not_found", courseId: null, uploadedBy: null, uploadId: result.uploadId };
  const course = await lockCourse(tx, part.courseId).catch(() => null);
  // read the blocks again under the course lock (an edit may have committed meanwhile)
  const [locked] = await tx.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!course || !locked) return { outcome: "part_not_found", courseId: part.courseId, uploadedBy: null, uploadId: result.uploadId };
  const block = locked.blocks.find((b) => b.id === ref.blockId);
  if (!block) return { outcome: "block_not_found", courseId: course.id, uploadedBy: null, uploadId: result.uploadId };
  if (block.type !== "video") return { outcome: "not_a_video_block", courseId: course.id, uploadedBy: null, uploadId: result.uploadId };
  const upload = block.upload;
  const base = { courseId: course.id, uploadedBy: upload?.by ?? null, uploadId: result.uploadId ?? upload?.id ?? null };
  if (result.uploadId && upload && upload.id !== result.uploadId) return { ...base, outcome: "stale_upload", uploadedBy: null };
  if (result.uploadId && !upload) return { ...base, outcome: "stale_upload" };
  if (course.state !== "draft") return { ...base, outcome: "course_not_editable" };

  const ended = (status: VideoBlockUpload["status"], message?: string): VideoBlockUpload | undefined =>
    upload ? { ...upload, status, endedAt: now.toISOString(), ...(message ? { message } : {}) } : undefined;
  let next: VideoBlock;
  switch (result.kind) {
    case "ready": {
      // a new video: the preview clip cut from the previous one no longer belongs to it
      next = {
        ...(block.videoAssetId === result.assetId ? block : withoutPreview(block)),
        state: "ready",
        videoAssetId: result.assetId,
        videoPlaybackId: result.playbackId,
        durationSec: result.durationSec,
        ...(upload ? { upload: ended("ready") } : {}),
      };
      break;
    }
    case "errored":
      next = { ...block, state: "errored", ...(upload ? { upload: ended("errored", result.message ?? undefined) } : {}) };
      break;
    case "cancelled":
      next = { ...block, ...(upload ? { upload: ended("cancelled") } : {}) };
      break;
  }
  await writeBlock(tx, ref.partId, locked.blocks, ref.blockId, next);
  return { ...base, outcome: "updated" };
}

/**
 * Records a preview cut the admin asked for (the block's `previewCut`), in the caller's
 * transaction: the course must be a draft (409) and the block must play a video holding
 * the range (422), both checked under the course lock. What plays as the preview stays
 * until the provider reports the clip.
 */
export async function recordPreviewCut(tx: Tx, actor: Actor, ref: VideoBlockRef, cut: VideoPreviewCut): Promise<VideoBlock> {
  const [part] = await tx.select().from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!part) throw notFound("Časť");
  await lockDraftCourse(tx, part.courseId);
  const [locked] = await tx.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  const block = videoBlockOf(locked.blocks, ref.blockId);
  const problems = previewRangeProblems(block, cut.startSec, cut.endSec);
  if (problems.length) throw new DomainError("validation", problems[0].message, problems);
  const next: VideoBlock = { ...block, previewCut: cut };
  await writeBlock(tx, part.id, locked.blocks, ref.blockId, next);
  await audit(
    tx,
    actor,
    "video.preview.cut",
    { type: "part", id: part.id },
    {
      courseId: part.courseId,
      blockId: ref.blockId,
      cutId: cut.id,
      provider: cut.provider,
      previewStartSec: cut.startSec,
      previewEndSec: cut.endSec,
    },
  );
  return next;
}

/** Notes the clip's asset id, or the provider's refusal, on the block's cut (when it is still that cut). */
export async function updatePreviewCut(
  tx: Tx,
  ref: VideoBlockRef,
  cutId: string,
  change: { assetId?: string; status?: "errored"; message?: string },
  now: Date,
): Promise<void> {
  const [part] = await tx.select({ courseId: schema.parts.courseId }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!part) return;
  await lockCourse(tx, part.courseId).catch(() => null);
  const [locked] = await tx.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  const block = locked?.blocks.find((b) => b.id === ref.blockId);
  if (!block || block.type !== "video" || block.previewCut?.id !== cutId) return;
  const cut: VideoPreviewCut = {
    ...block.previewCut,
    ...(change.assetId ? { assetId: change.assetId } : {}),
    ...(change.status ? { status: change.status, endedAt: now.toISOString() } : {}),
    ...(change.message ? { message: change.message } : {}),
  };
  await writeBlock(tx, ref.partId, locked.blocks, ref.blockId, { ...block, previewCut: cut });
}

/**
 * Applies the provider's result for a preview clip: ready → previewPlaybackId,
 * previewAssetId and the cut's range as previewStartSec/previewEndSec (the main video is
 * not touched); errored → only the cut is marked. An event of another cut than the
 * block's latest changes nothing (`stale_cut`), nor does one for a course that is no
 * longer a draft.
 */
export async function applyPreviewResult(tx: Tx, ref: VideoBlockRef, result: PreviewResult, now: Date): Promise<PreviewResultOutcome> {
  const [part] = await tx.select({ courseId: schema.parts.courseId }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!part) return { outcome: "part_not_found", courseId: null };
  const course = await lockCourse(tx, part.courseId).catch(() => null);
  const [locked] = await tx.select({ blocks: schema.parts.contentBlocks }).from(schema.parts).where(eq(schema.parts.id, ref.partId));
  if (!course || !locked) return { outcome: "part_not_found", courseId: part.courseId };
  const block = locked.blocks.find((b) => b.id === ref.blockId);
  if (!block) return { outcome: "block_not_found", courseId: course.id };
  if (block.type !== "video") return { outcome: "not_a_video_block", courseId: course.id };
  const cut = block.previewCut;
  if (!cut || !result.cutId || cut.id !== result.cutId) return { outcome: "stale_cut", courseId: course.id };
  if (course.state !== "draft") return { outcome: "course_not_editable", courseId: course.id };
  const endedAt = now.toISOString();
  const next: VideoBlock =
    result.kind === "ready"
      ? {
          ...block,
          previewPlaybackId: result.playbackId,
          previewAssetId: result.assetId,
          previewStartSec: cut.startSec,
          previewEndSec: cut.endSec,
          previewCut: { ...cut, assetId: result.assetId, status: "ready", endedAt },
        }
      : { ...block, previewCut: { ...cut, status: "errored", endedAt, ...(result.message ? { message: result.message } : {}) } };
  await writeBlock(tx, ref.partId, locked.blocks, ref.blockId, next);
  return { outcome: "updated", courseId: course.id };
}

/** The port the video area is given at start-up. */
export const videoBlocks: VideoBlocks = {
  find: findVideoBlock,
  recordUpload: recordVideoUpload,
  applyResult: applyVideoResult,
  recordPreviewCut,
  updatePreviewCut,
  applyPreviewResult,
};
