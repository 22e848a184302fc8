// GET /api/courses/<slug>/learn (spec: Endpoints > Learning (student)): the caller's
// enrollment on the course, on its own course version.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/kernel/errors";
import { learningApi, getLearnView } from "#server/learning";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "getLearnView"],
    run: async ({ params, context, user }) => {
      return json(await getLearnView(depsOf(context), user.id, params.slug), { headers: PRIVATE });
    },
  }),
});

export const loader = route.loader;
