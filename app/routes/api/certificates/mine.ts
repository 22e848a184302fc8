// GET /api/certificates/me: the caller's certificates, newest first.
import type { Route } from "./+types/mine";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { listStudentCertificates, toCertificateResponse } from "#server/certificates";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const { db, site } = context.get(servicesContext);
  const rows = await listStudentCertificates(db, user.id);
  return json({ data: rows.map((row) => toCertificateResponse(row, site.publicUrl)) }, { headers: { "Cache-Control": "private, no-store" } });
});
