// POST /api/admin/certificates/<id>/revoke {reason}: revokes a certificate (admin only;
// docs/api.md > Certificates). Verification then answers valid: false.
import type { Route } from "./+types/revoke";
import { apiRoute, readJsonBody } from "../../../../lib/api.server";
import { requireRole, actorOf } from "../../../../lib/auth.server";
import { requireRecentSignIn } from "../../../../lib/step-up.server";
import { servicesContext } from "../../../../context";
import { json } from "#server/http/errors";
import { RevokeCertificateBody, revokeCertificate } from "#server/certificates";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRole(context, "admin");
  requireRecentSignIn(request, context);
  const services = context.get(servicesContext);
  const body = await readJsonBody(request, RevokeCertificateBody);
  const actor = actorOf(context, user);
  const { revokedAt } = await revokeCertificate(services.db, actor, params.certificateId ?? "", body.reason, services.clock.now());
  return json({ ok: true, revokedAt: revokedAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
});
