// POST /api/parts/<id>/progress (spec: Endpoints > Learning (student)): a block update or
// {markPartCompleted: true}; the rules are the progress engine's (server/learning).
import type { Route } from "./+types/part-progress";
import { apiRoute, readJsonBody } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { learningDeps, PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/http/errors";
import { ProgressBody, reportProgress } from "#server/learning";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUser(context);
  const body = await readJsonBody(request, ProgressBody);
  return json(await reportProgress(learningDeps(context), user.id, params.partId, body), { headers: PRIVATE });
});
