// GET /api/courses/<slug>/webinars (issue 33; docs/api.md > Webinars): the course's live
// sessions for an enrolled student; 401 without a session, 403 without an enrollment.
import type { Route } from "./+types/course-webinars";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { PRIVATE } from "../../../lib/learning.server";
import { calendarFeedUrl, webinarDeps } from "../../../lib/webinars.server";
import { json } from "#server/http/errors";
import { listStudentWebinars } from "#server/webinars";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const list = await listStudentWebinars(webinarDeps(context), user.id, params.slug, await calendarFeedUrl(context, user.id));
  return json(list, { headers: PRIVATE });
});
