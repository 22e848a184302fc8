// DELETE /api/orgs/<orgId>/seats/assignments/<id> (operation revokeClubSeat; docs/api.md >
// Clubs): takes back a seat whose person has not started → 204; 409 seat_started after.
import type { Route } from "./+types/seat-assignment";
import { apiRoute } from "../../../lib/api.server";
import { clubOf } from "../../../lib/clubs.server";
import { revokeSeat } from "#server/clubs";

export const action = apiRoute(async ({ params, context }: Route.ActionArgs) => {
  const { deps, actor } = clubOf(context);
  await revokeSeat(deps, actor, params.orgId, params.assignmentId);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
});
