// The video upload page's loader (the block, its uploads and cuts) and its action, one handler
// per `intent` (dispatchIntent): a new direct upload, the preview clip, cancelling an upload.
import { data, redirect } from "react-router";
import type { Route } from "../+types/video-upload";
import { servicesContext } from "../../../context";
import { dispatchIntent, pageRoute, readForm } from "../../../lib/page.server";
import { requireRoleForPage, actorOf } from "../../../lib/auth.server";
import { DomainError } from "#server/kernel/errors";
import { isId } from "#shared/ids";
import { PREVIEW_MAX_SEC, PREVIEW_MIN_SEC, VideoPreviewRequest, videoBlockPagePath } from "#server/video";
import { formatDateTime, formatDecimal } from "#shared/format";
import { courseStateLabels, cutLabels, stateLabels, uploadLabels } from "./forms";
import { depsOf } from "../../../lib/deps.server";

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m > 0 ? `${m}\u00a0min ${s}\u00a0s` : `${formatDecimal(seconds, seconds < 10 ? 1 : 0)}\u00a0s`;
}

export async function load(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  if (!isId(params.partId)) throw new DomainError("not_found", "Časť sa nenašla.");
  const { db, video } = context.get(servicesContext);
  return video.getBlock(db, { partId: params.partId, blockId: params.blockId });
}

export const editorLoader = pageRoute(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const found = await load(params, context);
  const { block } = found;
  const playback = block.state === "ready" && block.videoPlaybackId ? services.media.playback(block.videoPlaybackId, services.clock.now()) : null;
  const previewClip = block.previewPlaybackId ? services.media.preview(block.previewPlaybackId, services.clock.now()) : null;
  return {
    partId: found.partId,
    blockId: block.id,
    partTitle: found.partTitle,
    courseTitle: found.courseTitle,
    courseVersion: found.courseVersion,
    courseState: found.courseState,
    courseStateLabel: courseStateLabels[found.courseState],
    editable: found.courseState === "draft",
    provider: services.video.providerName,
    state: block.state,
    stateLabel: stateLabels[block.state],
    duration: block.durationSec !== undefined ? formatDuration(block.durationSec) : null,
    assetId: block.videoAssetId ?? null,
    playbackId: block.videoPlaybackId ?? null,
    player: playback ? { url: playback.url, type: playback.mimeType ?? null, poster: playback.posterUrl } : null,
    preview: {
      startSec: block.previewStartSec ?? null,
      endSec: block.previewEndSec ?? null,
      playbackId: block.previewPlaybackId ?? null,
      player: previewClip ? { url: previewClip.url, type: previewClip.mimeType ?? null } : null,
      cut: block.previewCut
        ? {
            status: block.previewCut.status,
            statusLabel: cutLabels[block.previewCut.status],
            range: `${formatDecimal(block.previewCut.startSec, 1)}–${formatDecimal(block.previewCut.endSec, 1)}\u00a0s`,
            message: block.previewCut.message ?? null,
          }
        : null,
      // the form can cut only from a processed video
      possible: block.state === "ready" && !!block.videoAssetId && !!block.videoPlaybackId && block.durationSec !== undefined,
      durationSec: block.durationSec ?? null,
      durationLabel: block.durationSec !== undefined ? `${formatDecimal(block.durationSec, 1)}\u00a0s` : null,
      rangeLabel:
        block.previewPlaybackId && block.previewStartSec !== undefined && block.previewEndSec !== undefined
          ? `${formatDecimal(block.previewStartSec, 1)}–${formatDecimal(block.previewEndSec, 1)}\u00a0s`
          : null,
      minSec: PREVIEW_MIN_SEC,
      maxSec: PREVIEW_MAX_SEC,
    },
    upload: block.upload
      ? {
          id: block.upload.id,
          status: block.upload.status,
          statusLabel: uploadLabels[block.upload.status],
          createdAt: formatDateTime(new Date(block.upload.createdAt)),
          endedAt: block.upload.endedAt ? formatDateTime(new Date(block.upload.endedAt)) : null,
          message: block.upload.message ?? null,
        }
      : null,
  };
});

export const editorAction = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "content_manager", "admin");
  const services = context.get(servicesContext);
  const found = await load(params, context);
  const ref = { partId: found.partId, blockId: found.block.id };
  const form = await readForm(request);
  const deps = depsOf(services);
  const handlers = {
    prepare: async () => {
      const upload = await services.video.createUpload(deps, actorOf(context, user), ref);
      return { upload: { uploadUrl: upload.uploadUrl, expiresAt: formatDateTime(new Date(upload.expiresAt)) } };
    },
    preview: async () => {
      const seconds = (name: string) => {
        const raw = String(form.get(name) ?? "")
          .trim()
          .replace(",", ".");
        return raw === "" ? undefined : Number(raw);
      };
      const values = { previewStartSec: String(form.get("previewStartSec") ?? ""), previewEndSec: String(form.get("previewEndSec") ?? "") };
      const parsed = VideoPreviewRequest.safeParse({ ...ref, previewStartSec: seconds("previewStartSec"), previewEndSec: seconds("previewEndSec") });
      if (!parsed.success) {
        const messages = parsed.error.issues.map((i) => (i.code === "invalid_type" ? "Zadajte začiatok aj koniec ukážky v sekundách." : i.message));
        return data({ previewError: { messages: [...new Set(messages)], values } }, { status: 422 });
      }
      const cut = await services.video.setPreview(deps, actorOf(context, user), parsed.data);
      if (cut.ok) return redirect(videoBlockPagePath(ref));
      const { error } = cut;
      // a range, a state or the provider the editor can answer on the form; 404 is the error page
      if (error.status === 422 || error.status === 409 || error.status === 503) {
        return data({ previewError: { messages: [error.message], values } }, { status: error.status });
      }
      throw error;
    },
    cancel: async () => {
      await services.video.cancelUpload(deps, ref);
      return redirect(videoBlockPagePath(ref));
    },
  };
  // the answer is one of the handlers' (typed for the page's actionData)
  return dispatchIntent<ReturnType<(typeof handlers)[keyof typeof handlers]>>(form, handlers);
});
