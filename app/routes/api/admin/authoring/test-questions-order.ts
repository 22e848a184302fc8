// PUT /api/admin/tests/<testId>/questions/order {ids}: reorders the questions.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { reorderQuestions, ReorderRequest, authoringApi } from "#server/authoring";

const route = authoringRoute({
  PUT: method({
    operation: [authoringApi, "adminReorderQuestions"],
    body: ReorderRequest,
    run: ({ services, actor, params, body }) => reorderQuestions(services.db, actor, params.testId, body.ids),
  }),
});

export const loader = route.loader;
export const action = route.action;
