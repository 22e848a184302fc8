// GET /api/verify/<registrationNumber>?h=<verificationHash> (spec: Endpoints > Public
// catalog; docs/decisions/certificates/certificates.md > Certificates): public, 60 per minute per IP (counted before
// anything else, so failed guesses spend the budget too); 404 alike for an unknown number,
// a wrong hash and no `h`; a revoked certificate is 200 with `valid: false`.
// POST /api/verify/<registrationNumber> checks a presented Open Badges credential of that
// certificate (JSON {credential}, a form with `subor`/`credential`, or the .jwt as the
// body): 200 with the verdict (docs/decisions/certificates/open-badges.md > Open Badges); a credential of another
// certificate is `not_ours` here.
import { operationRoute, publicMethod } from "../../lib/operation-route.server";
import { readJsonBody } from "../../lib/api.server";
import { json } from "#server/kernel/errors";
import {
  certificatesApi,
  checkPresentedCredential,
  CredentialCheckBody,
  toVerificationResponse,
  VERDICT_MESSAGES,
  verifyCertificate,
} from "#server/certificates";
import { presentedFromApiRequest } from "../../lib/open-badges.server";
import { depsOf } from "../../lib/deps.server";

const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

const route = operationRoute({
  GET: publicMethod({
    operation: [certificatesApi, "verifyCertificate"],
    run: async ({ services, params, url }) => {
      const found = await verifyCertificate(services.db, params.registrationNumber, url.searchParams.get("h"));
      return found.ok ? json(toVerificationResponse(found.value), { headers }) : found;
    },
  }),
  POST: publicMethod({
    operation: [certificatesApi, "checkCertificateCredential"],
    run: async ({ services, params, request }) => {
      const presented = await presentedFromApiRequest(request, async (r) => (await readJsonBody(r, CredentialCheckBody)).credential);
      let result = await checkPresentedCredential(depsOf(services), presented, services.clock.now());
      if ("certificate" in result && result.certificate.registrationNumber !== params.registrationNumber) result = { verdict: "not_ours" };
      return json(
        {
          verdict: result.verdict,
          message: VERDICT_MESSAGES[result.verdict],
          certificate: "certificate" in result ? toVerificationResponse(result.certificate) : null,
        },
        { headers },
      );
    },
  }),
});

export const loader = route.loader;
export const action = route.action;
