// GET /api/certificates/<id>/credential[?format=jwt|json|svg|png]: the owner's certificate
// as an Open Badges 3.0 credential (docs/decisions/certificates/open-badges.md > Open Badges). Without format the
// JSON {jwt, credential, linkedInUrl}; with it a file to download: the VC-JWT (.jwt), the
// VCDM 2.0 enveloped credential (.json) or the badge image with the credential baked in.
import { method, operationRoute } from "../../../lib/operation-route.server";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "../../../lib/download.server";
import { servicesContext } from "../../../context";
import { DomainError, json, zodDetails } from "#server/kernel/errors";
import { envelope } from "#server/credentials";
import {
  certificatesApi,
  badgeFileName,
  bakedBadgePng,
  bakedBadgeSvg,
  buildOpenBadgeCredential,
  CredentialQuery,
  getStudentCertificate,
  linkedInAddUrl,
  openBadgeJwt,
} from "#server/certificates";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [certificatesApi, "getMyCertificateCredential"],
    run: async ({ request, params, context, user }) => {
      const services = context.get(servicesContext);
      const query = CredentialQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) throw new DomainError("validation", undefined, zodDetails(query.error.issues));
      const row = await getStudentCertificate(services.db, user.id, params.certificateId);
      const deps = depsOf(services);
      const file = (body: BodyInit, type: string, extension: "jwt" | "json" | "svg" | "png") =>
        new Response(body, {
          headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": type, "Content-Disposition": contentDisposition("attachment", badgeFileName(row, extension)) },
        });
      switch (query.data.format) {
        case "jwt":
          return file(await openBadgeJwt(deps, row), "application/vc+jwt", "jwt");
        case "json":
          return file(`${JSON.stringify(envelope(await openBadgeJwt(deps, row)), null, 2)}\n`, "application/json; charset=utf-8", "json");
        case "svg":
          return file(await bakedBadgeSvg(deps, row), "image/svg+xml; charset=utf-8", "svg");
        case "png":
          return file(new Uint8Array(await bakedBadgePng(deps, row)), "image/png", "png");
        default: {
          const credential = await buildOpenBadgeCredential(deps, row);
          const jwt = await services.credentials.sign(credential);
          return json(
            { jwt, credential, linkedInUrl: linkedInAddUrl(services.site.publicUrl, row, services.site.linkedInOrganizationIds) },
            { headers: { "Cache-Control": "private, no-store" } },
          );
        }
      }
    },
  }),
});

export const loader = route.loader;
