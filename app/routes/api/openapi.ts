// GET /api/openapi.json: the OpenAPI 3.1 document generated from the areas' zod schemas
// (public reads: 60 per minute per IP). Everyone gets the public and student operations;
// the admin part only a signed-in person holding its roles (an admin: all of it), and then
// privately (docs/decisions/catalog/public-means-published.md > Public means published).
import type { Route } from "./+types/openapi";
import { apiRoute } from "../../lib/api.server";
import { getAuth } from "../../lib/auth.server";
import { countPublicApiRead } from "../../lib/public-read.server";
import { json } from "#server/kernel/errors";
import { openApiDocumentFor } from "../../lib/openapi.server";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  await countPublicApiRead(context);
  const { user } = getAuth(context);
  const { document, restricted } = openApiDocumentFor((role) => !!user?.roles.includes(role));
  return json(document, { headers: { "Cache-Control": restricted ? "private, no-store" : "public, max-age=300" } });
});
