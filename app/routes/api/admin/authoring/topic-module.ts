// POST /api/admin/topics/<topicId>/module: the topic's one module (409 when it has one).
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { createModule, ModuleCreateRequest, authoringApi } from "#server/authoring";

const route = authoringRoute({
  POST: method({
    operation: [authoringApi, "adminCreateModule"],
    body: ModuleCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createModule(services.db, actor, params.topicId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
