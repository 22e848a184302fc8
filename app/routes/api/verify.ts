// GET /api/verify/<registrationNumber>?h=<verificationHash> (spec: Endpoints > Public
// catalog; DESIGN.md > Certificates): public, 60 per minute per IP (counted before
// anything else, so failed guesses spend the budget too); 404 alike for an unknown number,
// a wrong hash and no `h`; a revoked certificate is 200 with `valid: false`.
import type { Route } from "./+types/verify";
import { apiRoute } from "../../lib/api.server";
import { requestContext, servicesContext } from "../../context";
import { json, methodNotAllowed } from "#server/http/errors";
import { toVerificationResponse, verifyCertificate } from "#server/certificates";

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await services.rateLimits.consume("public", context.get(requestContext).clientIp);
  const h = new URL(request.url).searchParams.get("h");
  const row = await verifyCertificate(services.db, params.registrationNumber, h);
  return json(toVerificationResponse(row), { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
});

export const action = () => methodNotAllowed(["GET"]);
