// POST /api/admin/enrollments/<id>/reset-test-attempts: voids the attempts at one test. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { ResetTestAttemptsBody, resetTestAttempts, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminResetTestAttempts"],
    body: ResetTestAttemptsBody,
    run: ({ services, actor, params, body }) => resetTestAttempts(depsOf(services), actor, params.enrollmentId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
