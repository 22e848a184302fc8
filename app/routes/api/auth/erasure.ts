// POST /api/auth/erasure: an erasure request relayed by the identity provider as a
// signed erasure_token (typ erasure+jwt). The user cache row goes, enrollments keep an
// anonymized name, invoices and certificates stay (spec: External person data).
import type { Route } from "./+types/erasure";
import { apiRoute } from "../../../lib/api.server";
import { requestContext, servicesContext } from "../../../context";
import { apiError, json } from "../../../../server/http/errors";
import { erasureRequest, TokenError } from "../../../../server/auth";
import { readProviderToken } from "../../../lib/provider-token.server";

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const token = await readProviderToken(request, "erasure_token");
  if (!token) return apiError(400, "invalid_request", "Chýba erasure_token.");
  try {
    const result = await erasureRequest(services.db, services.auth, token, context.get(requestContext).clientIp);
    return json({ ok: true, replay: result.replay }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    services.log.warn("erasure request refused", { failure: error.failure, reason: error.message });
    return apiError(400, "invalid_request", "Neplatný erasure_token.", { reason: error.failure });
  }
});

export const loader = apiRoute(async () => apiError(405, undefined, undefined, undefined, { Allow: "POST" }));
