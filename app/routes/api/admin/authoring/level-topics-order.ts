// PUT /api/admin/levels/<levelId>/topics/order {ids}: reorders the topics of a level.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { reorderTopics, ReorderRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  PUT: method({
    operation: [authoringApi, "adminReorderTopics"],
    body: ReorderRequest,
    run: ({ services, actor, params, body }) => reorderTopics(services.db, actor, params.levelId, body.ids),
  }),
});

export const loader = route.loader;
export const action = route.action;
