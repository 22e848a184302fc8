import { redirect } from "react-router";
import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { getAuth, requireCsrf } from "../../../lib/auth.server";
import { authApi, clearSessionCookieHeader, openTokens, revokeSession, signedOutCookieHeader } from "#server/auth";

const route = operationRoute({
  POST: publicMethod({
    // session-optional: without a session the browser just goes home
    operation: [authApi, "logout"],
    run: async ({ services, request, context }) => {
      const { session } = getAuth(context);
      const headers = new Headers({ "Cache-Control": "no-store" });
      headers.append("Set-Cookie", clearSessionCookieHeader());
      if (!session) return redirect("/", { headers });

      const form = await readForm(request);
      requireCsrf(context, session, request.headers.get("x-csrf-token") ?? form?.get("csrf")?.toString() ?? null);
      await revokeSession(services.db, session.id, "logout");
      headers.append("Set-Cookie", signedOutCookieHeader());
      const idToken = openTokens(services.auth.keys, session)?.idToken;
      const endSession = idToken ? await services.auth.client.endSessionUrl(idToken, `${services.site.publicUrl}/`).catch(() => null) : null;
      return redirect(endSession ?? "/", { status: 303, headers });
    },
  }),
});

export const action = route.action;

async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  return request.formData().catch(() => null);
}
