// /kurzy/<slug>/webinare/<webinarId>/zaznam: the recording's play address and the claim of
// having watched it (issue 33 item 4). GET: the session page's <video> (preload="none")
// fetches the recording from here only when the student presses play, so a viewing starts
// and the answer redirects to a freshly signed URL. POST ("Záznam som pozrel(a)"): claims
// the whole length, credited only as far as the viewing under way allows (server/webinars
// watch.ts); back to the session page, which says what is left. No JavaScript needed.
import { redirect } from "react-router";
import type { Route } from "./+types/webinar-recording";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { PRIVATE } from "../lib/learning.server";
import { reportRecordingWatch, startRecordingPlayback } from "#server/webinars";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { playbackUrl } = await startRecordingPlayback(depsOf(context), user.id, params.slug, params.webinarId);
  return redirect(playbackUrl, { headers: PRIVATE });
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const watch = await reportRecordingWatch(depsOf(context), user.id, params.slug, params.webinarId, "all");
  const status = watch.completed ? "pozrety" : "nedopozerany";
  return redirect(`/kurzy/${params.slug}/webinare/${params.webinarId}?zaznam=${status}`, 303);
});
