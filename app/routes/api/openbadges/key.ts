// GET /api/openbadges/keys/<thumbprint>: one public key; a credential's `kid` is this URL.
import type { Route } from "./+types/key";
import { apiRoute } from "../../../lib/api.server";
import { countPublicApiRead } from "../../../lib/public-read.server";
import { servicesContext } from "../../../context";
import { DomainError, json } from "#server/kernel/errors";
import { credentialKeyUrl } from "#server/certificates";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  await countPublicApiRead(context);
  const services = context.get(servicesContext);
  const kid = credentialKeyUrl(services.site.publicUrl, params.thumbprint ?? "");
  const key = services.credentials.publishedKeys.find((k) => k.kid === kid);
  if (!key) throw new DomainError("not_found", "Kľúč neexistuje.");
  return json(key, { headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" } });
});
