// GET /api/courses/<slug>/preview (spec: Endpoints > Public catalog; Limits: 30/min/IP).
// What is withheld from a preview: see server/learning/serialize.ts (preview mode) and
// docs/decisions/README.md.
import type { Route } from "./+types/course-preview";
import { apiRoute } from "../../lib/api.server";
import { requestContext, servicesContext } from "../../context";
import { DomainError, json } from "#server/http/errors";
import { getCoursePreview } from "#server/catalog";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await services.rateLimits.consume("preview", context.get(requestContext).clientIp);
  const preview = await getCoursePreview(services.db, params.slug);
  if (!preview) throw new DomainError("not_found", "Kurz sa nenašiel.");
  return json(preview);
});
