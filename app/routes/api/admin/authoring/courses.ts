// GET /api/admin/courses (list, ?state=&slug=&page=&pageSize=) and POST (create a draft).
// spec: Endpoints > Admin: courses and content; payloads: docs/api.md.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { DomainError, zodDetails } from "#server/kernel/errors";
import { AdminCourseListQuery, CourseCreateRequest, createCourse, listAdminCourses, authoringApi } from "#server/authoring";

const route = operationRoute({
  GET: method({
    operation: [authoringApi, "adminListCourses"],
    run: async ({ services, url }) => {
      const query = AdminCourseListQuery.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) throw new DomainError("validation", "Neplatné parametre dopytu.", zodDetails(query.error.issues));
      return listAdminCourses(services.db, query.data);
    },
  }),
  POST: method({
    operation: [authoringApi, "adminCreateCourse"],
    body: CourseCreateRequest,
    status: 201,
    run: ({ services, actor, body }) => createCourse(services.db, actor, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
