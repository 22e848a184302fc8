import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { json } from "#server/kernel/errors";
import { certificatesApi, jwksDocument } from "#server/certificates";

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "getOpenBadgesKeys"],
    run: async ({ services }) =>
      json(jwksDocument(services.credentials), { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } }),
  }),
});

export const loader = route.loader;
