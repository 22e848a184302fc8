// POST /api/admin/courses/<courseId>/archive (admin). spec: Course states.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { archiveCourse, authoringApi } from "#server/authoring";

const route = authoringRoute({
  POST: method({
    operation: [authoringApi, "adminArchiveCourse"],
    run: ({ services, actor, params }) => archiveCourse(services.db, services.clock, actor, params.courseId),
  }),
});

export const loader = route.loader;
export const action = route.action;
