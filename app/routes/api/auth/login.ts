import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { apiError } from "#server/kernel/errors";
import { authApi, signedOutHere, staleFlowCookies, stepUpVerdict } from "#server/auth";
import { getAuth } from "../../../lib/auth.server";

const route = operationRoute({
  GET: publicMethod({
    operation: [authApi, "startLogin"],
    run: async ({ services, request, url, context }) => {
      try {
        let ask: { maxAgeSec?: number; forceLogin: boolean } | undefined;
        if (url.searchParams.get("stepUp") === "1") {
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
    },
  }),
});

export const loader = route.loader;
