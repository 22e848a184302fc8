// PUT /api/admin/questions/<questionId>/move {testId, orderIndex?}: to another test of the same course.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { moveQuestion, QuestionMoveRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  PUT: method({
    operation: [authoringApi, "adminMoveQuestion"],
    body: QuestionMoveRequest,
    run: ({ services, actor, params, body }) => moveQuestion(services.db, actor, params.questionId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
