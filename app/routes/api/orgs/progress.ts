import { method, operationRoute } from "../../../lib/operation-route.server";
import { clubOf } from "../../../lib/clubs.server";
import { clubProgress, clubProgressCsv, clubsApi, requireClubAdmin } from "#server/clubs";

const route = operationRoute({
  GET: method({
    operation: [clubsApi, "getClubProgress"],
    run: async ({ context, params, url }) => {
      const { deps, user, services } = clubOf(context);
      const club = await requireClubAdmin(deps, user.id, params.orgId);
      const progress = await clubProgress(deps.db, club, services.site.publicUrl);
      if (url.searchParams.get("format") !== "csv") return progress;
      return new Response(clubProgressCsv(progress), {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="postup-${club.id.replace(/[^A-Za-z0-9-]/g, "_")}.csv"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  }),
});

export const loader = route.loader;
