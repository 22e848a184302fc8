// GET /api/certificates/<id>: one of the caller's certificates; anyone else's is 404 like
// a missing one (docs/decisions/platform/errors-and-auth.md > Errors and auth).
import type { Route } from "./+types/certificate";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { getStudentCertificate, toCertificateResponse } from "#server/certificates";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const { db, site } = context.get(servicesContext);
  const row = await getStudentCertificate(db, user.id, params.certificateId);
  return json(toCertificateResponse(row, site.publicUrl), { headers: { "Cache-Control": "private, no-store" } });
});
