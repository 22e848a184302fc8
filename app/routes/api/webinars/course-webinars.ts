import { method, operationRoute } from "../../../lib/operation-route.server";
import { calendarFeedUrl, webinarDeps } from "../../../lib/webinars.server";
import { listStudentWebinars, webinarsApi } from "#server/webinars";

const route = operationRoute({
  GET: method({
    operation: [webinarsApi, "listCourseWebinars"],
    run: async ({ context, user, params }) => listStudentWebinars(webinarDeps(context), user.id, params.slug, await calendarFeedUrl(context, user.id)),
  }),
});

export const loader = route.loader;
