// GET /kurzy/<slug>/webinare/<webinarId>/kalendar.ics: "Pridať do kalendára", the session
// as an iCalendar file (RFC 5545) for the enrolled student.
import type { Route } from "./+types/webinar-ics";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { webinarDeps } from "../lib/webinars.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../lib/download.server";
import { webinarIcs } from "#server/webinars";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const ics = await webinarIcs(webinarDeps(context), user.id, params.slug, params.webinarId);
  return new Response(ics, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", "webinar.ics"),
    },
  });
});
