// POST /api/admin/enrollments/<id>/resync: the person snapshot from the identity provider. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { enrollmentDeps } from "../../../../lib/admin-enrollments.server";
import { ResyncEnrollmentBody, resyncEnrollment, enrollmentsAdminApi } from "#server/admin";

const route = authoringRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminResyncEnrollment"],
    body: ResyncEnrollmentBody,
    run: ({ services, actor, params }) => resyncEnrollment(enrollmentDeps(services), actor, params.enrollmentId),
  }),
});

export const loader = route.loader;
export const action = route.action;
