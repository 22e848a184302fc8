// GET /api/enrollments/me (spec: Endpoints > Enrollments (student)).
import type { Route } from "./+types/enrollments-mine";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { PRIVATE } from "../../../lib/learning.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { listStudentEnrollments } from "#server/enrollments";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const data = await listStudentEnrollments(context.get(servicesContext).db, user.id);
  return json({ data }, { headers: PRIVATE });
});
