// The video area as AppServices carry it (`services.video`): the chosen provider and the
// operations routes call, with the webhook secret and the meetings clientState closed over
// (never handed to routes).
import type { Database } from "../db";
import type { Queue } from "../queue";
import type { Outcome } from "../kernel/outcome";
import type { VideoActor, VideoBlockRef, VideoBlocks, VideoBlockView } from "./blocks";
import { receiveMeetingNotifications, type MeetingsAck } from "./meetings";
import type { VideoProvider } from "./provider";
import { cancelVideoUpload, createVideoUpload, type VideoUploadRequest, type VideoUploadResponse } from "./uploads";
import { setVideoPreview, type VideoPreviewRequest, type VideoPreviewResponse } from "./previews";
import { receiveVideoWebhook, type VideoWebhookAck, type VideoWebhookRequest } from "./webhook";
import { createRecordingUpload, type RecordingUpload, type WebinarRecordings } from "./recordings";

export type Video = {
  /** "mux" or "local" */
  providerName: VideoProvider["name"];
  /** the part, its course and the video block (404 / 422), for the admin upload page */
  getBlock(db: Database, ref: VideoBlockRef): Promise<VideoBlockView>;
  createUpload(deps: { db: Database; now: Date }, actor: VideoActor, input: VideoUploadRequest): Promise<VideoUploadResponse>;
  cancelUpload(deps: { db: Database; now: Date }, ref: VideoBlockRef): Promise<{ uploadId: string }>;
  /** sets the course's preview clip range and asks the provider to cut it (refusals returned: 404, 409, 422, 503) */
  setPreview(deps: { db: Database; now: Date }, actor: VideoActor, input: VideoPreviewRequest): Promise<Outcome<VideoPreviewResponse>>;
  receiveWebhook(deps: { db: Database; queue: Queue; now: Date }, request: VideoWebhookRequest): Promise<VideoWebhookAck>;
  receiveMeetings(deps: { db: Database; queue: Queue; now: Date }, rawBody: string): Promise<MeetingsAck>;
  /** a direct upload of a webinar's recording (its page is `returnPath`, where a form upload returns) */
  createRecordingUpload(deps: { db: Database; now: Date }, actor: VideoActor, webinarId: string, returnPath: string): Promise<RecordingUpload>;
};

export function createVideo(settings: {
  provider: VideoProvider;
  /** the authoring area's video-block writer (server/authoring `videoBlocks`) */
  blocks: VideoBlocks;
  /** the webinars area's recording writer (server/webinars `webinarRecordings`) */
  recordings?: WebinarRecordings;
  webhookSecret: string;
  meetingsClientState?: string;
  adminUrl: string;
}): Video {
  const { provider, blocks } = settings;
  return {
    providerName: provider.name,
    getBlock: (db, ref) => blocks.find(db, ref),
    createUpload: (deps, actor, input) => createVideoUpload({ ...deps, provider, blocks, adminUrl: settings.adminUrl }, actor, input),
    cancelUpload: (deps, ref) => cancelVideoUpload({ ...deps, provider, blocks }, ref),
    setPreview: (deps, actor, input) => setVideoPreview({ ...deps, provider, blocks }, actor, input),
    receiveWebhook: (deps, request) => receiveVideoWebhook({ ...deps, blocks, recordings: settings.recordings, secret: settings.webhookSecret }, request),
    receiveMeetings: (deps, rawBody) =>
      receiveMeetingNotifications({ ...deps, recordings: settings.recordings, clientState: settings.meetingsClientState }, rawBody),
    createRecordingUpload: (deps, actor, webinarId, returnPath) => {
      if (!settings.recordings) throw new Error("no webinar recordings port was handed to createVideo");
      return createRecordingUpload({ ...deps, provider, recordings: settings.recordings, adminUrl: settings.adminUrl }, actor, webinarId, returnPath);
    },
  };
}
