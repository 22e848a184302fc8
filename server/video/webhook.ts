// POST /api/webhooks/video: the video provider's signed events. spec: Webhook receivers;
// Authentication 10; Events > General receiver rules, Video events; Limits (acknowledged
// under 5 s).
//
// Signature first, before anything is parsed or stored: `video-signature: t=<unix s>,
// v1=<hex>[,v1=<hex>…]` where v1 = HMAC-SHA256(secret, "<t>.<raw body>"); any v1 may match
// (key rotation); compared in constant time; t within 300 s of now. Real Mux sends the same
// scheme as `mux-signature`, accepted when `video-signature` is absent. Then, in ONE
// transaction: the event is recorded in webhook_events (provider `video`, keyed by the
// event's top-level `id` when it has one, else the delivery header, else a SHA-256 of the
// raw body — eventKeyOf; a repeat is acknowledged and not processed again), handled (the
// block named by the passthrough, through the VideoBlocks port), the result written to the
// row and an audit row, and the admin's e-mail queued. Handling is a few row writes, so the
// answer leaves well under 5 s; the e-mail goes out later from its job.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Database, Tx } from "../db";
import { DomainError, parseJsonBody } from "../kernel/errors";
import type { Queue } from "../queue";
import { recordWebhookOnce, webhookAck } from "../kernel/webhooks";
import { writeAudit } from "../audit";
import type { PreviewResult, VideoBlockRef, VideoBlocks, VideoResult } from "./blocks";
import { recordingOfPassthrough, type WebinarRecordings } from "./recordings";

/** Actor of audit rows written for video provider events. */
export const VIDEO_PROVIDER_ACTOR = "system:video-provider";
export const VIDEO_SIGNATURE_TOLERANCE_SEC = 300;
export const VIDEO_EVENT_TYPES = ["video.asset.ready", "video.asset.errored", "video.upload.cancelled"] as const;

/** `t=<ts>,v1=<hex>` over "<ts>.<body>" (what the local stand-in sends, and what tests use). */
export function signVideoEvent(secret: string, rawBody: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** True when the header carries a fresh timestamp and at least one matching v1. */
export function verifyVideoSignature(secret: string, rawBody: string, header: string | null | undefined, now: Date): boolean {
  if (!header || header.length > 2000) return false;
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") timestamp = value;
    else if (name === "v1") signatures.push(value.toLowerCase());
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > VIDEO_SIGNATURE_TOLERANCE_SEC) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest();
  let match = false;
  // every candidate is compared (no early exit), each in constant time
  for (const candidate of signatures) {
    if (/^[0-9a-f]{64}$/.test(candidate) && timingSafeEqual(expected, Buffer.from(candidate, "hex"))) match = true;
  }
  return match;
}

const optionalText = z.string().max(2000).nullish();

/** The event body (spec: Video events; Mux's shape). Extra members are ignored. */
export const VideoEvent = z.looseObject({
  // Mux sends one; the spec's body ({type, data}) has none (eventKeyOf)
  id: z.string().min(1).max(200).optional(),
  type: z.string().min(1).max(100),
  created_at: optionalText,
  data: z.looseObject({
    id: z.string().max(200).nullish(),
    playback_ids: z.array(z.looseObject({ id: z.string().min(1).max(200), policy: z.string().max(50).nullish() })).nullish(),
    duration: z.number().min(0).nullish(),
    passthrough: optionalText,
    upload_id: z.string().max(200).nullish(),
    status: optionalText,
    new_asset_settings: z.looseObject({ passthrough: optionalText }).nullish(),
    errors: z.looseObject({ type: optionalText, messages: z.array(z.string().max(2000)).nullish() }).nullish(),
  }),
});
export type VideoEvent = z.infer<typeof VideoEvent>;

export const VideoWebhookAck = webhookAck("updated, stale_upload, course_not_editable, ignored_unknown_type, …");
export type VideoWebhookAck = z.infer<typeof VideoWebhookAck>;

export type VideoWebhookRequest = {
  rawBody: string;
  signature: string | null;
  /** the provider's delivery id header (video-event-id, or webhook-id of Standard Webhooks), if it sends one */
  deliveryId?: string | null;
};

/** Longest delivery header taken as a key; a longer one is ignored (the body hash keys the event). */
const MAX_DELIVERY_ID = 200;

