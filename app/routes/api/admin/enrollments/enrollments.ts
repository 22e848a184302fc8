// GET /api/admin/enrollments (filters studentId, courseId, state, enrolledAfter; page,
// pageSize ≤ 50) and POST (grant). Role admin. spec: Endpoints > Admin: enrollments;
// payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { DomainError, zodDetails } from "#server/kernel/errors";
import { AdminEnrollmentListQuery, GrantEnrollmentBody, grantEnrollment, listEnrollmentsForAdmin, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [enrollmentsAdminApi, "adminListEnrollments"],
    run: async ({ services, url }) => {
      const query = AdminEnrollmentListQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) throw new DomainError("validation", "Neplatný filter zápisov.", zodDetails(query.error.issues));
      return listEnrollmentsForAdmin(services.db, query.data);
    },
  }),
  POST: method({
    operation: [enrollmentsAdminApi, "adminGrantEnrollment"],
    body: GrantEnrollmentBody,
    status: 201,
    stepUp: true,
    run: ({ services, actor, body }) => grantEnrollment(depsOf(services), actor, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
