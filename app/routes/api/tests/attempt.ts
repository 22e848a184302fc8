// GET /api/tests/<id>/attempts/<attemptId> (beyond the spec): the owner's attempt as served
// with its saved answers, and the result once finished; anyone else's is 404.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { quizzesApi, getAttempt } from "#server/quizzes";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [quizzesApi, "getAttempt"],
    run: async ({ params, context, user }) => {
      const { db } = context.get(servicesContext);
      const view = await db.transaction((tx) => getAttempt(tx, depsOf(context), user.id, params.testId, params.attemptId));
      return json(view, { headers: { "Cache-Control": "private, no-store" } });
    },
  }),
});

export const loader = route.loader;
