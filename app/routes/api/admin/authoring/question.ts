// PATCH/DELETE /api/admin/questions/<questionId>.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { deleteQuestion, QuestionPatchRequest, updateQuestion, authoringApi } from "#server/authoring";

const route = operationRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdateQuestion"],
    body: QuestionPatchRequest,
    run: ({ services, actor, params, body }) => updateQuestion(services.db, actor, params.questionId, body),
  }),
  DELETE: method({
    operation: [authoringApi, "adminDeleteQuestion"],
    run: ({ services, actor, params }) => deleteQuestion(services.db, actor, params.questionId),
  }),
});

export const loader = route.loader;
export const action = route.action;
