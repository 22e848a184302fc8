// POST /api/admin/courses/<courseId>/archive (admin). spec: Course states.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { archiveCourse, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminArchiveCourse"],
    run: ({ services, actor, params }) => archiveCourse(services.db, services.clock, actor, params.courseId),
  }),
});

export const loader = route.loader;
export const action = route.action;
