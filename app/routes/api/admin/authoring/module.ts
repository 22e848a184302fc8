// PATCH/DELETE /api/admin/modules/<moduleId>.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { deleteModule, ModulePatchRequest, updateModule } from "#server/authoring";

export const { loader, action } = authoringRoute({
  PATCH: method({ body: ModulePatchRequest, run: ({ services, actor, params, body }) => updateModule(services.db, actor, params.moduleId, body) }),
  DELETE: method({ run: ({ services, actor, params }) => deleteModule(services.db, actor, params.moduleId) }),
});
