// POST /api/admin/topics/<topicId>/module: the topic's one module (409 when it has one).
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createModule, ModuleCreateRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminCreateModule"],
    body: ModuleCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createModule(services.db, actor, params.topicId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
