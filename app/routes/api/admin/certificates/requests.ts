// GET /api/admin/certificate-requests?state=pending|issued: the manual partner's issuing
// tasks (admin only; docs/api.md > Certificates).
import type { Route } from "./+types/requests";
import { apiRoute } from "../../../../lib/api.server";
import { requireRole } from "../../../../lib/auth.server";
import { servicesContext } from "../../../../context";
import { DomainError, json, zodDetails } from "#server/http/errors";
import { CertificateRequestListQuery, listCertificateRequests, toCertificateRequestResponse } from "#server/certificates";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRole(context, "admin");
  const query = CertificateRequestListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new DomainError("validation", "Neplatné parametre dopytu.", zodDetails(query.error.issues));
  const items = await listCertificateRequests(context.get(servicesContext).db, { state: query.data.state, limit: 500 });
  return json({ data: items.map(toCertificateRequestResponse) }, { headers: { "Cache-Control": "private, no-store" } });
});
