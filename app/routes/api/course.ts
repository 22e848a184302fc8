// GET /api/courses/<slug> (spec: Endpoints > Public catalog; Limits: 60/min/IP)
import type { Route } from "./+types/course";
import { apiRoute } from "../../lib/api.server";
import { requestContext, servicesContext } from "../../context";
import { DomainError, json } from "#server/http/errors";
import { getPublishedCourseWithLevels, toCourseDetailResponse } from "#server/catalog";
import { findActiveEnrollmentBySlug } from "#server/enrollments";
import { optionalUser } from "../../lib/auth.server";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await services.rateLimits.consume("catalog", context.get(requestContext).clientIp);
  const found = await getPublishedCourseWithLevels(services.db, params.slug);
  if (!found) throw new DomainError("not_found", "Kurz sa nenašiel.");
  const viewer = optionalUser(context);
  const enrollment = viewer ? await findActiveEnrollmentBySlug(services.db, viewer.id, found.course.slug) : null;
  return json(toCourseDetailResponse(found, enrollment, services.media, services.clock.now()));
});
