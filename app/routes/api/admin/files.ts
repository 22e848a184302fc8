// POST /api/admin/files (issue 32; docs/api.md > Files): one file into the store,
// content_manager+. The body is read as a stream by server/files (never buffered); the
// front door lets this path's body past its 1 MiB cap up to the largest file cap.
import { operationRoute, method } from "../../../lib/operation-route.server";
import { filesApi } from "#server/files";

const route = operationRoute({
  POST: method({
    operation: [filesApi, "adminUploadFile"],
    status: 201,
    run: async ({ services, actor, request }) => ({
      file: await services.files.upload(actor, { contentType: request.headers.get("Content-Type"), body: request.body }),
    }),
  }),
});

export const loader = route.loader;
export const action = route.action;
