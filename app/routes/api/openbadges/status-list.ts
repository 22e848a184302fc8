import { operationRoute, publicMethod } from "../../../lib/operation-route.server";
import { depsOf } from "../../../lib/deps.server";
import { DomainError } from "#server/kernel/errors";
import { certificatesApi, highestStatusList, statusListJwt } from "#server/certificates";

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "getOpenBadgesStatusList"],
    run: async ({ services, params }) => {
      const list = /^\d{1,6}$/.test(params.list ?? "") ? Number(params.list) : -1;
      if (list < 0 || list > (await highestStatusList(services.db))) throw new DomainError("not_found", "Zoznam stavov neexistuje.");
      const jwt = await statusListJwt(depsOf(services), list, services.clock.now());
      return new Response(jwt, {
        headers: {
          "Content-Type": "application/vc+jwt",
          "Cache-Control": "public, max-age=60",
          "Access-Control-Allow-Origin": "*",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  }),
});

export const loader = route.loader;
