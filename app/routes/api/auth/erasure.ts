// POST /api/auth/erasure: an erasure request relayed by the identity provider as a
// signed erasure_token (typ erasure+jwt). The user cache row goes, enrollments keep an
// anonymized name, invoices and certificates stay (spec: External person data).
import { providerTokenAction } from "../../../lib/provider-token.server";

import { erasureRequest } from "#server/auth";

export const action = providerTokenAction("erasure_token", (services, token, ip) => erasureRequest(services.db, services.auth, token, ip));
