// GET /api/parts/<id> (spec: Endpoints > Learning (student)): 403 part_locked /
// no_enrollment, signed media URLs.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { PRIVATE } from "../../../lib/learning.server";
import { json } from "#server/kernel/errors";
import { learningApi, getPart } from "#server/learning";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "getPart"],
    run: async ({ params, context, user }) => {
      return json(await getPart(depsOf(context), user.id, params.partId), { headers: PRIVATE });
    },
  }),
});

export const loader = route.loader;
