// PUT /api/admin/modules/<moduleId>/parts/order {ids}: reorders the parts (spec: reorders Parts).
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { reorderParts, ReorderRequest, authoringApi } from "#server/authoring";

const route = authoringRoute({
  PUT: method({
    operation: [authoringApi, "adminReorderParts"],
    body: ReorderRequest,
    run: ({ services, actor, params, body }) => reorderParts(services.db, actor, params.moduleId, body.ids),
  }),
});

export const loader = route.loader;
export const action = route.action;
