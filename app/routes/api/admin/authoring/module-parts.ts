// POST /api/admin/modules/<moduleId>/parts: a part at the end of the module.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createPart, PartCreateRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminCreatePart"],
    body: PartCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createPart(services.db, actor, params.moduleId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
