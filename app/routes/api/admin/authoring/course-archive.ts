// POST /api/admin/courses/<courseId>/archive (admin). spec: Course states.
import { authoringRoute, method, ADMINS } from "../../../../lib/authoring.server";
import { archiveCourse } from "#server/authoring";

export const { loader, action } = authoringRoute({
  POST: method({ roles: ADMINS, run: ({ services, actor, params }) => archiveCourse(services.db, services.clock, actor, params.courseId) }),
});
