import { operationRoute, publicMethod } from "../../lib/operation-route.server";
import { DomainError, json } from "#server/kernel/errors";
import { catalogApi, getPublishedCourseWithLevels, toCourseDetailResponse } from "#server/catalog";
import { findActiveEnrollmentBySlug } from "#server/enrollments";

const route = operationRoute({
  GET: publicMethod({
    operation: [catalogApi, "getCourse"],
    run: async ({ services, params, viewer }) => {
      const found = await getPublishedCourseWithLevels(services.db, params.slug);
      if (!found) throw new DomainError("not_found", "Kurz sa nenašiel.");
      const enrollment = viewer ? await findActiveEnrollmentBySlug(services.db, viewer.id, found.course.slug) : null;
      return json(toCourseDetailResponse(found, enrollment, services.media, services.clock.now()));
    },
  }),
});

export const loader = route.loader;
