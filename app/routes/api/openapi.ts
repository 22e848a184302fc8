// GET /api/openapi.json: the OpenAPI 3.1 document generated from the areas' zod schemas.
import { json, methodNotAllowed } from "#server/http/errors";
import { openApiDocument } from "../../lib/openapi.server";

export const loader = () => json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });

export const action = () => methodNotAllowed(["GET"]);
