import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { DomainError, json } from "#server/kernel/errors";
import { certificatesApi, credentialKeyUrl } from "#server/certificates";

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "getOpenBadgesKey"],
    run: async ({ services, params }) => {
      const kid = credentialKeyUrl(services.site.publicUrl, params.thumbprint ?? "");
      const key = services.credentials.publishedKeys.find((k) => k.kid === kid);
      if (!key) throw new DomainError("not_found", "Kľúč neexistuje.");
      return json(key, { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } });
    },
  }),
});

export const loader = route.loader;
