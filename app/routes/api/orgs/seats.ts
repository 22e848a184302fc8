import { method, operationRoute } from "../../../lib/operation-route.server";
import { clubOf } from "../../../lib/clubs.server";
import { clubsApi, listClubSeats, requireClubAdmin } from "#server/clubs";

const route = operationRoute({
  GET: method({
    operation: [clubsApi, "getClubSeats"],
    // any signed-in person may ask; the club's own admin is checked against the provider
    run: async ({ context, params }) => {
      const { deps, user } = clubOf(context);
      return listClubSeats(deps.db, await requireClubAdmin(deps, user.id, params.orgId));
    },
  }),
});

export const loader = route.loader;
