// POST /api/admin/courses/<courseId>/new-version (content_manager+). spec: Versioning 3.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createNewVersion, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminNewCourseVersion"],
    status: 201,
    run: ({ services, actor, params }) => createNewVersion(services.db, actor, params.courseId),
  }),
});

export const loader = route.loader;
export const action = route.action;
