// POST /api/tests/<id>/attempts/<attemptId>/submit (Idempotency-Key required; a replay
// answers the first result). spec: Endpoints > Tests (student).
import type { Route } from "./+types/attempt-submit";
import { apiRoute, readJsonBody } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { idempotentSubmit } from "../../../lib/quizzes.server";

import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { AnswersBody } from "#server/quizzes";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUser(context);
  const idempotency = idempotencyOf(request);
  const body = await readJsonBody(request, AnswersBody);
  return answerResponse(await idempotentSubmit(context, user, { testId: params.testId, attemptId: params.attemptId }, { ...idempotency, body }));
});
