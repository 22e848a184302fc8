// GET /api/admin/enrollments/<id>: one enrollment with its raw progress records and test
// attempts. Role admin. spec: Endpoints > Admin: enrollments.
import { authoringRoute, method, ADMINS } from "../../../../lib/authoring.server";
import { getEnrollmentForAdmin } from "#server/admin";

const route = authoringRoute({
  GET: method({ roles: ADMINS, run: ({ services, params }) => getEnrollmentForAdmin(services.db, params.enrollmentId) }),
});

export const loader = route.loader;
export const action = route.action;
