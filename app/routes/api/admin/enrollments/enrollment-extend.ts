// POST /api/admin/enrollments/<id>/extend: a new accessExpiresAt; an expired enrollment becomes active again. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { ExtendEnrollmentBody, extendEnrollment, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminExtendEnrollment"],
    body: ExtendEnrollmentBody,
    run: ({ services, actor, params, body }) => extendEnrollment(depsOf(services), actor, params.enrollmentId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
