// POST /api/admin/courses/<courseId>/archive (admin). spec: Course states.
import { authoringRoute, method, ADMINS } from "../../../../lib/authoring.server";
import { archiveCourse } from "#server/authoring";

const route = authoringRoute({
  POST: method({ roles: ADMINS, run: ({ services, actor, params }) => archiveCourse(services.db, services.clock, actor, params.courseId) }),
});

export const loader = route.loader;
export const action = route.action;
