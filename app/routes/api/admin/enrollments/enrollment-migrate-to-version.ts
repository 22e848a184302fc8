// POST /api/admin/enrollments/<id>/migrate-to-version: moves the enrollment to another version of its course (API only). Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { MigrateEnrollmentBody, migrateEnrollment, enrollmentsAdminApi } from "#server/admin";
import { depsOf } from "../../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [enrollmentsAdminApi, "adminMigrateEnrollment"],
    stepUp: true,
    body: MigrateEnrollmentBody,
    run: ({ services, actor, params, body }) => migrateEnrollment(depsOf(services), actor, params.enrollmentId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
