// PATCH/DELETE /api/admin/tests/<testId>.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { deleteTest, TestPatchRequest, updateTest, authoringApi } from "#server/authoring";

const route = authoringRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdateTest"],
    body: TestPatchRequest,
    run: ({ services, actor, params, body }) => updateTest(services.db, actor, params.testId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeleteTest"], run: ({ services, actor, params }) => deleteTest(services.db, actor, params.testId) }),
});

export const loader = route.loader;
export const action = route.action;
