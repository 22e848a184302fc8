import { providerTokenRoute } from "../../../lib/provider-token.server";
import { backchannelLogout } from "#server/auth";

const route = providerTokenRoute("backchannelLogout", "logout_token", (services, token, ip) => backchannelLogout(services.db, services.auth, token, ip));

export const action = route.action;
