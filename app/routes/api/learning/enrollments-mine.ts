// GET /api/enrollments/me (spec: Endpoints > Enrollments (student)).
import { method, operationRoute } from "../../../lib/operation-route.server";
import { listStudentEnrollments } from "#server/enrollments";
import { learningApi } from "#server/learning";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "listMyEnrollments"],
    run: async ({ services, user }) => ({ data: await listStudentEnrollments(services.db, user.id) }),
  }),
});

export const loader = route.loader;
