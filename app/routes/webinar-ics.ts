// GET /kurzy/<slug>/webinare/<webinarId>/kalendar.ics: "Pridať do kalendára", the session
// as an iCalendar file (RFC 5545) for the enrolled student.
import type { Route } from "./+types/webinar-ics";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../lib/download.server";
import { webinarIcs } from "#server/webinars";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const ics = await webinarIcs(depsOf(context), user.id, params.slug, params.webinarId);
  return new Response(ics, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", "webinar.ics"),
    },
  });
});
