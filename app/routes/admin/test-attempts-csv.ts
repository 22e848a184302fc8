// /admin/kurzy/<courseId>/testy/<testId>/statistiky/pokusy.csv: every attempt of a test,
// streamed. Admins only (students' names). docs/guide.md > Admin insights.
import type { Route } from "./+types/test-attempts-csv";
import { servicesContext } from "../../context";
import { requireRoleForPage } from "../../lib/auth.server";
import { pageRoute } from "../../lib/page.server";
import { csvResponse } from "../../lib/download.server";
import { attemptsCsv, findTest } from "#server/insights";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  await findTest(db, params.courseId, params.testId); // 404 unless the test is this course version's
  return csvResponse(attemptsCsv(db, params.testId), `pokusy-${params.testId}.csv`);
});
