// GET /api/parts/<id>/playback-url[?blockId=] (spec: Endpoints > Learning (student));
// which block: docs/decisions/learning/learning.md > Learning.
import type { Route } from "./+types/part-playback-url";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { learningDeps, PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/http/errors";
import { renewPlaybackUrl } from "#server/learning";

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const blockId = new URL(request.url).searchParams.get("blockId");
  return json(await renewPlaybackUrl(learningDeps(context), user.id, params.partId, blockId), { headers: PRIVATE });
});
