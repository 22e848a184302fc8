// /ucet/certifikaty/<id>: one of the student's certificates (the certificate e-mail's
// detail link). It names the course in its heading, says in one place which two documents
// the student holds (the academy's confirmation, here at once; the partner's accredited
// certificate, with its state), offers LinkedIn and the badge first, draws the confirmation
// (tap to enlarge, without JavaScript: a :target view), and keeps the technical formats
// behind "Pre overovateľov" (docs/decisions/certificates/a-certificate-page-that-says-what-it.md > A certificate page that says what it is).
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
import {
  confirmationPdfPath,
  credentialPath,
  getStudentCertificate,
  linkedInAddUrl,
  shortVerificationCode,
  shortVerificationUrl,
  signatory,
  verificationUrl,
} from "#server/certificates";
import { formatDate, formatDateLong } from "#shared/format";

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
    shortCode: shortVerificationCode(c.verificationHash),
    revokedOn: c.revokedAt ? formatDateLong(c.revokedAt) : null,
    revokedReason: c.revokedReason,
    confirmationPdfUrl: confirmationPdfPath(c.id),
    partnerPdfUrl: c.pdfUrl,
    supportEmail: site.seller.email,
    verificationUrl: verificationUrl(site.publicUrl, c.registrationNumber, c.verificationHash),
    credentialUrl: credentialPath(c.id),
    linkedInUrl: c.revokedAt ? null : linkedInAddUrl(site.publicUrl, c, site.linkedInOrganizationIds),
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Certifikát: ${loaderData.courseTitle}` : "Certifikát") },
  { name: "robots", content: "noindex" },
];

export default function AccountCertificate({ loaderData: c }: Route.ComponentProps) {
  const course = c.levelTitle && !c.final ? `${c.courseTitle} – ${c.levelTitle}` : c.courseTitle;
  return (
    <section className="narrow certificate-page">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Certifikáty", href: "/ucet/certifikaty" }, { label: c.registrationNumber }]} />
      <p className="eyebrow">{c.typeLabel}</p>
      <h1>{course}</h1>
      <p className="lead">
        {c.holder} · č. {c.registrationNumber} · {c.issuedOn}
      </p>
      {c.revokedOn ? (
        <p className="alert" role="status">
          Certifikát bol odvolaný {c.revokedOn}
          {c.revokedReason ? ` (${c.revokedReason})` : ""}.
        </p>
      ) : (
        <div className="certificate-actions">
          {c.linkedInUrl ? (
            <a className="button" href={c.linkedInUrl} rel="noopener noreferrer" target="_blank">
              Pridať na LinkedIn<span className="visually-hidden"> (otvorí sa v novom okne)</span>
            </a>
          ) : null}
          <a className="button secondary" href={`${c.credentialUrl}?format=png`} download>
            Stiahnuť odznak
          </a>
        </div>
      )}

      <section className="notice certificate-documents" aria-labelledby="dva-doklady">
        <h2 id="dva-doklady">Čo ste dostali</h2>
        <p>
          {c.final ? "Ku kurzu" : "K úrovni"} máte dva doklady: <strong>potvrdenie o absolvovaní</strong> od platformy {SITE.name}, ktoré máte hneď, a{" "}
          <strong>akreditovaný certifikát „{c.title}“</strong>, ktorý vydáva {c.partnerName} a ktorý je právne záväzný.
        </p>
        <ol className="document-list">
          <li>
            <strong>Potvrdenie o absolvovaní</strong> ({SITE.name}): <span className="document-state">máte ho</span>. Nájdete ho nižšie ako obrázok a{" "}
            <a href={c.confirmationPdfUrl} download>
              na stiahnutie v PDF
            </a>
            .
          </li>
          <li>
            <strong>Akreditovaný certifikát</strong> ({c.partnerName}):{" "}
            {c.revokedOn ? (
              <span className="document-state">odvolaný {c.revokedOn}</span>
            ) : (
              <>
                <span className="document-state">vydaný {c.issuedOn}</span> pod registračným číslom {c.registrationNumber}
                {c.accreditationNumber ? ` (akreditácia č. ${c.accreditationNumber})` : ""}.{" "}
                {c.partnerPdfUrl ? (
                  <a href={c.partnerPdfUrl}>Stiahnuť certifikát partnera (PDF)</a>
                ) : (
                  <>
                    Partner ho vedie vo svojej evidencii pod týmto číslom a jeho platnosť si ktokoľvek overí na <a href={c.shortUrl}>stránke overenia</a>.
                    Dokument partnera v PDF sme zatiaľ nedostali; ak ho potrebujete, napíšte na{" "}
                    <a href={`mailto:${c.supportEmail}?subject=${encodeURIComponent(`Certifikát č. ${c.registrationNumber}`)}`}>{c.supportEmail}</a>.
                  </>
                )}
              </>
            )}
          </li>
        </ol>
      </section>

      <h2 id="potvrdenie-nadpis">Potvrdenie o absolvovaní</h2>
      <figure className="certificate-figure" id="potvrdenie">
        <a href="#potvrdenie-nadpis" className="picture-zoom-close button secondary">
          Zavrieť zväčšenie
        </a>
        <a href="#potvrdenie" className="picture-zoom-link" aria-describedby="potvrdenie-popis">
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
              ["Registračné číslo", c.registrationNumber],
              ["Overovací kód", c.shortCode],
              ["Dátum vydania", c.issuedOn],
              ["Vydal", c.partnerName],
              ...(c.accreditationNumber ? [["Číslo akreditácie", c.accreditationNumber] as [string, string]] : []),
              ...(c.signatory ? [["Za partnera podpisuje", c.signatory] as [string, string]] : []),
            ]}
            revokedText={c.revokedOn ? `Certifikát bol odvolaný ${c.revokedOn}.` : null}
            qrSvg={c.qrSvg}
            verificationUrl={c.shortUrl}
          />
        </a>
        <figcaption id="potvrdenie-popis" className="muted">
          Ťuknutím obrázok zväčšíte.{" "}
          <a href={c.confirmationPdfUrl} download>
            Stiahnuť potvrdenie (PDF)
          </a>
        </figcaption>
      </figure>
      <dl className="facts">
        <dt>Druh</dt>
        <dd>{c.typeLabel}</dd>
        <dt>Držiteľ</dt>
        <dd>{c.holder}</dd>
        {c.birthDate ? (
          <>
            <dt>Dátum narodenia</dt>
            <dd>{c.birthDate}</dd>
          </>
        ) : null}
        <dt>Kurz</dt>
        <dd>{c.courseTitle}</dd>
        {c.levelTitle ? (
          <>
            <dt>Úroveň</dt>
            <dd>{c.levelTitle}</dd>
          </>
        ) : null}
        <dt>Registračné číslo</dt>
        <dd>{c.registrationNumber}</dd>
        <dt>Overovací kód</dt>
        <dd>
          <code>{c.shortCode}</code>
        </dd>
        <dt>Dátum vydania</dt>
        <dd>{c.issuedOn}</dd>
        <dt>Vydal</dt>
        <dd>{c.partnerName}</dd>
        {c.accreditationNumber ? (
          <>
            <dt>Číslo akreditácie</dt>
            <dd>{c.accreditationNumber}</dd>
          </>
        ) : null}
        {c.signatory ? (
          <>
            <dt>Za partnera podpisuje</dt>
            <dd>{c.signatory}</dd>
          </>
        ) : null}
      </dl>

      <h2 id="overenie">Overenie a zdieľanie</h2>
      <p>
        Pravosť certifikátu si ktokoľvek overí na tejto adrese, naskenovaním QR kódu alebo na stránke <a href="/verify">overenia</a> registračným číslom{" "}
        {c.registrationNumber} a kódom <code>{c.shortCode}</code>:
      </p>
      <div className="verify-share">
        <div className="verify-qr" role="img" aria-label={`QR kód odkazu ${c.shortUrl}`} dangerouslySetInnerHTML={{ __html: c.qrSvg }} />
        <div>
          <ShareLink url={c.shortUrl} title={`${c.title}: ${c.courseTitle}`} />
          <ul className="share-links">
            <li>
              <a href={c.shortUrl}>Otvoriť stránku overenia</a>
            </li>
            <li>
              <a
                href={`mailto:?subject=${encodeURIComponent(`Môj certifikát: ${c.courseTitle}`)}&body=${encodeURIComponent(`Pravosť môjho certifikátu overíte tu: ${c.shortUrl}`)}`}
              >
                Poslať e-mailom
              </a>
            </li>
          </ul>
        </div>
      </div>

      <details className="for-verifiers" id="open-badge">
        <summary>Pre overovateľov</summary>
        <p>
          Certifikát je zároveň overiteľný digitálny odznak podľa štandardu Open Badges 3.0. Súbory nižšie sú pre digitálne peňaženky a systémy zamestnávateľov:
          pravosť si overia bez nás, naším verejným kľúčom, alebo nahratím súboru na stránke <a href="/verify">overenia</a>.
        </p>
        <ul>
          <li>
            <a href={`${c.credentialUrl}?format=jwt`} download>
              Overiteľný certifikát Open Badge (.jwt)
            </a>
          </li>
          <li>
            <a href={`${c.credentialUrl}?format=json`} download>
              Overiteľný certifikát Open Badge (.json)
            </a>
          </li>
          <li>
            <a href={`${c.credentialUrl}?format=svg`} download>
              Odznak s vloženým certifikátom (SVG)
            </a>
          </li>
          <li>
            <a href={`${c.credentialUrl}?format=png`} download>
              Odznak s vloženým certifikátom (PNG)
            </a>
          </li>
        </ul>
        <p>
          Úplný overovací kód: <code className="hash">{c.hash}</code>
        </p>
        <p>
          Úplná adresa overenia:{" "}
          <a href={c.verificationUrl} className="break-all">
            {c.verificationUrl}
          </a>
        </p>
      </details>
      <p>
        <Link to="/ucet/certifikaty">Všetky moje certifikáty</Link>
      </p>
    </section>
  );
}
