// GET /api/enrollments/<id> (spec: Endpoints > Enrollments (student)): the owner's
// enrollment with its progress; anyone else's answers 404 like a missing one.
import type { Route } from "./+types/enrollment";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { PRIVATE } from "../../../lib/learning.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { getEnrollmentDetail } from "#server/learning";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  return json(await getEnrollmentDetail(context.get(servicesContext).db, user.id, params.enrollmentId), { headers: PRIVATE });
});
