// GET /api/parts/<id> (spec: Endpoints > Learning (student)): 403 part_locked /
// no_enrollment, signed media URLs.
import type { Route } from "./+types/part";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { learningDeps, PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/http/errors";
import { getPart } from "#server/learning";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  return json(await getPart(learningDeps(context), user.id, params.partId), { headers: PRIVATE });
});
