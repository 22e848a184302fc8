// POST /api/admin/certificates/<id>/revoke {reason}: revokes a certificate (admin only;
// docs/api.md > Certificates). Verification then answers valid: false.
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { certificatesApi, RevokeCertificateBody, revokeCertificate } from "#server/certificates";

const route = operationRoute({
  POST: method({
    operation: [certificatesApi, "revokeCertificate"],
    stepUp: true,
    body: RevokeCertificateBody,
    run: async ({ services, actor, params, body }) => {
      const revoked = await revokeCertificate(services.db, actor, params.certificateId ?? "", body.reason, services.clock.now());
      return revoked.ok ? { ok: true, revokedAt: revoked.value.revokedAt.toISOString() } : revoked;
    },
  }),
});

export const action = route.action;
