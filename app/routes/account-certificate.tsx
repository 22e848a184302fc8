// /ucet/certifikaty/<id>: one of the student's certificates (the certificate e-mail's
// detail link): every field, the public verification URL to share, the downloads.
// Someone else's or an unknown id: the 404 page.
import { Link } from "react-router";
import type { Route } from "./+types/account-certificate";
import { servicesContext } from "../context";
import { requireUserForPage } from "../lib/auth.server";
import { pageRoute } from "../lib/page.server";
import { Breadcrumbs } from "../components/breadcrumbs";
import { certificateTypeLabels } from "../lib/certificate-labels";
import { pageTitle } from "../site";
import QRCode from "qrcode";
import { CertificatePicture } from "../components/certificate-picture";
import { ShareLink } from "../components/share-link";
import { SITE } from "../site";
import { confirmationPdfPath, credentialPath, getStudentCertificate, linkedInAddUrl, shortVerificationUrl, signatory, verificationUrl } from "#server/certificates";
import { formatDate, formatDateLong } from "#server/money";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const { db, site } = context.get(servicesContext);
  const c = await getStudentCertificate(db, user.id, params.certificateId);
  const shortUrl = shortVerificationUrl(site.publicUrl, c.registrationNumber, c.verificationHash);
  // the QR code of the short link, as SVG markup made here (qrcode's output, no user text in it)
  const qrSvg = await QRCode.toString(shortUrl, { type: "svg", errorCorrectionLevel: "M", margin: 1, color: { dark: "#000000", light: "#ffffff" } });
  return {
    shortUrl,
    qrSvg,
    final: c.type === "final",
    title: c.certificateTitle,
    typeLabel: certificateTypeLabels[c.type],
    holder: c.studentDisplayName,
    birthDate: c.studentBirthDate ? formatDate(c.studentBirthDate) : null,
    courseTitle: c.courseTitle,
    levelTitle: c.levelTitle,
    registrationNumber: c.registrationNumber,
    issuedOn: formatDateLong(c.issuedAt),
    partnerName: c.issuedBy.partnerName,
    accreditationNumber: c.issuedBy.accreditationNumber ?? null,
    signatory: signatory(c.issuedBy) || null,
    hash: c.verificationHash,
    revokedOn: c.revokedAt ? formatDateLong(c.revokedAt) : null,
    revokedReason: c.revokedReason,
    confirmationPdfUrl: confirmationPdfPath(c.id),
    partnerPdfUrl: c.pdfUrl,
    verificationUrl: verificationUrl(site.publicUrl, c.registrationNumber, c.verificationHash),
    credentialUrl: credentialPath(c.id),
    linkedInUrl: c.revokedAt ? null : linkedInAddUrl(site.publicUrl, c),
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: pageTitle(loaderData ? loaderData.title : "Certifikát") }, { name: "robots", content: "noindex" }];

