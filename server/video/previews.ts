// The course's preview clip (spec: Limits, preview 10-60 s):
// POST /api/admin/uploads/video/preview sets previewStartSec/previewEndSec on a ready video
// block of a draft course and asks the provider to cut that range (Mux: a clip asset made
// from the block's asset; the local stand-in: ffmpeg). The provider's `video.asset.ready`
// with the passthrough {partId, blockId, kind: "preview", cutId} then sets the block's
// previewPlaybackId (webhook.ts). Order: checked (404, 409, 422), recorded in the block
// under the course lock (checked again) with an audit row, then the provider is asked, so
// an event of the clip always finds its cut recorded; a provider that refuses marks the cut
// errored and answers 503. These refusals are returned (an Outcome); a refusal found under
// the lock is thrown inside the transaction (rolled back) and returned at its boundary.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Id } from "../kernel/contract";
import type { Database } from "../db";
import { DomainError } from "../kernel/errors";
import { ok, refusalOf, refused, type Outcome, type Refused } from "../kernel/outcome";
import type { VideoActor, VideoBlock, VideoBlockRef, VideoBlocks, VideoBlockView } from "./blocks";
import { VideoProviderError, type VideoProvider } from "./provider";
import { configuredProviderName } from "./none";

/** Preview clip length (spec: Limits, preview 10-60 s). */
export const PREVIEW_MIN_SEC = 10;
export const PREVIEW_MAX_SEC = 60;

const Seconds = z
  .number()
  .min(0, "Čas nemôže byť záporný.")
  .max(24 * 3600, "Čas je priveľký.");

export const VideoPreviewRequest = z
  .strictObject({
    partId: Id,
    blockId: z.string().min(1).max(64),
    previewStartSec: Seconds.describe("start of the clip in the video, seconds"),
    previewEndSec: Seconds.describe("end of the clip, seconds; the clip is 10-60 s long and ends within the video's durationSec"),
  })
  .superRefine((v, ctx) => {
    const length = v.previewEndSec - v.previewStartSec;
    if (length < PREVIEW_MIN_SEC || length > PREVIEW_MAX_SEC) {
      ctx.addIssue({
        code: "custom",
        path: ["previewEndSec"],
        message: `Ukážka musí mať ${PREVIEW_MIN_SEC} až ${PREVIEW_MAX_SEC} sekúnd (teraz ${Math.round(length * 1000) / 1000} s).`,
      });
    }
  });
export type VideoPreviewRequest = z.infer<typeof VideoPreviewRequest>;

export const VideoPreviewResponse = z.strictObject({
  cutId: z.string(),
  status: z
    .enum(["waiting", "ready", "errored"])
    .describe("ready once the provider's video.asset.ready arrived (the local stand-in reports before this answer)"),
  previewStartSec: z.number(),
  previewEndSec: z.number(),
  previewPlaybackId: z.string().nullable().describe("the clip that plays now (the previous one while a new cut is waiting)"),
});
export type VideoPreviewResponse = z.infer<typeof VideoPreviewResponse>;

export type PreviewDeps = { db: Database; provider: VideoProvider; blocks: VideoBlocks; now: Date };

/** The passthrough of a preview clip's events. */
export function previewPassthrough(ref: VideoBlockRef, cutId: string): string {
  return JSON.stringify({ partId: ref.partId, blockId: ref.blockId, kind: "preview", cutId });
}

/**
 * Why the range cannot be cut from this block (422 details), or none. Shared by the check
 * before the provider is asked and by the block writer under the course lock.
 */
export function previewRangeProblems(block: VideoBlock, startSec: number, endSec: number): { path: string; message: string; code: string }[] {
  if (block.state !== "ready" || !block.videoAssetId || !block.videoPlaybackId || block.durationSec === undefined) {
    return [{ path: "blockId", message: "Ukážku možno vystrihnúť až zo spracovaného videa.", code: "video_not_ready" }];
  }
  if (endSec > block.durationSec) {
    return [
      {
        path: "previewEndSec",
        message: `Ukážka musí skončiť najneskôr na konci videa (${Math.round(block.durationSec * 1000) / 1000} s).`,
        code: "preview_past_end",
      },
    ];
  }
  return [];
}

function refusalFor(found: VideoBlockView, input: VideoPreviewRequest): Refused | null {
  if (found.courseState !== "draft") return refused("course_not_editable", undefined, { courseId: found.courseId, state: found.courseState });
  const problems = previewRangeProblems(found.block, input.previewStartSec, input.previewEndSec);
  return problems.length ? refused("validation", problems[0].message, problems) : null;
}

export async function setVideoPreview(deps: PreviewDeps, actor: VideoActor, input: VideoPreviewRequest): Promise<Outcome<VideoPreviewResponse>> {
  const ref = { partId: input.partId, blockId: input.blockId };
  const cutId = `pc_${randomBytes(12).toString("hex")}`;
  let source: VideoBlock;
  try {
    // the block's lookup answers its own 404/422 by throwing (the upload page's loader too)
    const found = await deps.blocks.find(deps.db, ref);
    const refusal = refusalFor(found, input);
    if (refusal) return refusal;
    const providerName = configuredProviderName(deps.provider);
    source = found.block;
    await deps.db.transaction((tx) =>
      deps.blocks.recordPreviewCut(tx, actor, ref, {
        id: cutId,
        provider: providerName,
        by: actor.actorId,
        createdAt: deps.now.toISOString(),
        startSec: input.previewStartSec,
        endSec: input.previewEndSec,
        status: "waiting",
      }),
    );
  } catch (error) {
    return refusalOf(error);
  }
  let clip: { assetId: string };
  try {
    clip = await deps.provider.createClip(
      {
        assetId: source.videoAssetId!,
        playbackId: source.videoPlaybackId!,
        startSec: input.previewStartSec,
        endSec: input.previewEndSec,
        passthrough: previewPassthrough(ref, cutId),
      },
      deps.now,
    );
  } catch (error) {
    // the cut never waits forever: whatever went wrong, it is marked errored
    const known = error instanceof VideoProviderError;
    const message = known ? (error.publicMessage ?? error.message) : "Ukážku sa nepodarilo vystrihnúť.";
    await deps.db.transaction((tx) => deps.blocks.updatePreviewCut(tx, ref, cutId, { status: "errored", message }, deps.now));
    if (!known) throw error;
    // the provider refused this clip (the cut is marked errored, committed): the editor may try
    // again; the cause stays on the error for the outbound-failure log
    return refusalOf(new DomainError("video_provider_unavailable", error.publicMessage, { provider: deps.provider.name }, { cause: error }));
  }
  await deps.db.transaction((tx) => deps.blocks.updatePreviewCut(tx, ref, cutId, { assetId: clip.assetId }, deps.now));
  const after = (await deps.blocks.find(deps.db, ref)).block;
  const cut = after.previewCut?.id === cutId ? after.previewCut : null;
  return ok({
    cutId,
    status: cut?.status ?? "waiting",
    previewStartSec: input.previewStartSec,
    previewEndSec: input.previewEndSec,
    previewPlaybackId: after.previewPlaybackId ?? null,
  });
}
