// A webinar's recording through the video provider (issue 33 item 5, phase 1: the admin
// uploads it). The webinars area owns the webinar row and implements this port
// (server/webinars recordings.ts); start-up hands it in (`createVideo({ recordings })`),
// so the video area imports no other area. The upload carries the passthrough
// {kind: "webinar", webinarId}; the provider's video.asset.ready then sets the webinar's
// recording playback id (webhook.ts).
import type { Database, Tx } from "../db";
import type { Queue } from "../queue";
import { DomainError } from "../kernel/errors";
import type { VideoActor, VideoResult } from "./blocks";
import { VideoProviderError, type VideoProvider } from "./provider";
import { isId } from "../../shared/ids";

export type RecordingView = { webinarId: string; courseId: string; title: string; state: "scheduled" | "cancelled" };

export type RecordingOutcome = { outcome: "updated" | "webinar_not_found" | "stale_upload"; courseId: string | null };

export type WebinarRecordings = {
  /** the webinar (404 when missing) */
  find(db: Database, webinarId: string): Promise<RecordingView>;
  /** records the direct upload on the webinar (waiting), with an audit row */
  recordUpload(tx: Tx, actor: VideoActor, webinarId: string, upload: { id: string; createdAt: Date }): Promise<void>;
  /** applies the provider's result (ready: the recording plays; an older upload's event is stale) */
  applyResult(tx: Tx, webinarId: string, result: VideoResult, now: Date): Promise<RecordingOutcome>;
  /**
   * Phase 2: a validated meetings notification naming a recording; for a webinar's meeting the
   * import is queued once (in the notification's transaction). Answers what happened.
   */
  importMeetingRecording(
    tx: Tx,
    queue: Queue,
    notice: { resource?: string | null; changeType?: string | null },
    now: Date,
  ): Promise<{ outcome: string; webinarId: string | null }>;
};

export function recordingPassthrough(webinarId: string): string {
  return JSON.stringify({ kind: "webinar", webinarId });
}

/** The webinar a provider event's passthrough names, when it is a recording's. */
export function recordingOfPassthrough(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500) return null;
  try {
    const value = JSON.parse(raw) as { kind?: unknown; webinarId?: unknown };
    return value.kind === "webinar" && typeof value.webinarId === "string" && isId(value.webinarId) ? value.webinarId : null;
  } catch {
    return null;
  }
}

export type RecordingUpload = { uploadId: string; uploadUrl: string; expiresAt: string };

/** Opens a direct upload of the webinar's recording (a cancelled webinar has none: 409). */
export async function createRecordingUpload(
  deps: { db: Database; provider: VideoProvider; recordings: WebinarRecordings; adminUrl: string; now: Date },
  actor: VideoActor,
  webinarId: string,
  returnPath: string,
): Promise<RecordingUpload> {
  const found = await deps.recordings.find(deps.db, webinarId);
  if (found.state === "cancelled") throw new DomainError("conflict", "Zrušený webinár nemá záznam.");
  let upload;
  try {
    upload = await deps.provider.createUpload(
      { passthrough: recordingPassthrough(webinarId), corsOrigin: deps.adminUrl, returnUrl: `${deps.adminUrl}${returnPath}` },
      deps.now,
    );
  } catch (error) {
    if (error instanceof VideoProviderError) throw new DomainError("video_provider_unavailable", undefined, { provider: deps.provider.name }, { cause: error });
    throw error;
  }
  await deps.db.transaction((tx) => deps.recordings.recordUpload(tx, actor, webinarId, { id: upload.uploadId, createdAt: deps.now }));
  return { uploadId: upload.uploadId, uploadUrl: upload.uploadUrl, expiresAt: upload.expiresAt.toISOString() };
}
