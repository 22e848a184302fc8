// GET /api/orgs/<orgId>/progress (operation getClubProgress; docs/api.md > Clubs): the
// progress of what the club sponsored; ?format=csv gives the export (semicolons, BOM).
import type { Route } from "./+types/progress";
import { apiRoute } from "../../../lib/api.server";
import { clubOf } from "../../../lib/clubs.server";
import { json } from "#server/http/errors";
import { clubProgress, clubProgressCsv, requireClubAdmin } from "#server/clubs";

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { deps, user, services } = clubOf(context);
  const club = await requireClubAdmin(deps, user.id, params.orgId);
  const progress = await clubProgress(deps.db, club, services.site.publicUrl);
  if (new URL(request.url).searchParams.get("format") === "csv") {
    return new Response(clubProgressCsv(progress), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="postup-${club.id.replace(/[^A-Za-z0-9-]/g, "_")}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
  return json(progress, { headers: { "Cache-Control": "private, no-store" } });
});
