// POST /api/admin/tests/<testId>/questions: a question at the end of the test.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { createQuestion, QuestionCreateRequest } from "#server/authoring";

const route = authoringRoute({
  POST: method({ body: QuestionCreateRequest, status: 201, run: ({ services, actor, params, body }) => createQuestion(services.db, actor, params.testId, body) }),
});

export const loader = route.loader;
export const action = route.action;
