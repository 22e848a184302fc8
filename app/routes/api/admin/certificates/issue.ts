// POST /api/admin/certificate-requests/<id>/issue {registrationNumber, pdfUrl?}: the admin
// enters the partner's registration number; the certificate is stored, the student
// e-mailed and the audit log written (admin only; docs/api.md > Certificates).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { certificatesApi, IssueCertificateBody, issueCertificateManually, toCertificateResponse } from "#server/certificates";

const route = operationRoute({
  POST: method({
    operation: [certificatesApi, "issueCertificateManually"],
    stepUp: true,
    body: IssueCertificateBody,
    status: 201,
    run: async ({ services, actor, params, body }) => {
      const issued = await issueCertificateManually(services, actor, params.requestId ?? "", body);
      return issued.ok ? toCertificateResponse(issued.value, services.site.publicUrl) : issued;
    },
  }),
});

export const action = route.action;
