// GET /api/openbadges/status/<list>: a revocation status list (Bitstring Status List
// credential, VC-JWT). Built from the certificates' revocations and signed on request;
// verifiers may keep it for a minute (docs/decisions/certificates/open-badges.md > Open Badges).
import type { Route } from "./+types/status-list";
import { apiRoute } from "../../../lib/api.server";
import { countPublicApiRead } from "../../../lib/public-read.server";
import { servicesContext } from "../../../context";
import { DomainError } from "#server/kernel/errors";
import { highestStatusList, statusListJwt } from "#server/certificates";
import { depsOf } from "../../../lib/deps.server";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  await countPublicApiRead(context);
  const services = context.get(servicesContext);
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
});
