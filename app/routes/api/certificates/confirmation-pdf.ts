// GET /api/certificates/<id>/pdf: the platform's confirmation of completion (not the
// partner's certificate), with the verification URL and its QR code; owner only.
import type { Route } from "./+types/confirmation-pdf";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../../../lib/download.server";
import { servicesContext } from "../../../context";

import { confirmationFileName, getStudentCertificate, renderConfirmationPdf, verificationUrl } from "#server/certificates";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const { db, site } = context.get(servicesContext);
  const row = await getStudentCertificate(db, user.id, params.certificateId);
  const pdf = await renderConfirmationPdf(row, verificationUrl(site.publicUrl, row.registrationNumber, row.verificationHash));
  return new Response(Buffer.from(pdf), {
    headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "application/pdf", "Content-Disposition": contentDisposition("attachment", confirmationFileName(row)) },
  });
});
