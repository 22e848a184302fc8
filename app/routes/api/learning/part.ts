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
      const part = await getPart(depsOf(context), user.id, params.partId);
      // a refusal goes to operationRoute, which answers it with the spec's error body
      return part.ok ? json(part.value, { headers: PRIVATE }) : part;
    },
  }),
});

export const loader = route.loader;
