// GET /api/tests/<id>/attempts/<attemptId> (beyond the spec): the owner's attempt as served
// with its saved answers, and the result once finished; anyone else's is 404.
import type { Route } from "./+types/attempt";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { quizDeps } from "../../../lib/quizzes.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { getAttempt } from "#server/quizzes";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const { db } = context.get(servicesContext);
  const view = await db.transaction((tx) => getAttempt(tx, quizDeps(context), user.id, params.testId, params.attemptId));
  return json(view, { headers: { "Cache-Control": "private, no-store" } });
});
