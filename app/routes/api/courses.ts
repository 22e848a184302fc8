// GET /api/courses (spec: Endpoints > Public catalog; Limits: 60/min/IP, pageSize <= 50)
import type { Route } from "./+types/courses";
import { apiRoute } from "../../lib/api.server";
import { requestContext, servicesContext } from "../../context";
import { DomainError, json, zodDetails } from "#server/http/errors";
import { listPublishedCourses, parseCatalogQuery, toCourseListItem, type CourseListResponse } from "#server/catalog";

export const loader = apiRoute(async ({ request, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  // counted before validation: invalid requests spend the budget too
  await services.rateLimits.consume("catalog", context.get(requestContext).clientIp);
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  if (!query.success) {
    throw new DomainError("validation", "Neplatné parametre dopytu.", zodDetails(query.error.issues));
  }
  const { items, pagination } = await listPublishedCourses(services.db, query.data);
  const body: CourseListResponse = { data: items.map((c) => toCourseListItem(c, services.media, services.clock.now())), pagination };
  return json(body);
});
