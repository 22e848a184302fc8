// GET /api/certificates/me: the caller's certificates, newest first.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { certificatesApi, listStudentCertificates, toCertificateResponse } from "#server/certificates";

const route = operationRoute({
  GET: method({
    operation: [certificatesApi, "listMyCertificates"],
    run: async ({ services, user }) => ({
      data: (await listStudentCertificates(services.db, user.id)).map((row) => toCertificateResponse(row, services.site.publicUrl)),
    }),
  }),
});

export const loader = route.loader;
