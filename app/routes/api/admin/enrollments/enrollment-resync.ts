// POST /api/admin/enrollments/<id>/resync: the person snapshot from the identity provider. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { ResyncEnrollmentBody, resyncEnrollment, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminResyncEnrollment"],
    body: ResyncEnrollmentBody,
    run: ({ services, actor, params }) => resyncEnrollment(depsOf(services), actor, params.enrollmentId),
  }),
});

export const loader = route.loader;
export const action = route.action;
