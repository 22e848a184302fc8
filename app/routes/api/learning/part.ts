// GET /api/parts/<id> (spec: Endpoints > Learning (student)): 403 part_locked /
// no_enrollment, signed media URLs.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { learningDeps, PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/kernel/errors";
import { learningApi, getPart } from "#server/learning";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "getPart"],
    run: async ({ params, context, user }) => {
      return json(await getPart(learningDeps(context), user.id, params.partId), { headers: PRIVATE });
    },
  }),
});

export const loader = route.loader;
