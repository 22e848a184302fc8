// GET /api/me: the signed-in person (from the user cache), their roles and the session's
// anti-CSRF token for POSTs under /api/auth/*. 401 without a session.
import type { Route } from "./+types/me";
import { apiRoute } from "../../lib/api.server";
import { requireUser } from "../../lib/auth.server";
import { json } from "#server/http/errors";
import { publicUser, type MeResponse } from "#server/auth";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  const { user, session, csrfToken } = requireUser(context);
  const body: MeResponse = {
    user: publicUser(user),
    session: { expiresAt: session.expiresAt.toISOString(), authTime: session.authTime?.toISOString() ?? null },
    csrfToken,
  };
  return json(body, { headers: { "Cache-Control": "private, no-store" } });
});
