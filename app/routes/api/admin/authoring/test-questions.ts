// POST /api/admin/tests/<testId>/questions: a question at the end of the test.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createQuestion, QuestionCreateRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminCreateQuestion"],
    body: QuestionCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createQuestion(services.db, actor, params.testId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
