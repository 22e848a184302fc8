// POST /api/admin/certificate-requests/<id>/issue {registrationNumber, pdfUrl?}: the admin
// enters the partner's registration number; the certificate is stored, the student
// e-mailed and the audit log written (admin only; docs/api.md > Certificates).
import type { Route } from "./+types/issue";
import { apiRoute, readJsonBody } from "../../../../lib/api.server";
import { requireRole, actorOf } from "../../../../lib/auth.server";
import { requireRecentSignIn } from "../../../../lib/step-up.server";
import { servicesContext } from "../../../../context";
import { json } from "#server/http/errors";
import { IssueCertificateBody, issueCertificateManually, toCertificateResponse } from "#server/certificates";

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRole(context, "admin");
  requireRecentSignIn(request, context);
  const services = context.get(servicesContext);
  const body = await readJsonBody(request, IssueCertificateBody);
  const certificate = await issueCertificateManually(services, actorOf(context, user), params.requestId ?? "", body);
  return json(toCertificateResponse(certificate, services.site.publicUrl), { status: 201, headers: { "Cache-Control": "private, no-store" } });
});
