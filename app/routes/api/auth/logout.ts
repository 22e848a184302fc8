// POST /api/auth/logout (form field `csrf` or header X-CSRF-Token): ends the session
// here, then sends the browser to the provider's end-session endpoint (RP-initiated
// logout with id_token_hint and post_logout_redirect_uri), which asks whether to end the
// provider's session too and comes back to the home page. The browser keeps a "signed
// out here" marker, so the next sign-in asks for a password whatever was chosen at the
// provider (docs/decisions/identity/sign-out-that-signs-out.md > Sign-out that signs out).
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { apiRoute } from "../../../lib/api.server";
import { getAuth, requireCsrf } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";

import { clearSessionCookieHeader, openTokens, revokeSession, signedOutCookieHeader } from "#server/auth";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
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
});

async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  return request.formData().catch(() => null);
}
