// GET /api/certificates/<id>: one of the caller's certificates; anyone else's is 404 like
// a missing one (docs/decisions/platform/errors-and-auth.md > Errors and auth).
import { method, operationRoute } from "../../../lib/operation-route.server";
import { certificatesApi, getStudentCertificate, toCertificateResponse } from "#server/certificates";

const route = operationRoute({
  GET: method({
    operation: [certificatesApi, "getMyCertificate"],
    run: async ({ services, user, params }) =>
      toCertificateResponse(await getStudentCertificate(services.db, user.id, params.certificateId), services.site.publicUrl),
  }),
});

export const loader = route.loader;
