// GET /api/auth/login?returnTo=<path>: starts the authorization code flow (PKCE S256,
// state, nonce); the answer is a redirect to the provider with the flow cookies set.
import type { Route } from "./+types/login";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { apiError, methodNotAllowed } from "#server/http/errors";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  try {
    return await services.auth.client.startLogin(request);
  } catch (error) {
    services.log.error("cannot start login: identity provider unreachable", { error: error instanceof Error ? error.message : String(error) });
    return apiError({ code: "identity_provider_unavailable" });
  }
});

export const action = () => methodNotAllowed(["GET"]);
