// /ucet/certifikaty: the signed-in student's certificates: each with
// its detail page, the platform's confirmation PDF, the partner's PDF when given and the
// public verification link; certificates still waiting for the partner's number are
// listed as being issued. Without a session: sign in and back.
import { Link } from "react-router";
import type { Route } from "./+types/account-certificates";
import { servicesContext } from "../context";
import { requireUserForPage } from "../lib/auth.server";
import { pageRoute } from "../lib/page.server";
import { Breadcrumbs } from "../components/breadcrumbs";
import { certificateTypeLabels } from "../lib/certificate-labels";
import { pageTitle } from "../site";
import { confirmationPdfPath, listStudentCertificates, listStudentPendingRequests, verificationUrl } from "#server/certificates";
import { formatDateLong } from "#shared/format";

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { db, site } = context.get(servicesContext);
  const [rows, pending] = await Promise.all([listStudentCertificates(db, user.id), listStudentPendingRequests(db, user.id)]);
  return {
    certificates: rows.map((c) => ({
      id: c.id,
      title: c.certificateTitle,
      typeLabel: certificateTypeLabels[c.type],
      courseTitle: c.courseTitle,
      levelTitle: c.levelTitle,
      registrationNumber: c.registrationNumber,
      issuedOn: formatDateLong(c.issuedAt),
      partnerName: c.issuedBy.partnerName,
      revoked: c.revokedAt !== null,
      confirmationPdfUrl: confirmationPdfPath(c.id),
      partnerPdfUrl: c.pdfUrl,
      verificationUrl: verificationUrl(site.publicUrl, c.registrationNumber, c.verificationHash),
    })),
    pending: pending.map((p) => ({
      id: p.id,
      typeLabel: certificateTypeLabels[p.type],
      courseTitle: p.courseTitle,
      levelTitle: p.levelTitle,
      since: formatDateLong(p.createdAt),
    })),
  };
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Moje certifikáty") }, { name: "robots", content: "noindex" }];

export default function AccountCertificates({ loaderData: d }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Certifikáty" }]} />
      <h1>Moje certifikáty</h1>
      {d.pending.length > 0 ? (
        <div className="notice">
          <h2>Vydávajú sa</h2>
          <ul>
            {d.pending.map((p) => (
              <li key={p.id}>
                {p.typeLabel}: {p.levelTitle ? `úroveň „${p.levelTitle}“, ` : ""}kurz „{p.courseTitle}“ (od {p.since}). Akreditačný partner pridelí certifikátu
                registračné číslo; pošleme vám e-mail.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {d.certificates.length === 0 ? (
        <p>Zatiaľ nemáte žiadny certifikát. Certifikát získate po dokončení kurzu (a pri niektorých kurzoch aj po dokončení úrovne).</p>
      ) : (
        <ul className="enrollment-list">
          {d.certificates.map((c) => (
            <li key={c.id} className="card">
              <h2>
                <Link to={`/ucet/certifikaty/${c.id}`}>{c.levelTitle ? `${c.courseTitle} – ${c.levelTitle}` : c.courseTitle}</Link>
              </h2>
              <p>
                {c.typeLabel} · {c.title}
              </p>
              <p className="muted">
                Č. {c.registrationNumber} · vydal {c.partnerName} {c.issuedOn}
                {c.revoked ? <strong> · odvolaný</strong> : null}
              </p>
              <p>
                <Link to={`/ucet/certifikaty/${c.id}`}>Detail certifikátu</Link> ·{" "}
                <a href={c.confirmationPdfUrl} download>
                  Potvrdenie o absolvovaní (PDF)
                </a>
                {c.partnerPdfUrl ? (
                  <>
                    {" "}
                    · <a href={c.partnerPdfUrl}>Certifikát od partnera (PDF)</a>
                  </>
                ) : null}{" "}
                · <a href={c.verificationUrl}>Verejné overenie</a>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/ucet">Späť na môj účet</Link>
      </p>
    </section>
  );
}
