// PUT /api/admin/tests/<testId>/questions/order {ids}: reorders the questions.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { reorderQuestions, ReorderRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  PUT: method({
    operation: [authoringApi, "adminReorderQuestions"],
    body: ReorderRequest,
    run: ({ services, actor, params, body }) => reorderQuestions(services.db, actor, params.testId, body.ids),
  }),
});

export const loader = route.loader;
export const action = route.action;
