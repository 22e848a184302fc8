import { redirect } from "react-router";
import { depsOf } from "../../../lib/deps.server";
import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { requestContext } from "../../../context";
import {
  authApi,
  clearFlowCookies,
  clearSignedOutCookieHeader,
  establishSession,
  LoginError,
  revokeSession,
  sessionCookieHeader,
  signedOutHere,
} from "#server/auth";
import { getAuth } from "../../../lib/auth.server";
import { claimSeatInvitations } from "#server/clubs";

const route = operationRoute({
  GET: publicMethod({
    // the operation's "login" limit is spent first
    operation: [authApi, "completeLogin"],
    // over it, a browser (it asks for HTML) gets the Slovak sign-in page, which answers 429
    // with the same Retry-After and says when to try again; any other client the API's 429
    // body (docs/decisions/student-ui/student-pages-on-a-phone.md > Notices and form errors)
    whenLimited: (refusal, request) => {
      const retryAfter = refusal.code === "rate_limited" ? Number((refusal.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds) : NaN;
      if (!Number.isFinite(retryAfter) || !(request.headers.get("Accept") ?? "").includes("text/html")) return null;
      return redirect(`/prihlasenie?chyba=limit&za=${Math.max(1, Math.ceil(retryAfter))}`, { headers: { "Cache-Control": "no-store" } });
    },
    run: async ({ services, request, context }) => {
      const { clientIp } = context.get(requestContext);
      const headers = new Headers({ "Cache-Control": "no-store" });
      for (const cookie of clearFlowCookies(request)) headers.append("Set-Cookie", cookie);
      let login;
      try {
        login = await services.auth.client.completeLogin(request);
      } catch (error) {
        if (!(error instanceof LoginError)) throw error;
        services.log.warn("login refused", { failure: error.failure, reason: error.message, ip: clientIp });
        return redirect(`/prihlasenie?chyba=${error.failure}`, { headers });
      }
      const { cookieValue, user } = await establishSession(services.db, services.auth, login, { ip: clientIp });
      // signing in again ends the session the old cookie named (whoever's it was)
      const previous = getAuth(context).session;
      if (previous) await revokeSession(services.db, previous.id, "replaced");
      services.log.info("signed in", { user: user.id });
      // seats a club gave to this address before the provider knew the person (docs/decisions/clubs/club-seats.md > Club seats)
      await claimSeatInvitations(depsOf(services), user).catch((error: unknown) =>
        services.log.error("club seats not claimed at sign-in", { user: user.id, error: error instanceof Error ? error.message : String(error) }),
      );
      headers.append("Set-Cookie", sessionCookieHeader(cookieValue));
      // a completed sign-in (with the password the marker asked for) lifts "signed out here"
      if (signedOutHere(request)) headers.append("Set-Cookie", clearSignedOutCookieHeader());
      return redirect(login.returnTo, { headers });
    },
  }),
});

export const loader = route.loader;
