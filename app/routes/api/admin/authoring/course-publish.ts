// POST /api/admin/courses/<courseId>/publish (admin). spec: Course states; Versioning 4.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { publishCourse, authoringApi } from "#server/authoring";

const route = authoringRoute({
  POST: method({
    operation: [authoringApi, "adminPublishCourse"],
    stepUp: true,
    run: ({ services, actor, params }) => publishCourse(services.db, services, actor, params.courseId),
  }),
});

export const loader = route.loader;
export const action = route.action;
