import { providerTokenRoute } from "../../../lib/provider-token.server";
import { erasureRequest } from "#server/auth";

const route = providerTokenRoute("erasureRequest", "erasure_token", (services, token, ip) => erasureRequest(services.db, services.auth, token, ip));

export const action = route.action;
