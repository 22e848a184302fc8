// GET /api/parts/<id>/playback-url[?blockId=] (spec: Endpoints > Learning (student));
// which block: docs/decisions/learning/learning.md > Learning.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/kernel/errors";
import { learningApi, renewPlaybackUrl } from "#server/learning";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "renewPlaybackUrl"],
    run: async ({ request, params, context, user }) => {
      const blockId = new URL(request.url).searchParams.get("blockId");
      const renewed = await renewPlaybackUrl(depsOf(context), user.id, params.partId, blockId);
      return renewed.ok ? json(renewed.value, { headers: PRIVATE }) : renewed;
    },
  }),
});

export const loader = route.loader;
