// GET /api/me: the signed-in person (from the user cache), their roles and the session's
// anti-CSRF token for POSTs under /api/auth/*. 401 without a session.
import { method, operationRoute } from "../../lib/operation-route.server";
import { authApi, publicUser, type MeResponse } from "#server/auth";

const route = operationRoute({
  GET: method({
    operation: [authApi, "getMe"],
    run: async ({ signedIn: { user, session, csrfToken } }): Promise<MeResponse> => ({
      user: publicUser(user),
      session: { expiresAt: session.expiresAt.toISOString(), authTime: session.authTime?.toISOString() ?? null },
      csrfToken,
    }),
  }),
});

export const loader = route.loader;
