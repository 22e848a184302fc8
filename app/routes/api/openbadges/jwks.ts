// GET /api/openbadges/jwks: the issuer's public keys (the signing key and retired ones).
import type { Route } from "./+types/jwks";
import { apiRoute } from "../../../lib/api.server";
import { countPublicApiRead } from "../../../lib/public-read.server";
import { servicesContext } from "../../../context";
import { json } from "#server/kernel/errors";
import { jwksDocument } from "#server/certificates";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  await countPublicApiRead(context);
  return json(jwksDocument(context.get(servicesContext).credentials), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
});
