// The video area's /api operations in the OpenAPI document: the direct upload of the
// admin API and the video and meetings webhook receivers. The signed file route
// (/files/…) and the local stand-in (/local-video/…) are not /api (docs/api.md lists them).
import { z } from "zod";
import type { ApiArea } from "../http/openapi";
import { MeetingNotifications, MeetingsAck } from "./meetings";
import { VideoPreviewRequest, VideoPreviewResponse } from "./previews";
import { VideoUploadRequest, VideoUploadResponse } from "./uploads";
import { VideoEvent, VideoWebhookAck } from "./webhook";

export const videoApi: ApiArea = {
  schemas: {
    VideoUploadRequest,
    VideoUploadResponse,
    VideoPreviewRequest,
    VideoPreviewResponse,
    VideoEvent,
    VideoWebhookAck,
    MeetingNotifications,
    MeetingsAck,
  },
  operations: [
    {
      method: "post",
      path: "/api/admin/uploads/video",
      operationId: "adminCreateVideoUpload",
      summary:
        "Creates a direct upload into a video block of a draft course (Mux, or the local stand-in). The browser PUTs the file " +
        "to uploadUrl; the provider's video.asset.ready webhook fills the block. The upload carries the passthrough {partId, blockId}",
      tags: ["admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      body: { contentType: "application/json", schema: VideoUploadRequest },
      responses: { 201: { description: "the upload is open until expiresAt", schema: VideoUploadResponse } },
      errors: ["unauthorized", "forbidden", "not_found", "course_not_editable", "validation", "video_provider_unavailable", "video_provider_not_configured"],
    },
    {
      method: "post",
      path: "/api/admin/uploads/video/preview",
      operationId: "adminSetVideoPreview",
      summary:
        "Sets the course's preview clip of a ready video block of a draft course (previewStartSec..previewEndSec, 10-60 s, " +
        "within the video's durationSec) and asks the provider to cut it (Mux: a clip asset of mux://assets/<id>; the local " +
        'stand-in: ffmpeg). The clip\'s video.asset.ready (passthrough {partId, blockId, kind: "preview", cutId}) sets the ' +
        "block's previewPlaybackId",
      tags: ["admin"],
      auth: { kind: "session", roles: ["content_manager", "admin"] },
      body: { contentType: "application/json", schema: VideoPreviewRequest },
      responses: { 202: { description: "the cut was asked for (status ready when the provider already reported)", schema: VideoPreviewResponse } },
      errors: ["unauthorized", "forbidden", "not_found", "course_not_editable", "validation", "video_provider_unavailable", "video_provider_not_configured"],
    },
    {
      method: "post",
      path: "/api/webhooks/video",
      operationId: "receiveVideoEvent",
      summary:
        "Video provider events (video.asset.ready, video.asset.errored, video.upload.cancelled); header video-signature " +
        't=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> (several v1 allowed; ±300 s; Mux\'s mux-signature accepted too). ' +
        "Idempotent by the event's top-level id, else the video-event-id (or webhook-id) header, else a SHA-256 of the raw body",
      tags: ["webhooks"],
      auth: { kind: "signed", how: "video-signature: t=<ts>,v1=<hex HMAC-SHA256 of '<ts>.<raw body>'> with MUX_WEBHOOK_SECRET" },
      body: { contentType: "application/json", schema: VideoEvent },
      responses: { 200: { description: "acknowledged (also for duplicates and events of older uploads)", schema: VideoWebhookAck } },
      errors: ["invalid_signature", "bad_request"],
    },
    {
      method: "get",
      path: "/api/webhooks/meetings",
      operationId: "validateMeetingsSubscription",
      summary: "Phase 2: subscription validation; answers the validationToken query parameter as text/plain",
      tags: ["webhooks"],
      auth: { kind: "public" },
      query: z.strictObject({ validationToken: z.string().min(1).max(1000) }),
      responses: { 200: { description: "the token, as text/plain", contentType: "text/plain", schema: z.string() } },
      errors: ["bad_request"],
    },
    {
      method: "post",
      path: "/api/webhooks/meetings",
      operationId: "receiveMeetingNotifications",
      summary:
        "Phase 2: onlineMeetingRecording notifications; every item's clientState must equal MEETINGS_CLIENT_STATE. Each is " +
        "recorded once (webhook_events); a recording of a webinar's meeting queues its import (downloaded once from Microsoft " +
        "Graph, uploaded to the video provider; video.asset.ready sets the webinar's recording). With ?validationToken= answered like the GET",
      tags: ["webhooks"],
      auth: { kind: "signed", how: "clientState equal to MEETINGS_CLIENT_STATE" },
      body: { contentType: "application/json", schema: MeetingNotifications },
      responses: { 200: { description: "recorded", schema: MeetingsAck } },
      errors: ["invalid_signature", "bad_request"],
    },
  ],
};
