// POST /api/admin/modules/<moduleId>/parts: a part at the end of the module.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { createPart, PartCreateRequest, authoringApi } from "#server/authoring";

const route = authoringRoute({
  POST: method({
    operation: [authoringApi, "adminCreatePart"],
    body: PartCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createPart(services.db, actor, params.moduleId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
