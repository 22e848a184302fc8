// POST /api/admin/courses/<courseId>/levels: a level at the end of the course.
import { authoringRoute, method } from "../../../../lib/authoring.server";
import { createLevel, LevelCreateRequest } from "#server/authoring";

const route = authoringRoute({
  POST: method({ body: LevelCreateRequest, status: 201, run: ({ services, actor, params, body }) => createLevel(services.db, actor, params.courseId, body) }),
});

export const loader = route.loader;
export const action = route.action;
