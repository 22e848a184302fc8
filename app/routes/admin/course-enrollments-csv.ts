// /admin/kurzy/<courseId>/statistiky/zapisy.csv?stav=…: the enrollments of every version
// of a course with their progress, streamed. Admins only (names and e-mails, as the
// enrollment pages). docs/guide.md > Admin insights.
import type { Route } from "./+types/course-enrollments-csv";
import { servicesContext } from "../../context";
import { requireRoleForPage } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { csvResponse } from "../../lib/download.server";
import { DomainError } from "#server/kernel/errors";
import { schema } from "#server/db";
import { courseChainIds, enrollmentsCsv } from "#server/insights";

type State = (typeof schema.enrollmentState.enumValues)[number];

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const wanted = new URL(request.url).searchParams.get("stav");
  if (wanted && !(schema.enrollmentState.enumValues as readonly string[]).includes(wanted)) {
    throw new DomainError("validation", "Neznámy stav zápisu.", [{ path: "stav", message: "Neznámy stav zápisu.", code: "invalid_value" }]);
  }
  const ids = await courseChainIds(db, params.courseId);
  return csvResponse(enrollmentsCsv(db, ids, (wanted as State | null) || null), `zapisy-${params.courseId}.csv`);
});
