// GET /api/auth/login?returnTo=<path>: starts the authorization code flow (PKCE S256,
// state, nonce); the answer is a redirect to the provider with the flow cookies set.
import type { Route } from "./+types/login";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { apiError, methodNotAllowed } from "#server/http/errors";
import { staleFlowCookies } from "#server/auth";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  try {
    const response = await services.auth.client.startLogin(request);
    // abandoned earlier starts: their flow cookies go (the newest few stay, for other tabs)
    for (const cookie of staleFlowCookies(request)) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch (error) {
    services.log.error("cannot start login: identity provider unreachable", { error: error instanceof Error ? error.message : String(error) });
    return apiError({ code: "identity_provider_unavailable" });
  }
});

export const action = () => methodNotAllowed(["GET"]);
