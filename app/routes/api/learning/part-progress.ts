// POST /api/parts/<id>/progress (spec: Endpoints > Learning (student)): a block update or
// {markPartCompleted: true}; the rules are the progress engine's (server/learning).
import { readJsonBody } from "../../../lib/api.server";
import { method, operationRoute } from "../../../lib/operation-route.server";
import { PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/kernel/errors";
import { learningApi, ProgressBody, reportProgress } from "#server/learning";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [learningApi, "reportPartProgress"],
    run: async ({ request, params, context, user }) => {
      const body = await readJsonBody(request, ProgressBody);
      const answer = await reportProgress(depsOf(context), user.id, params.partId, body);
      return answer.ok ? json(answer.value, { headers: PRIVATE }) : answer;
    },
  }),
});

export const action = route.action;
