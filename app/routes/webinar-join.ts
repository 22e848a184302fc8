// POST /kurzy/<slug>/webinare/<webinarId>/pripojit: "Pripojiť sa" records who joined and
// when, then redirects (303) to the meeting. Before the link opens (15 minutes before the
// start), after the end or for a cancelled session: back to the session's page, which says why.
import { redirect } from "react-router";
import type { Route } from "./+types/webinar-join";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { joinWebinar } from "#server/webinars";
import { depsOf } from "../lib/deps.server";

const sessionPage = (params: { slug: string; webinarId: string }) => `/kurzy/${params.slug}/webinare/${params.webinarId}`;

export const loader = ({ params }: Route.LoaderArgs) => redirect(sessionPage(params));

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const joined = await joinWebinar(depsOf(context), user.id, params.slug, params.webinarId);
  if (joined.ok) return redirect(joined.value.joinUrl, 303);
  // not open yet, over or cancelled: the session's page says why; no enrollment, no such session: the error page
  if (joined.error.code === "conflict") return redirect(sessionPage(params), 303);
  throw joined.error;
});