/**
 * What deduplicates an event (docs/decisions/video/video-uploads-and-webhooks.md > Video uploads and webhooks: event keys):
 * the body's top-level `id` (Mux), else the delivery header, else `sha256:<hex>` of the raw
 * body. A provider's retry carries the same body (only the signature's timestamp changes),
 * so its hash is the same key; two different events never share a body.
 */
export function eventKeyOf(event: Pick<VideoEvent, "id">, rawBody: string, deliveryId?: string | null): string {
  if (event.id) return event.id;
  const header = deliveryId?.trim();
  if (header && header.length <= MAX_DELIVERY_ID) return header;
  return `sha256:${createHash("sha256").update(rawBody, "utf8").digest("hex")}`;
}
export type VideoWebhookDeps = { db: Database; queue: Queue; secret: string; now: Date; blocks: VideoBlocks; recordings?: WebinarRecordings };

const Passthrough = z.looseObject({
  partId: z.string().min(1).max(64),
  blockId: z.string().min(1).max(64),
  // "preview": the course's preview clip (previews.ts), else the block's video
  kind: z.string().max(20).optional(),
  cutId: z.string().max(64).optional(),
});

type PassthroughRef = { partId: string; blockId: string; preview: boolean; cutId: string | null };

function passthroughOf(event: VideoEvent): PassthroughRef | null {
  const raw = event.data.passthrough ?? event.data.new_asset_settings?.passthrough;
  if (!raw) return null;
  try {
    const parsed = Passthrough.safeParse(parseJsonBody(raw));
    if (!parsed.success) return null;
    const { partId, blockId, kind, cutId } = parsed.data;
    return { partId, blockId, preview: kind === "preview", cutId: cutId ?? null };
  } catch {
    return null;
  }
}

/** What the event says happened, or null for an event this app does not act on. */
function resultOf(event: VideoEvent): VideoResult | "malformed" | null {
  const d = event.data;
  switch (event.type) {
    case "video.asset.ready": {
      const playbackId = d.playback_ids?.[0]?.id;
      if (!d.id || !playbackId || d.duration == null) return "malformed";
      return { kind: "ready", uploadId: d.upload_id ?? null, assetId: d.id, playbackId, durationSec: Math.round(d.duration * 1000) / 1000 };
    }
    case "video.asset.errored":
      return { kind: "errored", uploadId: d.upload_id ?? null, message: d.errors?.messages?.join("; ") || d.errors?.type || null };
    // Mux also reports a failed direct upload this way; treated like an errored asset
    case "video.upload.errored":
      return { kind: "errored", uploadId: d.id ?? null, message: d.errors?.messages?.join("; ") || d.errors?.type || null };
    case "video.upload.cancelled":
      return { kind: "cancelled", uploadId: d.id ?? null };
    default:
      return null;
  }
}

type Outcome = { result: string; ok: boolean; partId?: string; details?: Record<string, unknown> };

export async function receiveVideoWebhook(deps: VideoWebhookDeps, req: VideoWebhookRequest): Promise<VideoWebhookAck> {
  if (!verifyVideoSignature(deps.secret, req.rawBody, req.signature, deps.now)) {
    throw new DomainError("invalid_signature", "Podpis udalosti (video-signature) chýba, nesedí alebo je mimo povoleného okna 300 s.", {
      header: "video-signature",
    });
  }
  let event: VideoEvent;
  try {
    const parsed = VideoEvent.safeParse(parseJsonBody(req.rawBody));
    if (!parsed.success) throw parsed.error;
    event = parsed.data;
  } catch (e) {
    throw new DomainError(
      "bad_request",
      "Telo udalosti nemá očakávaný tvar.",
      e instanceof z.ZodError ? { issues: e.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } : {},
    );
  }

  const eventId = eventKeyOf(event, req.rawBody, req.deliveryId);
  return deps.db.transaction(async (tx) => {
    const delivery = { provider: "video" as const, eventId, eventType: event.type, payload: req.rawBody, signature: req.signature, receivedAt: deps.now };
    // a repeat names the first delivery's outcome (docs/decisions/platform/webhook-acknowledgements.md > Webhook acknowledgements)
    const receipt = await recordWebhookOnce(tx, delivery, async (webhookEventId) => {
      const outcome = await handle(tx, deps, event);
      await writeAudit(tx, {
        actorId: VIDEO_PROVIDER_ACTOR,
        action: `webhook.${event.type}`,
        targetType: "part",
        targetId: outcome.partId ?? null,
        details: { eventId, webhookEventId, result: outcome.result, ok: outcome.ok, ...outcome.details },
      });
      return outcome;
    });
    if (receipt.duplicate) return { received: true as const, duplicate: true, result: receipt.result };
    return { received: true as const, duplicate: false, result: receipt.outcome.result };
  });
}

