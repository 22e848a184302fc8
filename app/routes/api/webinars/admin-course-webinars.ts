// POST /api/admin/courses/<courseId>/webinars (issue 33): schedules a webinar of the course.
import { operationRoute, method } from "../../../lib/operation-route.server";
import { createWebinar, webinarsApi, WebinarCreateRequest } from "#server/webinars";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  POST: method({
    operation: [webinarsApi, "adminCreateWebinar"],
    body: WebinarCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) => createWebinar(depsOf(services), actor, params.courseId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
