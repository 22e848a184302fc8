// GET /api/orgs/<orgId>/seats (operation getClubSeats; docs/api.md > Clubs): the club's
// seats per course, for its club_admin or executive_director only (403 otherwise).
import type { Route } from "./+types/seats";
import { apiRoute } from "../../../lib/api.server";
import { clubOf } from "../../../lib/clubs.server";
import { json } from "#server/http/errors";
import { listClubSeats, requireClubAdmin } from "#server/clubs";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { deps, user } = clubOf(context);
  const club = await requireClubAdmin(deps, user.id, params.orgId);
  return json(await listClubSeats(deps.db, club), { headers: { "Cache-Control": "private, no-store" } });
});
