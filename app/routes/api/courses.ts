import { operationRoute, publicMethod } from "../../lib/operation-route.server";
import { DomainError, json, zodDetails } from "#server/kernel/errors";
import { catalogApi, listPublishedCourses, parseCatalogQuery, toCourseListItem, type CourseListResponse } from "#server/catalog";

const route = operationRoute({
  GET: publicMethod({
    operation: [catalogApi, "listCourses"],
    run: async ({ services, url }) => {
      const query = parseCatalogQuery(url.searchParams);
      if (!query.success) throw new DomainError("validation", "Neplatné parametre dopytu.", zodDetails(query.error.issues));
      const { items, pagination } = await listPublishedCourses(services.db, query.data);
      const body: CourseListResponse = { data: items.map((c) => toCourseListItem(c, services.media, services.clock.now())), pagination };
      return json(body);
    },
  }),
});

export const loader = route.loader;
