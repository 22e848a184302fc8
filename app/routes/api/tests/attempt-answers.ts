// PUT or POST /api/tests/<id>/attempts/<attemptId>/answers: saves the answers of an
// attempt in progress (replacing the saved set), so a closed tab loses nothing.
import type { Route } from "./+types/attempt-answers";
import { apiRoute, domainErrorResponse, readJsonBody } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { quizDeps } from "../../../lib/quizzes.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { AnswersBody, saveAnswers } from "#server/quizzes";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUser(context);
  const body = await readJsonBody(request, AnswersBody);
  const { db } = context.get(servicesContext);
  const outcome = await db.transaction((tx) => saveAnswers(tx, quizDeps(context), user.id, params.testId, params.attemptId, body.answers));
  // a late save is answered 409 attempt_expired after the automatic submission committed
  return outcome.ok ? json(outcome.value, { headers: { "Cache-Control": "no-store" } }) : domainErrorResponse(outcome.error);
});
