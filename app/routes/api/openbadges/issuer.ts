// GET /api/openbadges/issuer: the issuer Profile every credential names (public, cacheable).
import type { Route } from "./+types/issuer";
import { apiRoute } from "../../../lib/api.server";
import { countPublicApiRead } from "../../../lib/public-read.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { issuerDocument } from "#server/certificates";
import { depsOf } from "../../../lib/deps.server";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  await countPublicApiRead(context);
  const deps = depsOf(context.get(servicesContext));
  return json(issuerDocument(deps), { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } });
});
