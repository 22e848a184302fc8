// /admin/export/faktury.csv?obdobie=…&od=…&do=…: the invoice book of a period (every
// invoice issued in it, net, VAT and gross), streamed. Admins only. docs/guide.md > Admin insights.
import type { Route } from "./+types/export-invoices";
import { servicesContext } from "../../context";
import { requireRoleForPage } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { csvResponse } from "../../lib/download.server";
import { invoiceBookCsv, parsePeriod } from "#server/insights";

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db, clock } = context.get(servicesContext);
  const period = parsePeriod(new URL(request.url).searchParams, clock.now());
  return csvResponse(invoiceBookCsv(db, period), `kniha-faktur-${period.from}-${period.to}.csv`);
});
