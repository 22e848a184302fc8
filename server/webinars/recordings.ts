// The webinars area's side of the recording port (server/video recordings.ts): the
// webinar row notes the admin's direct upload (waiting) and takes the provider's result.
// A ready asset of the latest upload sets the playback id the students' signed URLs play;
// an older upload's late event changes nothing (stale_upload).
import { eq } from "drizzle-orm";
import { schema, type Database, type Tx } from "../db";
import { isId } from "../../shared/ids";
import { DomainError } from "../kernel/errors";
import { writeAudit } from "../audit";
import type { RecordingOutcome, RecordingView, WebinarRecordings } from "../video";
import { queueMeetingRecording } from "./imports";

const { webinars } = schema;

async function find(db: Database, webinarId: string): Promise<RecordingView> {
  const [row] = isId(webinarId) ? await db.select().from(webinars).where(eq(webinars.id, webinarId)) : [];
  if (!row) throw new DomainError("not_found", "Webinár sa nenašiel.");
  return { webinarId: row.id, courseId: row.courseId, title: row.title, state: row.state };
}

export const webinarRecordings: WebinarRecordings = {
  find,
  async recordUpload(tx: Tx, actor, webinarId, upload) {
    await tx
      .update(webinars)
      .set({ recordingUploadId: upload.id, recordingUploadStatus: "waiting", updatedAt: upload.createdAt })
      .where(eq(webinars.id, webinarId));
    await writeAudit(tx, {
      actorId: actor.actorId,
      actorRoles: actor.actorRoles,
      action: "webinar.recording_upload",
      targetType: "webinar",
      targetId: webinarId,
      details: { uploadId: upload.id },
    });
  },
  async applyResult(tx, webinarId, result, now): Promise<RecordingOutcome> {
    const [row] = await tx.select().from(webinars).where(eq(webinars.id, webinarId)).for("update");
    if (!row) return { outcome: "webinar_not_found", courseId: null };
    // the latest upload's result only (an event without an upload id, e.g. a phase-2 import, applies too)
    if (result.uploadId && row.recordingUploadId && result.uploadId !== row.recordingUploadId) return { outcome: "stale_upload", courseId: row.courseId };
    if (result.kind === "ready") {
      await tx
        .update(webinars)
        .set({
          recordingPlaybackId: result.playbackId,
          recordingAssetId: result.assetId,
          recordingDurationSec: Math.round(result.durationSec),
          recordingUploadStatus: "ready",
          updatedAt: now,
        })
        .where(eq(webinars.id, webinarId));
    } else {
      await tx.update(webinars).set({ recordingUploadStatus: result.kind, updatedAt: now }).where(eq(webinars.id, webinarId));
    }
    return { outcome: "updated", courseId: row.courseId };
  },
  importMeetingRecording: queueMeetingRecording,
};
