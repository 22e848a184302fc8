import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { depsOf } from "../../../lib/deps.server";
import { json } from "#server/kernel/errors";
import { certificatesApi, issuerDocument } from "#server/certificates";

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "getOpenBadgesIssuer"],
    run: async ({ services }) =>
      json(issuerDocument(depsOf(services)), { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } }),
  }),
});

export const loader = route.loader;
