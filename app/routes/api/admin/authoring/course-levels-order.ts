// PUT /api/admin/courses/<courseId>/levels/order {ids}: reorders the levels.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { reorderLevels, ReorderRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  PUT: method({
    operation: [authoringApi, "adminReorderLevels"],
    body: ReorderRequest,
    run: ({ services, actor, params, body }) => reorderLevels(services.db, actor, params.courseId, body.ids),
  }),
});

export const loader = route.loader;
export const action = route.action;
