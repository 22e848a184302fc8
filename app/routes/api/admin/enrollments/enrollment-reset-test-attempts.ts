// POST /api/admin/enrollments/<id>/reset-test-attempts: voids the attempts at one test. Role admin.
// spec: Endpoints > Admin: enrollments; payloads: docs/api.md.
import { authoringRoute, method, ADMINS } from "../../../../lib/authoring.server";
import { enrollmentDeps } from "../../../../lib/admin-enrollments.server";
import { ResetTestAttemptsBody, resetTestAttempts } from "#server/admin";

const route = authoringRoute({
  POST: method({ roles: ADMINS, body: ResetTestAttemptsBody, run: ({ services, actor, params, body }) => resetTestAttempts(enrollmentDeps(services), actor, params.enrollmentId, body) }),
});

export const loader = route.loader;
export const action = route.action;
