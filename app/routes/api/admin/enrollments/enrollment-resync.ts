// POST /api/admin/enrollments/<id>/resync: the person snapshot from the identity provider. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { enrollmentDeps } from "../../../../lib/admin-enrollments.server";
import { ResyncEnrollmentBody, resyncEnrollment, enrollmentsAdminApi } from "#server/admin";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminResyncEnrollment"],
    body: ResyncEnrollmentBody,
    run: ({ services, actor, params }) => resyncEnrollment(enrollmentDeps(services), actor, params.enrollmentId),
  }),
});

export const loader = route.loader;
export const action = route.action;
