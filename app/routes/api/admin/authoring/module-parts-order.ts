// PUT /api/admin/modules/<moduleId>/parts/order {ids}: reorders the parts (spec: reorders Parts).
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { reorderParts, ReorderRequest } from "#server/authoring";

export const { loader, action } = authoringRoute({
  PUT: method({ body: ReorderRequest, run: ({ services, actor, params, body }) => reorderParts(services.db, actor, params.moduleId, body.ids) }),
});
