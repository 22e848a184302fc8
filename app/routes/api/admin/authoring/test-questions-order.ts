// PUT /api/admin/tests/<testId>/questions/order {ids}: reorders the questions.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { reorderQuestions, ReorderRequest } from "#server/authoring";

export const { loader, action } = authoringRoute({
  PUT: method({ body: ReorderRequest, run: ({ services, actor, params, body }) => reorderQuestions(services.db, actor, params.testId, body.ids) }),
});
