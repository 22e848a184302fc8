// The recording automation (issue 33 item 6, spec's phase 2; docs/decisions/webinars/
// recording-automation.md): a validated meetings notification names a recording of an online
// meeting; when the meeting is a webinar's (`onlineMeetingId`), one import row is inserted
// (unique per webinar and recording) and, only when it is new, a `webinars.import-recording`
// job is enqueued in the same transaction. The job reads the recording's metadata from the
// meeting provider (Graph), opens a direct upload at the video provider with the webinar's
// passthrough, notes it on the webinar (so the provider's `video.asset.ready` is this
// upload's, not stale) and streams the content there. `video.asset.ready` then sets the
// webinar's recording playback id through the same port as the admin's upload.
import { and, eq } from "drizzle-orm";
import { schema, type Database, type Tx } from "../db";
import type { Queue } from "../queue";
import type { Logger } from "../log";
import { writeAudit } from "../audit";
import { recordingPassthrough, type VideoProvider } from "../video";
import { recordingOfResource, type MeetingsGraph } from "./graph";

const { webinars, webinarRecordingImports } = schema;

export const MEETINGS_AUTOMATION_ACTOR = "system:meetings";

export type MeetingRecordingNotice = { resource: string | null | undefined; changeType: string | null | undefined };

export type ImportOutcome = { outcome: "queued" | "repeat" | "unknown_meeting" | "not_a_recording"; webinarId: string | null };

/** In the notification's transaction: one import per webinar and recording, its job enqueued only when new. */
export async function queueMeetingRecording(tx: Tx, queue: Queue, notice: MeetingRecordingNotice, now: Date): Promise<ImportOutcome> {
  const target = notice.resource ? recordingOfResource(notice.resource) : null;
  if (!target || (notice.changeType ?? "created") !== "created") return { outcome: "not_a_recording", webinarId: null };
  const [webinar] = await tx
    .select({ id: webinars.id })
    .from(webinars)
    .where(and(eq(webinars.onlineMeetingId, target.meetingId), eq(webinars.state, "scheduled")));
  if (!webinar) return { outcome: "unknown_meeting", webinarId: null };
  const [inserted] = await tx
    .insert(webinarRecordingImports)
    .values({ webinarId: webinar.id, resource: target.path, recordingId: target.recordingId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: webinarRecordingImports.id });
  if (!inserted) return { outcome: "repeat", webinarId: webinar.id };
  await queue.enqueue(tx, "webinars.import-recording", { importId: inserted.id });
  await writeAudit(tx, {
    actorId: MEETINGS_AUTOMATION_ACTOR,
    action: "webinar.recording_import_queued",
    targetType: "webinar",
    targetId: webinar.id,
    details: { importId: inserted.id, recordingId: target.recordingId },
  });
  return { outcome: "queued", webinarId: webinar.id };
}

export type ImportDeps = { db: Database; graph: MeetingsGraph; provider: VideoProvider; corsOrigin: string; log: Logger };

/**
 * The job: download the recording from the meeting provider and upload it to the video
 * provider. An import already uploaded does nothing (a repeated job); a failure is noted on
 * the row and rethrown, so the queue retries it.
 */
