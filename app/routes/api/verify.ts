// GET /api/verify/<registrationNumber>?h=<verificationHash> (spec: Endpoints > Public
// catalog; docs/decisions/certificates/certificates.md > Certificates): public, 60 per minute per IP (counted before
// anything else, so failed guesses spend the budget too); 404 alike for an unknown number,
// a wrong hash and no `h`; a revoked certificate is 200 with `valid: false`.
// POST /api/verify/<registrationNumber> checks a presented Open Badges credential of that
// certificate (JSON {credential}, a form with `subor`/`credential`, or the .jwt as the
// body): 200 with the verdict (docs/decisions/certificates/open-badges.md > Open Badges); a credential of another
// certificate is `not_ours` here.
import type { Route } from "./+types/verify";
import { apiRoute, readJsonBody } from "../../lib/api.server";
import { requestContext, servicesContext } from "../../context";
import { json } from "#server/http/errors";
import { checkPresentedCredential, CredentialCheckBody, toVerificationResponse, VERDICT_MESSAGES, verifyCertificate } from "#server/certificates";
import { openBadgeDeps, presentedFromApiRequest } from "../../lib/open-badges.server";

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const loader = apiRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await services.rateLimits.consume("public", context.get(requestContext).clientIp);
  const h = new URL(request.url).searchParams.get("h");
  const row = await verifyCertificate(services.db, params.registrationNumber, h);
  return json(toVerificationResponse(row), { headers });
});

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  await services.rateLimits.consume("public", context.get(requestContext).clientIp);
  const presented = await presentedFromApiRequest(request, async (r) => (await readJsonBody(r, CredentialCheckBody)).credential);
  let result = await checkPresentedCredential(openBadgeDeps(services), presented, services.clock.now());
  if ("certificate" in result && result.certificate.registrationNumber !== params.registrationNumber) result = { verdict: "not_ours" };
  return json(
    {
      verdict: result.verdict,
      message: VERDICT_MESSAGES[result.verdict],
      certificate: "certificate" in result ? toVerificationResponse(result.certificate) : null,
    },
    { headers },
  );
});
