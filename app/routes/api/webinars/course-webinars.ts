import { method, operationRoute } from "../../../lib/operation-route.server";
import { calendarFeedUrl } from "../../../lib/webinars.server";
import { listStudentWebinars, webinarsApi } from "#server/webinars";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [webinarsApi, "listCourseWebinars"],
    run: async ({ context, user, params }) => listStudentWebinars(depsOf(context), user.id, params.slug, await calendarFeedUrl(context, user.id)),
  }),
});

export const loader = route.loader;
