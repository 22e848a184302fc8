// GET /api/admin/whoami: the staff member behind the session (content_manager or admin).
// Roles come from the user cache row read for this request, never from the cookie.
import type { Route } from "./+types/whoami";
import { apiRoute } from "../../../lib/api.server";
import { requireRole } from "../../../lib/auth.server";
import { json } from "#server/http/errors";
import type { WhoAmIResponse } from "#server/auth";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  const { user } = requireRole(context, "content_manager", "admin");
  const body: WhoAmIResponse = { id: user.id, displayName: user.displayName, roles: user.roles };
  return json(body, { headers: { "Cache-Control": "private, no-store" } });
});
