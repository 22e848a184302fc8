// PATCH/DELETE /api/admin/levels/<levelId> (DELETE: admin, as the spec says).
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { deleteLevel, LevelPatchRequest, updateLevel, authoringApi } from "#server/authoring";

const route = operationRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdateLevel"],
    body: LevelPatchRequest,
    run: ({ services, actor, params, body }) => updateLevel(services.db, actor, params.levelId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeleteLevel"], run: ({ services, actor, params }) => deleteLevel(services.db, actor, params.levelId) }),
});

export const loader = route.loader;
export const action = route.action;
