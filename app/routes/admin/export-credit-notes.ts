// /admin/export/dobropisy.csv?obdobie=…&od=…&do=…: the credit notes issued in a period,
// streamed. Admins only. docs/guide.md > Admin insights.
import type { Route } from "./+types/export-credit-notes";
import { servicesContext } from "../../context";
import { requireRoleForPage } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { csvResponse } from "../../lib/download.server";
import { creditNotesCsv, parsePeriod } from "#server/insights";

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db, clock } = context.get(servicesContext);
  const period = parsePeriod(new URL(request.url).searchParams, clock.now());
  return csvResponse(creditNotesCsv(db, period), `dobropisy-${period.from}-${period.to}.csv`);
});
