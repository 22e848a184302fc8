// PATCH/DELETE /api/admin/topics/<topicId>.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { deleteTopic, TopicPatchRequest, updateTopic, authoringApi } from "#server/authoring";

const route = operationRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdateTopic"],
    body: TopicPatchRequest,
    run: ({ services, actor, params, body }) => updateTopic(services.db, actor, params.topicId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeleteTopic"], run: ({ services, actor, params }) => deleteTopic(services.db, actor, params.topicId) }),
});

export const loader = route.loader;
export const action = route.action;
