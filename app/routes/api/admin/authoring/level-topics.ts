// POST /api/admin/levels/<levelId>/topics: a topic at the end of the level.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createTopic, TopicCreateRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminCreateTopic"],
    body: TopicCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createTopic(services.db, actor, params.levelId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
