// GET /api/courses/<slug>/learn (spec: Endpoints > Learning (student)): the caller's
// enrollment on the course, on its own course version.
import type { Route } from "./+types/course-learn";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { learningDeps, PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/http/errors";
import { getLearnView } from "#server/learning";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  return json(await getLearnView(learningDeps(context), user.id, params.slug), { headers: PRIVATE });
});
