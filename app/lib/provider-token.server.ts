// Receivers of the tokens the identity provider posts (back-channel logout, erasure):
// form-encoded (Back-Channel Logout 1.0 §2.5), no session, no Origin check; a token
// that fails its checks → 400 invalid_request, success → 200; both no-store.
import type { RouterContextProvider } from "react-router";
import { apiRoute } from "./api.server";
import { requestContext, servicesContext } from "../context";
import { apiError, json } from "#server/kernel/errors";
import { TokenError, type ProviderTokenAck } from "#server/auth";
import type { AppServices } from "#server/services";

async function readProviderToken(request: Request, field: string): Promise<string | null> {
  if (!(request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) return null;
  const form = await request.formData().catch(() => null);
  const value = form?.get(field);
  return typeof value === "string" && value.length > 0 && value.length < 16_384 ? value : null;
}

export function providerTokenAction(field: string, handle: (services: AppServices, token: string, ip: string) => Promise<{ replay: boolean }>) {
  return apiRoute(async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> }) => {
    const services = context.get(servicesContext);
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
  });
}
