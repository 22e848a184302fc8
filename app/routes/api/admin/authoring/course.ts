// GET/PATCH/DELETE /api/admin/courses/<courseId>: detail with the tree, update a draft,
// delete (admin; 409 course_has_enrollments while enrollments exist).
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { CoursePatchRequest, deleteCourse, getAdminCourseDetail, updateCourse, authoringApi } from "#server/authoring";

const route = operationRoute({
  GET: method({ operation: [authoringApi, "adminGetCourse"], run: ({ services, params }) => getAdminCourseDetail(services.db, params.courseId) }),
  PATCH: method({
    operation: [authoringApi, "adminUpdateCourse"],
    body: CoursePatchRequest,
    run: ({ services, actor, params, body }) => updateCourse(services.db, actor, params.courseId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeleteCourse"], run: ({ services, actor, params }) => deleteCourse(services.db, actor, params.courseId) }),
});

export const loader = route.loader;
export const action = route.action;
