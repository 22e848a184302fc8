// POST /api/admin/courses/<courseId>/publish (admin). spec: Course states; Versioning 4.
import { authoringRoute, method, ADMINS } from "../../../../lib/authoring.server";
import { publishCourse } from "#server/authoring";

export const { loader, action } = authoringRoute({
  POST: method({ roles: ADMINS, run: ({ services, actor, params }) => publishCourse(services.db, services, actor, params.courseId) }),
});
