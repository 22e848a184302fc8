// GET /api/admin/whoami: the staff member behind the session (content_manager or admin).
// Roles come from the user cache row read for this request, never from the cookie.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { authApi, type WhoAmIResponse } from "#server/auth";

const route = operationRoute({
  GET: method({
    operation: [authApi, "getAdminWhoAmI"],
    run: async ({ user }): Promise<WhoAmIResponse> => ({ id: user.id, displayName: user.displayName, roles: user.roles }),
  }),
});

export const loader = route.loader;
