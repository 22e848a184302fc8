// POST /api/admin/enrollments/batch (phase 2): a sponsoring organization's members
// enrolled for its paid club order. Role admin. spec: Endpoints > Admin: enrollments.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { BatchEnrollBody, batchEnroll, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminBatchEnroll"],
    stepUp: true,
    body: BatchEnrollBody,
    status: 201,
    run: ({ services, actor, body }) => batchEnroll(depsOf(services), actor, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
