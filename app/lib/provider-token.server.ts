// Receivers of the tokens the identity provider posts (back-channel logout, erasure):
// form-encoded (Back-Channel Logout 1.0 §2.5), no session, no Origin check; a token
// that fails its checks → 400 invalid_request, success → 200; both no-store.
import { operationRoute, signedMethod } from "./operation-route.server";
import { requestContext } from "../context";
import { apiError, json } from "#server/kernel/errors";
import { authApi, TokenError, type ProviderTokenAck } from "#server/auth";
import type { AppServices } from "#server/services";

async function readProviderToken(request: Request, field: string): Promise<string | null> {
  if (!(request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) return null;
  const form = await request.formData().catch(() => null);
  const value = form?.get(field);
  return typeof value === "string" && value.length > 0 && value.length < 16_384 ? value : null;
}

/** The POST route of a signed provider token (its operation in auth's contract): 200 {ok, replay}, or 400 invalid_request. */
export function providerTokenRoute(
  operationId: string,
  field: string,
  handle: (services: AppServices, token: string, ip: string) => Promise<{ replay: boolean }>,
) {
  return operationRoute({
    POST: signedMethod({
      operation: [authApi, operationId],
      run: async ({ services, request, context }) => {
        const token = await readProviderToken(request, field);
        if (!token) return apiError({ code: "invalid_request", message: `Chýba ${field}.` });
        try {
          const result = await handle(services, token, context.get(requestContext).clientIp);
          const body: ProviderTokenAck = { ok: true, replay: result.replay };
          return json(body, { headers: { "Cache-Control": "no-store" } });
        } catch (error) {
          if (!(error instanceof TokenError)) throw error;
          services.log.warn(`${field} refused`, { failure: error.failure, reason: error.message });
          return apiError({ code: "invalid_request", message: `Neplatný ${field}.`, details: { reason: error.failure } });
        }
      },
    }),
  });
}
