// PATCH/DELETE /api/admin/modules/<moduleId>.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { deleteModule, ModulePatchRequest, updateModule } from "#server/authoring";

const route = authoringRoute({
  PATCH: method({ body: ModulePatchRequest, run: ({ services, actor, params, body }) => updateModule(services.db, actor, params.moduleId, body) }),
  DELETE: method({ run: ({ services, actor, params }) => deleteModule(services.db, actor, params.moduleId) }),
});

export const loader = route.loader;
export const action = route.action;
