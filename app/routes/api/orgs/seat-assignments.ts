// POST /api/orgs/<orgId>/seats/assignments (operation assignClubSeat; docs/api.md > Clubs):
// {courseId, personId | email} → 201 the assignment; 409 seats_exhausted without a free seat.
import type { Route } from "./+types/seat-assignments";
import { apiRoute, readJsonBody } from "../../../lib/api.server";
import { clubOf } from "../../../lib/clubs.server";
import { json } from "#server/http/errors";
import { AssignSeatBody, assignSeat } from "#server/clubs";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { deps, actor } = clubOf(context);
  const body = await readJsonBody(request, AssignSeatBody);
  return json(await assignSeat(deps, actor, params.orgId, body), { status: 201, headers: { "Cache-Control": "no-store" } });
});