export function importRecordingJob(deps: ImportDeps) {
  return async ({ importId }: { importId: string }) => {
    const [row] = await deps.db.select().from(webinarRecordingImports).where(eq(webinarRecordingImports.id, importId));
    if (!row || row.state === "uploaded") return;
    const [webinar] = await deps.db.select().from(webinars).where(eq(webinars.id, row.webinarId));
    const now = () => new Date();
    await deps.db
      .update(webinarRecordingImports)
      .set({ attempts: row.attempts + 1, updatedAt: now() })
      .where(eq(webinarRecordingImports.id, row.id));
    try {
      if (!webinar || webinar.state !== "scheduled") throw new Error("the webinar is gone or cancelled");
      const metadata = await deps.graph.recording(row.resource);
      if (metadata.meetingId !== webinar.onlineMeetingId) throw new Error("the recording belongs to another meeting");
      const upload = await deps.provider.createUpload({ passthrough: recordingPassthrough(webinar.id), corsOrigin: deps.corsOrigin }, now());
      // noted first: the provider's asset.ready for this upload is then the webinar's latest
      await deps.db.transaction(async (tx) => {
        await tx
          .update(webinars)
          .set({ recordingUploadId: upload.uploadId, recordingUploadStatus: "waiting", updatedAt: now() })
          .where(eq(webinars.id, webinar.id));
        await tx.update(webinarRecordingImports).set({ uploadId: upload.uploadId, updatedAt: now() }).where(eq(webinarRecordingImports.id, row.id));
      });
      const content = await deps.graph.content(row.resource);
      const headers: Record<string, string> = { "Content-Type": content.type };
      if (content.length !== null) headers["Content-Length"] = String(content.length);
      const sent = await fetch(upload.uploadUrl, { method: "PUT", headers, body: content.body, duplex: "half" } as RequestInit);
      if (!sent.ok) throw new Error(`the video provider refused the upload: ${sent.status}`);
      await deps.db.transaction(async (tx) => {
        await tx.update(webinarRecordingImports).set({ state: "uploaded", error: null, updatedAt: now() }).where(eq(webinarRecordingImports.id, row.id));
        await writeAudit(tx, {
          actorId: MEETINGS_AUTOMATION_ACTOR,
          action: "webinar.recording_upload",
          targetType: "webinar",
          targetId: webinar.id,
          details: { uploadId: upload.uploadId, importId: row.id, recordingId: row.recordingId },
        });
      });
      deps.log.info("meeting recording handed to the video provider", { webinarId: webinar.id, importId: row.id });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await deps.db
        .update(webinarRecordingImports)
        .set({ error: message.slice(0, 500), updatedAt: now() })
        .where(eq(webinarRecordingImports.id, row.id));
      throw error;
    }
  };
}

/** What the automation needs, chosen at start (server/services.ts): null when it is off. */
export type MeetingsAutomation = { graph: MeetingsGraph; provider: VideoProvider; corsOrigin: string; notificationUrl: string; clientState: string };

/** Every hour (Europe/Bratislava): made soon after the first start, renewed a day before it expires. */
export const SUBSCRIPTION_CRON = "17 * * * *";

/** How long a subscription is asked for (Graph allows onlineMeeting recordings up to about 3 days). */
export const SUBSCRIPTION_DAYS = 2;
/** The subscription's resource: every recording of the tenant's online meetings. */
export const RECORDINGS_RESOURCE = "communications/onlineMeetings/getAllRecordings";

/**
 * Keeps the app's recordings subscription alive (scheduled): renews ours when it expires
 * within a day, creates it when there is none (Graph validates the webhook first).
 */
export async function keepMeetingsSubscription(deps: {
  graph: MeetingsGraph;
  notificationUrl: string;
  clientState: string;
  now: Date;
  log: Logger;
}): Promise<"created" | "renewed" | "kept"> {
  const ours = (await deps.graph.subscriptions()).find((s) => s.notificationUrl === deps.notificationUrl && s.resource === RECORDINGS_RESOURCE);
  const until = new Date(deps.now.getTime() + SUBSCRIPTION_DAYS * 86_400_000);
  if (!ours) {
    await deps.graph.subscribe({
      resource: RECORDINGS_RESOURCE,
      notificationUrl: deps.notificationUrl,
      clientState: deps.clientState,
      expirationDateTime: until,
    });
    deps.log.info("meetings subscription created", { notificationUrl: deps.notificationUrl });
    return "created";
  }
  if (Date.parse(ours.expirationDateTime) - deps.now.getTime() < 86_400_000) {
    await deps.graph.renew(ours.id, until);
    return "renewed";
  }
  return "kept";
}
