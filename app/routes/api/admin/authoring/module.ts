// PATCH/DELETE /api/admin/modules/<moduleId>.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { deleteModule, ModulePatchRequest, updateModule, authoringApi } from "#server/authoring";

const route = operationRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdateModule"],
    body: ModulePatchRequest,
    run: ({ services, actor, params, body }) => updateModule(services.db, actor, params.moduleId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeleteModule"], run: ({ services, actor, params }) => deleteModule(services.db, actor, params.moduleId) }),
});

export const loader = route.loader;
export const action = route.action;
