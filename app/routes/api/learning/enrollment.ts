// GET /api/enrollments/<id> (spec: Endpoints > Enrollments (student)): the owner's
// enrollment with its progress; anyone else's answers 404 like a missing one.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { PRIVATE } from "../../../lib/learning.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { learningApi, getEnrollmentDetail } from "#server/learning";

const route = operationRoute({
  GET: method({
    operation: [learningApi, "getMyEnrollment"],
    run: async ({ params, context, user }) => {
      return json(await getEnrollmentDetail(context.get(servicesContext).db, user.id, params.enrollmentId), { headers: PRIVATE });
    },
  }),
});

export const loader = route.loader;
