// POST /api/admin/levels/<levelId>/topics: a topic at the end of the level.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { createTopic, TopicCreateRequest, authoringApi } from "#server/authoring";

const route = authoringRoute({
  POST: method({
    operation: [authoringApi, "adminCreateTopic"],
    body: TopicCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createTopic(services.db, actor, params.levelId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
