// POST /api/admin/tests: a test on a part, a level or the course (placement).
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createTest, TestCreateRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminCreateTest"],
    body: TestCreateRequest,
    status: 201,
    run: ({ services, actor, body }) => createTest(services.db, actor, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
