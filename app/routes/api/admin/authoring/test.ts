// PATCH/DELETE /api/admin/tests/<testId>.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { deleteTest, TestPatchRequest, updateTest, authoringApi } from "#server/authoring";

const route = operationRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdateTest"],
    body: TestPatchRequest,
    run: ({ services, actor, params, body }) => updateTest(services.db, actor, params.testId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeleteTest"], run: ({ services, actor, params }) => deleteTest(services.db, actor, params.testId) }),
});

export const loader = route.loader;
export const action = route.action;
