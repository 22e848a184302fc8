// POST /api/admin/uploads/video (spec: Admin: courses and content): a direct upload into a
// video block of a draft course; content_manager+. The work is server/video's.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { VideoUploadRequest, videoApi } from "#server/video";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [videoApi, "adminCreateVideoUpload"],
    body: VideoUploadRequest,
    status: 201,
    run: ({ services, actor, body }) => services.video.createUpload(depsOf(services), actor, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
