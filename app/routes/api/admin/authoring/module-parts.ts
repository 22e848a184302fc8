// POST /api/admin/modules/<moduleId>/parts: a part at the end of the module.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { createPart, PartCreateRequest } from "#server/authoring";

export const { loader, action } = authoringRoute({
  POST: method({ body: PartCreateRequest, status: 201, run: ({ services, actor, params, body }) => createPart(services.db, actor, params.moduleId, body) }),
});
