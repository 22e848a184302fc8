// GET /api/parts/<id>/playback-url[?blockId=] (spec: Endpoints > Learning (student));
// which block: docs/decisions/learning/learning.md > Learning.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { learningDeps, PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/kernel/errors";
import { learningApi, renewPlaybackUrl } from "#server/learning";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "renewPlaybackUrl"],
    run: async ({ request, params, context, user }) => {
      const blockId = new URL(request.url).searchParams.get("blockId");
      return json(await renewPlaybackUrl(learningDeps(context), user.id, params.partId, blockId), { headers: PRIVATE });
    },
  }),
});

export const loader = route.loader;
