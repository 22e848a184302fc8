// PATCH/DELETE /api/admin/parts/<partId>.
import { operationRoute, method } from "../../../../lib/operation-route.server";
import { deletePart, PartPatchRequest, updatePart, authoringApi } from "#server/authoring";

const route = operationRoute({
  PATCH: method({
    operation: [authoringApi, "adminUpdatePart"],
    body: PartPatchRequest,
    run: ({ services, actor, params, body }) => updatePart(services.db, actor, params.partId, body),
  }),
  DELETE: method({ operation: [authoringApi, "adminDeletePart"], run: ({ services, actor, params }) => deletePart(services.db, actor, params.partId) }),
});

export const loader = route.loader;
export const action = route.action;
