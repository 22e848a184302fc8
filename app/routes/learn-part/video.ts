// /kurzy/<slug>/studium/<partId>/video/<blockId>: the part page's play address. The video
// element loads nothing before the student presses play (preload="none"), so this request
// means playing starts: the server starts a viewing of the block (server/learning
// startPlayback) and redirects to a freshly signed URL. Watch time is credited only within
// such a viewing (docs/decisions/learning/completion-that-means-study.md > Completion that means study).
import { redirect } from "react-router";
import type { Route } from "./+types/video";
import { pageRoute } from "../../lib/page.server";
import { requireUserForPage } from "../../lib/auth.server";
import { PRIVATE } from "../../lib/learning.server";
import { startPlayback } from "#server/learning";
import { depsOf } from "../../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const started = await startPlayback(depsOf(context), user.id, params.partId, params.blockId);
  // no such ready video, no enrollment, a locked part: the error page
  if (!started.ok) throw started.error;
  return redirect(started.value.playbackUrl, { headers: PRIVATE });
});
