// POST /api/admin/courses/<courseId>/publish (admin). spec: Course states; Versioning 4.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { publishCourse, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminPublishCourse"],
    stepUp: true,
    run: ({ services, actor, params }) => publishCourse(services.db, services, actor, params.courseId),
  }),
});

export const loader = route.loader;
export const action = route.action;
