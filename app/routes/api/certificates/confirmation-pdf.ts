// GET /api/certificates/<id>/pdf: the platform's confirmation of completion (not the
// partner's certificate), with the verification URL and its QR code; owner only.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../../../lib/download.server";
import { servicesContext } from "../../../context";

import { certificatesApi, confirmationFileName, getStudentCertificate, renderConfirmationPdf, verificationUrl } from "#server/certificates";

const route = operationRoute({
  GET: method({
    operation: [certificatesApi, "getMyCertificateConfirmation"],
    run: async ({ params, context, user }) => {
      const { db, site } = context.get(servicesContext);
      const row = await getStudentCertificate(db, user.id, params.certificateId);
      const pdf = await renderConfirmationPdf(row, verificationUrl(site.publicUrl, row.registrationNumber, row.verificationHash));
      return new Response(Buffer.from(pdf), {
        headers: {
          ...PRIVATE_FILE_HEADERS,
          "Content-Type": "application/pdf",
          "Content-Disposition": contentDisposition("attachment", confirmationFileName(row)),
        },
      });
    },
  }),
});

export const loader = route.loader;