export default function AccountCertificate({ loaderData: c }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Certifikáty", href: "/ucet/certifikaty" }, { label: c.registrationNumber }]} />
      <h1>{c.title}</h1>
      {c.revokedOn ? (
        <p className="alert" role="status">Certifikát bol odvolaný {c.revokedOn}{c.revokedReason ? ` (${c.revokedReason})` : ""}.</p>
      ) : null}
      <figure className="certificate-figure">
        <CertificatePicture
          platformName={SITE.name}
          partnerName={c.partnerName}
          holder={c.holder}
          birthDate={c.birthDate}
          final={c.final}
          levelTitle={c.levelTitle}
          courseTitle={c.courseTitle}
          facts={[
            ["Certifikát", c.title],
            ["Druh", c.final ? "záverečný certifikát kurzu" : "priebežný certifikát úrovne"],
            ["Registračné číslo", c.registrationNumber],
            ["Dátum vydania", c.issuedOn],
            ["Vydal", c.partnerName],
            ...(c.accreditationNumber ? [["Číslo akreditácie", c.accreditationNumber] as [string, string]] : []),
            ...(c.signatory ? [["Za partnera podpisuje", c.signatory] as [string, string]] : []),
          ]}
          revokedText={c.revokedOn ? `Certifikát bol odvolaný ${c.revokedOn}.` : null}
          qrSvg={c.qrSvg}
          verificationUrl={c.shortUrl}
        />
        <figcaption className="muted">Potvrdenie o absolvovaní, ako ho nájdete v PDF nižšie.</figcaption>
      </figure>
      <dl className="facts">
        <dt>Druh</dt><dd>{c.typeLabel}</dd>
        <dt>Držiteľ</dt><dd>{c.holder}</dd>
        {c.birthDate ? <><dt>Dátum narodenia</dt><dd>{c.birthDate}</dd></> : null}
        <dt>Kurz</dt><dd>{c.courseTitle}</dd>
        {c.levelTitle ? <><dt>Úroveň</dt><dd>{c.levelTitle}</dd></> : null}
        <dt>Registračné číslo</dt><dd>{c.registrationNumber}</dd>
        <dt>Dátum vydania</dt><dd>{c.issuedOn}</dd>
        <dt>Vydal</dt><dd>{c.partnerName}</dd>
        {c.accreditationNumber ? <><dt>Číslo akreditácie</dt><dd>{c.accreditationNumber}</dd></> : null}
        {c.signatory ? <><dt>Za partnera podpisuje</dt><dd>{c.signatory}</dd></> : null}
        <dt>Overovací kód</dt><dd><code className="hash">{c.hash}</code></dd>
      </dl>
      <h2 id="overenie">Overenie a zdieľanie</h2>
      <p>Pravosť certifikátu si ktokoľvek overí na tejto adrese alebo naskenovaním QR kódu (pošlite ju napríklad zamestnávateľovi):</p>
      <div className="verify-share">
        <div className="verify-qr" role="img" aria-label={`QR kód odkazu ${c.shortUrl}`} dangerouslySetInnerHTML={{ __html: c.qrSvg }} />
        <div>
          <ShareLink url={c.shortUrl} title={`${c.title}: ${c.courseTitle}`} />
          <p><a href={c.shortUrl} className="break-all">Otvoriť stránku overenia</a></p>
          <ul className="share-links">
            <li>
              <a href={`mailto:?subject=${encodeURIComponent(`Môj certifikát: ${c.courseTitle}`)}&body=${encodeURIComponent(`Pravosť môjho certifikátu overíte tu: ${c.shortUrl}`)}`}>Poslať e-mailom</a>
            </li>
            {c.linkedInUrl ? <li><a href="#open-badge">Pridanie na LinkedIn a digitálny odznak</a></li> : null}
          </ul>
          <p className="muted">Úplná adresa: <a href={c.verificationUrl} className="break-all">{c.verificationUrl}</a></p>
        </div>
      </div>
      <h2>Na stiahnutie</h2>
      <ul>
        {c.partnerPdfUrl ? <li><a href={c.partnerPdfUrl}>Certifikát od akreditačného partnera (PDF)</a></li> : null}
        <li>
          <a href={c.confirmationPdfUrl} download>Potvrdenie o absolvovaní (PDF)</a>{" "}
          <span className="muted">– potvrdenie našej platformy s overovacou adresou a QR kódom; certifikát vydáva {c.partnerName}.</span>
        </li>
      </ul>
      <h2 id="open-badge">Open Badge</h2>
      <p>
        Certifikát je zároveň overiteľný digitálny odznak podľa štandardu Open Badges 3.0. Uložte si ho do digitálnej peňaženky
        alebo ho pošlite zamestnávateľovi: pravosť si overí bez nás, naším verejným kľúčom.
      </p>
      <ul aria-labelledby="open-badge">
        <li><a href={`${c.credentialUrl}?format=jwt`} download>Stiahnuť ako Open Badge (.jwt)</a></li>
        <li><a href={`${c.credentialUrl}?format=json`} download>Stiahnuť ako Open Badge (.json)</a></li>
        <li>
          <a href={`${c.credentialUrl}?format=svg`} download>Obrázok odznaku s certifikátom (SVG)</a>{" "}
          <span className="muted">– obrázok, v ktorom je certifikát vložený; dá sa overiť na stránke overenia.</span>
        </li>
        <li><a href={`${c.credentialUrl}?format=png`} download>Obrázok odznaku s certifikátom (PNG s QR kódom)</a></li>
        {c.linkedInUrl ? (
          <li><a href={c.linkedInUrl} rel="noopener noreferrer" target="_blank">Pridať na LinkedIn<span className="visually-hidden"> (otvorí sa v novom okne)</span></a></li>
        ) : null}
      </ul>
      <p><Link to="/ucet/certifikaty">Všetky moje certifikáty</Link></p>
    </section>
  );
}
