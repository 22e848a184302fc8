// GET /api/auth/login?returnTo=<path>[&stepUp=1]: starts the authorization code flow (PKCE
// S256, state, nonce); the answer is a redirect to the provider with the flow cookies set.
// `stepUp=1` (a sensitive admin action found the sign-in too old) asks the provider with
// `max_age` and, where that alone may not make it ask, `prompt=login`
// (docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions). A browser that signed out
// of the academy since its last sign-in also asks with `prompt=login`.
import type { Route } from "./+types/login";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { apiError } from "#server/kernel/errors";
import { signedOutHere, staleFlowCookies, stepUpVerdict } from "#server/auth";
import { getAuth } from "../../../lib/auth.server";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  try {
    let ask: { maxAgeSec?: number; forceLogin: boolean } | undefined;
    if (new URL(request.url).searchParams.get("stepUp") === "1") {
      const maxAgeSec = services.auth.stepUpMaxAgeSec;
      const { session } = getAuth(context);
      const verdict = session ? stepUpVerdict(session, services.clock.now(), maxAgeSec) : null;
      ask = { maxAgeSec, forceLogin: verdict !== null && !verdict.recent && verdict.forceLogin };
    }
    // this browser signed out of the academy: the provider asks for the password even when
    // its own session was kept (docs/decisions/identity/sign-out-that-signs-out.md > Sign-out that signs out)
    if (signedOutHere(request)) ask = { ...ask, forceLogin: true };
    const response = await services.auth.client.startLogin(request, ask);
    // abandoned earlier starts: their flow cookies go (the newest few stay, for other tabs)
    for (const cookie of staleFlowCookies(request)) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    services.log.error("cannot start login: identity provider unreachable", { error: error instanceof Error ? error.message : String(error) });
    return apiError({ code: "identity_provider_unavailable" });
  }
});
