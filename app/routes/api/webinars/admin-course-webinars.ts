// POST /api/admin/courses/<courseId>/webinars (issue 33): schedules a webinar of the course.
import { authoringRoute, method } from "../../../lib/authoring.server";
import { createWebinar, webinarsApi, WebinarCreateRequest } from "#server/webinars";

const route = authoringRoute({
  POST: method({
    operation: [webinarsApi, "adminCreateWebinar"],
    body: WebinarCreateRequest,
    status: 201,
    run: ({ services, actor, params, body }) =>
      createWebinar({ db: services.db, queue: services.queue, now: services.clock.now() }, actor, params.courseId, body),
  }),
});

export const loader = route.loader;
export const action = route.action;