async function handle(tx: Tx, deps: VideoWebhookDeps, event: VideoEvent): Promise<Outcome> {
  const result = resultOf(event);
  if (result === null) return { result: "ignored_unknown_type", ok: true };
  if (result === "malformed") return { result: "malformed_event", ok: false };
  // a webinar's recording (passthrough {kind: "webinar", webinarId}; recordings.ts)
  const webinarId = recordingOfPassthrough(event.data.passthrough ?? event.data.new_asset_settings?.passthrough);
  if (webinarId && deps.recordings) {
    const applied = await deps.recordings.applyResult(tx, webinarId, result, deps.now);
    const details: Record<string, unknown> = { webinarId, courseId: applied.courseId, kind: "webinar_recording" };
    if (result.kind === "ready") Object.assign(details, { assetId: result.assetId, playbackId: result.playbackId, durationSec: result.durationSec });
    const ok = applied.outcome !== "webinar_not_found";
    return { result: applied.outcome === "updated" ? `recording_${result.kind}` : applied.outcome, ok, details };
  }
  const passthrough = passthroughOf(event);
  if (!passthrough) return { result: "no_passthrough", ok: false };
  const ref = { partId: passthrough.partId, blockId: passthrough.blockId };
  if (passthrough.preview) return handlePreview(tx, deps, ref, passthrough.cutId, result);
  const applied = await deps.blocks.applyResult(tx, ref, result, deps.now);
  const details: Record<string, unknown> = { blockId: ref.blockId, uploadId: applied.uploadId, courseId: applied.courseId };
  if (result.kind === "ready") Object.assign(details, { assetId: result.assetId, playbackId: result.playbackId, durationSec: result.durationSec });
  if (applied.outcome !== "updated") {
    // an older upload's late event is expected and harmless; the others mean the block is gone or frozen
    return { result: applied.outcome, ok: applied.outcome === "stale_upload", partId: ref.partId, details };
  }
  if (applied.uploadedBy && applied.uploadId) {
    const mail =
      result.kind === "ready"
        ? ({ kind: "video_ready", ...ref, adminId: applied.uploadedBy, uploadId: applied.uploadId } as const)
        : ({ kind: "video_failed", ...ref, adminId: applied.uploadedBy, uploadId: applied.uploadId, reason: result.kind } as const);
    await deps.queue.enqueue(tx, "mail.send", mail);
    details.notified = applied.uploadedBy;
  }
  return { result: result.kind === "ready" ? "ready" : result.kind, ok: true, partId: ref.partId, details };
}

/**
 * A preview clip's event (passthrough kind "preview"): ready sets the block's
 * previewPlaybackId (never the main playback), errored marks the cut. Nobody is e-mailed:
 * the admin who asked waits on the page (the local stand-in reports before answering).
 */
async function handlePreview(tx: Tx, deps: VideoWebhookDeps, ref: VideoBlockRef, cutId: string | null, result: VideoResult): Promise<Outcome> {
  if (result.kind === "cancelled") return { result: "ignored_unknown_type", ok: true, partId: ref.partId };
  const preview: PreviewResult =
    result.kind === "ready"
      ? { kind: "ready", cutId, assetId: result.assetId, playbackId: result.playbackId, durationSec: result.durationSec }
      : { kind: "errored", cutId, message: result.message };
  const applied = await deps.blocks.applyPreviewResult(tx, ref, preview, deps.now);
  const details: Record<string, unknown> = { blockId: ref.blockId, kind: "preview", cutId, courseId: applied.courseId };
  if (preview.kind === "ready") Object.assign(details, { assetId: preview.assetId, previewPlaybackId: preview.playbackId, durationSec: preview.durationSec });
  if (applied.outcome !== "updated") return { result: applied.outcome, ok: applied.outcome === "stale_cut", partId: ref.partId, details };
  return { result: preview.kind === "ready" ? "preview_ready" : "preview_errored", ok: true, partId: ref.partId, details };
}
