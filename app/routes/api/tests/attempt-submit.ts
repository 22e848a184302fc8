// POST /api/tests/<id>/attempts/<attemptId>/submit (Idempotency-Key required; a replay
// answers the first result). spec: Endpoints > Tests (student).
import { readJsonBody } from "../../../lib/api.server";
import { method, operationRoute } from "../../../lib/operation-route.server";
import { idempotentSubmit } from "../../../lib/quizzes.server";

import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { quizzesApi, AnswersBody } from "#server/quizzes";

const route = operationRoute({
  POST: method({
    operation: [quizzesApi, "submitAttempt"],
    run: async ({ request, params, context, user }) => {
      const idempotency = idempotencyOf(request);
      const body = await readJsonBody(request, AnswersBody);
      return answerResponse(await idempotentSubmit(context, user, { testId: params.testId, attemptId: params.attemptId }, { ...idempotency, body }));
    },
  }),
});

export const action = route.action;
