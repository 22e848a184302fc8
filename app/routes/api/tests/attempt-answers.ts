// PUT or POST /api/tests/<id>/attempts/<attemptId>/answers: saves the answers of an
// attempt in progress (replacing the saved set), so a closed tab loses nothing.
import { domainErrorResponse } from "../../../lib/api.server";
import { method, operationRoute } from "../../../lib/operation-route.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { quizzesApi, AnswersBody, saveAnswers } from "#server/quizzes";
import { depsOf } from "../../../lib/deps.server";

const save = method({
  operation: [quizzesApi, "saveAnswers"],
  body: AnswersBody,
  run: async ({ body, params, context, user }) => {
    const { db } = context.get(servicesContext);
    const outcome = await db.transaction((tx) => saveAnswers(tx, depsOf(context), user.id, params.testId, params.attemptId, body.answers));
    // a late save is answered 409 attempt_expired after the automatic submission committed
    return outcome.ok ? json(outcome.value, { headers: { "Cache-Control": "no-store" } }) : domainErrorResponse(outcome.error);
  },
});

// the same save under PUT and POST (a form-like client): two operations of the contract
const route = operationRoute({ PUT: save, POST: { ...save, operation: [quizzesApi, "saveAnswersPost"] } });

export const action = route.action;
