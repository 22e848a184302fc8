// POST /api/auth/backchannel-logout (OpenID Connect Back-Channel Logout 1.0): the
// provider posts a signed logout_token; every session of its sid/sub ends. No session,
// no Origin check: the token's signature authenticates the sender.
import type { Route } from "./+types/backchannel-logout";
import { apiRoute } from "../../../lib/api.server";
import { requestContext, servicesContext } from "../../../context";
import { apiError, json } from "../../../../server/http/errors";
import { backchannelLogout, TokenError } from "../../../../server/auth";
import { readProviderToken } from "../../../lib/provider-token.server";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const token = await readProviderToken(request, "logout_token");
  if (!token) return apiError(400, "invalid_request", "Chýba logout_token.");
  try {
    const result = await backchannelLogout(services.db, services.auth, token, context.get(requestContext).clientIp);
    return json({ ok: true, replay: result.replay }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    services.log.warn("back-channel logout refused", { failure: error.failure, reason: error.message });
    return apiError(400, "invalid_request", "Neplatný logout_token.", { reason: error.failure });
  }
});

export const loader = apiRoute(async () => apiError(405, undefined, undefined, undefined, { Allow: "POST" }));
