// GET /api/courses/<slug> (spec: Endpoints > Public catalog; Limits: 60/min/IP)
import type { Route } from "./+types/course";
import { apiRoute } from "../../lib/api.server";
import { requestContext, servicesContext } from "../../context";
import { apiError, json } from "#server/http/errors";
import { getPublishedCourseWithLevels } from "#server/catalog";
import { findActiveEnrollmentBySlug } from "#server/enrollments";
import { optionalUser } from "../../lib/auth.server";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await services.rateLimits.consume("catalog", context.get(requestContext).clientIp);
  const found = await getPublishedCourseWithLevels(services.db, params.slug);
  if (!found) return apiError(404, "not_found", "Kurz sa nenašiel.");
  const { course, levels } = found;
  const viewer = optionalUser(context);
  const enrollment = viewer ? await findActiveEnrollmentBySlug(services.db, viewer.id, course.slug) : null;
  return json({
    course: {
      _id: course._id,
      slug: course.slug,
      title: course.title,
      subtitle: course.subtitle,
      description: course.description,
      shortDescription: course.shortDescription,
      coverImageUrl: course.coverImageUrl,
      priceCents: course.priceCents,
      currency: course.currency,
      vatRate: course.vatRate,
      vatIncluded: course.vatIncluded,
      durationHours: course.durationHours,
      language: course.language,
      tags: course.tags,
      instructorProfiles: course.instructorProfiles,
      accreditation: course.accreditation,
    },
    levels,
    // null unless the session's person has an active enrollment on this course
    enrollment,
  });
});

// the catalog is read-only
export const action = apiRoute(async () => apiError(405, undefined, undefined, undefined, { Allow: "GET" }));
