// Video area: signed, expiring URLs for course media (video playback, the preview clip,
// presentation PDFs, images, attachments), direct uploads into video blocks and the
// provider's webhooks (plus the phase-2 meetings receiver).
// spec: Resources > Content block (playbackUrl signed, pdfUrl signed, Attachment url
// signed); Limits (signed playback URL validity 6 hours; preview 10-60 s); Video events;
// Webhook receivers. docs/decisions/video/signed-media-urls.md > Signed media URLs. docs/decisions/video/signed-media-urls.md > Signed media URLs,
// Video uploads and webhooks.
//
// The learning area serializes parts through `MediaUrls`; which provider stands behind
// it (Mux, or the local stand-in under server/stand-ins/video) is chosen at start
// (server/services.ts). Course files are served by the app itself in every mode
// (`createCourseFiles`, mounted at /files).
export {
  createMediaUrls,
  createUnsignedMediaUrls,
  expiryAfter,
  PLAYBACK_URL_TTL_SEC,
  PREVIEW_URL_TTL_SEC,
  FILE_URL_TTL_SEC,
  PUBLIC_FILE_URL_TTL_SEC,
  type MediaUrls,
  type SignedUrl,
  type SignedPlayback,
} from "./media";
export { VideoProviderError, type VideoProvider, type DirectUpload, type CreateUploadInput, type CreateClipInput } from "./provider";
export { createUrlSigner, deriveKey, encodePath, type UrlSigner, type SignatureCheck } from "./signing";
export { sendFile, sendJsonError, contentTypeFor, parseRange, type FileToSend } from "./send-file";
export { createCourseFiles, safeRelativePath, resolveInside, FILES_MOUNT, type CourseFiles, type StoredFileHandler } from "./files";
export { createMuxProvider, parseSigningKey, signMuxToken, type MuxSettings } from "./mux";
export { createNoVideoProvider } from "./none";
export {
  receiveVideoWebhook,
  signVideoEvent,
  verifyVideoSignature,
  VideoEvent,
  VideoWebhookAck,
  VIDEO_EVENT_TYPES,
  VIDEO_PROVIDER_ACTOR,
  VIDEO_SIGNATURE_TOLERANCE_SEC,
  type VideoWebhookDeps,
  type VideoWebhookRequest,
} from "./webhook";
export {
  createVideoUpload,
  cancelVideoUpload,
  uploadPassthrough,
  videoBlockPagePath,
  VideoUploadRequest,
  VideoUploadResponse,
  type UploadDeps,
} from "./uploads";
export {
  setVideoPreview,
  previewPassthrough,
  previewRangeProblems,
  VideoPreviewRequest,
  VideoPreviewResponse,
  PREVIEW_MIN_SEC,
  PREVIEW_MAX_SEC,
  type PreviewDeps,
} from "./previews";
export { receiveMeetingNotifications, MeetingNotifications, MeetingsAck, MEETINGS_ACTOR } from "./meetings";
export { createVideo, type Video } from "./service";
export { recordingPassthrough, type WebinarRecordings, type RecordingView, type RecordingOutcome, type RecordingUpload } from "./recordings";
export type {
  VideoBlocks,
  VideoBlockRef,
  VideoBlock,
  VideoBlockView,
  VideoBlockUpload,
  VideoPreviewCut,
  PreviewResult,
  PreviewResultOutcome,
  VideoActor,
  VideoResult,
  VideoResultOutcome,
} from "./blocks";
export { videoApi } from "./contract";
