// /v/<registrationNumber>/<hash prefix>: the short verification link (and its QR code) the
// certificate page shows; it redirects to the full /verify/<number>?h=<hash>. A wrong or
// unknown link is the 404 page. Public reads: 60/min/IP. docs/decisions/student-ui/student-pages-on-a-phone.md > Finishing a course.
import { redirect } from "react-router";
import type { Route } from "./+types/verify-short";
import { servicesContext } from "../context";
import { countPublicRead } from "../lib/public-read.server";
import { pageRoute } from "../lib/page.server";
import { resolveShortVerificationLink } from "#server/certificates";

export const loader = pageRoute(async ({ params, context }: Route.LoaderArgs) => {
  await countPublicRead(context);
  const { db, site } = context.get(servicesContext);
  const url = new URL(await resolveShortVerificationLink(db, site.publicUrl, params.registrationNumber, params.prefix));
  // a relative redirect: the same origin whichever host name the visitor used
  throw redirect(url.pathname + url.search, { headers: { "Cache-Control": "no-store" } });
});

export default function VerifyShort() {
  return null;
}
