// GET /api/admin/certificate-requests?state=pending|issued: the manual partner's issuing
// tasks (admin only; docs/api.md > Certificates).
import { method, operationRoute } from "../../../../lib/operation-route.server";
import { CertificateRequestListQuery, certificatesApi, listCertificateRequests, toCertificateRequestResponse } from "#server/certificates";

const route = operationRoute({
  GET: method({
    operation: [certificatesApi, "listCertificateRequests"],
    query: CertificateRequestListQuery,
    run: async ({ services, query }) => ({
      data: (await listCertificateRequests(services.db, { state: query.state, limit: 500 })).map(toCertificateRequestResponse),
    }),
  }),
});

export const loader = route.loader;
