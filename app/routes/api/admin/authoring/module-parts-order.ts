// PUT /api/admin/modules/<moduleId>/parts/order {ids}: reorders the parts (spec: reorders Parts).
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { reorderParts, ReorderRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  PUT: method({
    operation: [authoringApi, "adminReorderParts"],
    body: ReorderRequest,
    run: ({ services, actor, params, body }) => reorderParts(services.db, actor, params.moduleId, body.ids),
  }),
});

export const loader = route.loader;
export const action = route.action;
