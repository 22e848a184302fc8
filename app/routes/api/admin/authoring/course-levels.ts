// POST /api/admin/courses/<courseId>/levels: a level at the end of the course.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { createLevel, LevelCreateRequest, authoringApi } from "#server/authoring";

const route = operationRoute({
  POST: method({
    operation: [authoringApi, "adminCreateLevel"],
    body: LevelCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createLevel(services.db, actor, params.courseId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
