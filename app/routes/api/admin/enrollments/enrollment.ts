// GET /api/admin/enrollments/<id>: one enrollment with its raw progress records and test
// attempts. Role admin. spec: Endpoints > Admin: enrollments.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { getEnrollmentForAdmin, enrollmentsAdminApi } from "#server/admin";

const route = operationRoute({
  GET: method({
    operation: [enrollmentsAdminApi, "adminGetEnrollment"],
    run: ({ services, params }) => getEnrollmentForAdmin(services.db, params.enrollmentId),
  }),
});

export const loader = route.loader;
export const action = route.action;
