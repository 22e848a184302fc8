// PATCH/DELETE /api/admin/webinars/<webinarId> (issue 33): change or cancel a webinar.
import { operationRoute, method } from "../../../lib/operation-route.server";
import { cancelWebinar, updateWebinar, webinarsApi, WebinarPatchRequest } from "#server/webinars";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  PATCH: method({
    operation: [webinarsApi, "adminUpdateWebinar"],
    body: WebinarPatchRequest,
    run: ({ services, actor, params, body }) => updateWebinar(depsOf(services), actor, params.webinarId, body),
  }),
  DELETE: method({
    operation: [webinarsApi, "adminCancelWebinar"],
    run: ({ services, actor, params }) => cancelWebinar(depsOf(services), actor, params.webinarId),
  }),
});

export const loader = route.loader;
export const action = route.action;
