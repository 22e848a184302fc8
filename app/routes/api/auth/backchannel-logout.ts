// POST /api/auth/backchannel-logout (OpenID Connect Back-Channel Logout 1.0): the
// provider posts a signed logout_token; every session of its sid/sub ends. No session,
// no Origin check: the token's signature authenticates the sender.
import { providerTokenAction } from "../../../lib/provider-token.server";

import { backchannelLogout } from "#server/auth";

export const action = providerTokenAction("logout_token", (services, token, ip) => backchannelLogout(services.db, services.auth, token, ip));
