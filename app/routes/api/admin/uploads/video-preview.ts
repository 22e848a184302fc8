// POST /api/admin/uploads/video/preview: the course's preview clip of a video block
// (previewStartSec/previewEndSec, 10-60 s) cut by the video provider; content_manager+,
// drafts only. The work is server/video's (previews.ts).
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { VideoPreviewRequest, videoApi } from "#server/video";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [videoApi, "adminSetVideoPreview"],
    body: VideoPreviewRequest,
    status: 202,
    run: ({ services, actor, body }) => services.video.setPreview(depsOf(services), actor, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
