// POST /api/admin/enrollments/<id>/cancel: an active enrollment becomes cancelled. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { CancelEnrollmentBody, cancelEnrollment, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminCancelEnrollment"],
    stepUp: true,
    body: CancelEnrollmentBody,
    run: ({ services, actor, params, body }) => cancelEnrollment(depsOf(services), actor, params.enrollmentId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
