// /verify/<registrationNumber>?h=<hash>: the public verification page for people (spec:
// the verification endpoint "also written /verify/<registrationNumber>"; docs/decisions/certificates/certificates.md >
// Certificates). The same domain call as GET /api/verify/<number>; an unknown number, a
// wrong or missing code answer 404 alike, with the form to type them again. /verify alone
// shows the form (a GET form: it works without JavaScript). Public reads: 60/min/IP.
// A second form (POST, multipart) takes an Open Badges credential: a downloaded .jwt or
// .json, a badge image with the credential baked in, or pasted text; the answer says
// valid / revoked / not ours / tampered / expired in Slovak (docs/decisions/certificates/open-badges.md > Open Badges).
import { data, redirect } from "react-router";
import type { Route } from "./+types/verify";
import { servicesContext } from "../context";
import { countPublicRead } from "../lib/public-read.server";
import { pageTitle, SITE } from "../site";
import brandMarkHref from "../brand-mark.svg?url";
import { certificateTypeLabels } from "../lib/certificate-labels";
import { checkPresentedCredential, signatory, VERDICT_MESSAGES, verifyCertificate, type CertificateRow, type CredentialVerdict } from "#server/certificates";
import { presentedFromForm } from "../lib/open-badges.server";
import { formatDateLong } from "#shared/format";
import { depsOf } from "../lib/deps.server";

type Found = {
  status: "found";
  registrationNumber: string;
  valid: boolean;
  revokedOn: string | null;
  typeLabel: string;
  holder: string;
  courseTitle: string;
  levelTitle: string | null;
  certificateTitle: string;
  issuedOn: string;
  partnerName: string;
  accreditationNumber: string | null;
  signatory: string | null;
};
type Form = { status: "form" | "not_found"; registrationNumber: string; h: string };
type Checked = { verdict: CredentialVerdict["verdict"]; message: string; facts: Found | null };

function foundOf(c: CertificateRow): Found {
  return {
    status: "found",
    registrationNumber: c.registrationNumber,
    valid: c.revokedAt === null,
    revokedOn: c.revokedAt ? formatDateLong(c.revokedAt) : null,
    typeLabel: certificateTypeLabels[c.type],
    holder: c.studentDisplayName,
    courseTitle: c.courseTitle,
    levelTitle: c.type === "final" ? null : c.levelTitle,
    certificateTitle: c.certificateTitle,
    issuedOn: formatDateLong(c.issuedAt),
    partnerName: c.issuedBy.partnerName,
    accreditationNumber: c.issuedBy.accreditationNumber ?? null,
    signatory: signatory(c.issuedBy) || null,
  };
}

/** POST /verify: an Open Badges credential uploaded or pasted into the form below. */
export async function action({ request, context }: Route.ActionArgs) {
  await countPublicRead(context);
  const services = context.get(servicesContext);
  const presented = await presentedFromForm(request);
  const result = await checkPresentedCredential(depsOf(services), presented, services.clock.now());
  const checked: Checked = {
    verdict: result.verdict,
    message: VERDICT_MESSAGES[result.verdict],
    facts: "certificate" in result ? foundOf(result.certificate) : null,
  };
  return data(checked, { status: result.verdict === "unreadable" ? 422 : 200 });
}

/** GET /verify and GET /verify/<number> (routes/verify-certificate.tsx serves this loader there). */
export async function loader({ request, params: routeParams, context }: Route.LoaderArgs) {
  await countPublicRead(context);
  const url = new URL(request.url);
  const params: { registrationNumber?: string } = routeParams;
  if (!params.registrationNumber) {
    // the form's GET submission: /verify?cislo=<number>&h=<hash>
    const number = url.searchParams.get("cislo")?.trim() ?? "";
    const h = url.searchParams.get("h")?.trim() ?? "";
    if (number) throw redirect(`/verify/${encodeURIComponent(number)}${h ? `?h=${encodeURIComponent(h)}` : ""}`);
    return { status: "form", registrationNumber: "", h } satisfies Form as Form | Found;
  }
  const h = url.searchParams.get("h");
  const found = await verifyCertificate(context.get(servicesContext).db, params.registrationNumber, h);
  if (found.ok) return foundOf(found.value) as Form | Found;
  return data({ status: "not_found", registrationNumber: params.registrationNumber, h: h ?? "" } satisfies Form as Form | Found, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [
  { title: pageTitle(d?.status === "found" ? `Overenie certifikátu ${d.registrationNumber}` : "Overenie certifikátu") },
  { name: "robots", content: "noindex" },
];

function VerifyForm({ registrationNumber, h }: { registrationNumber: string; h: string }) {
  return (
    <form method="get" action="/verify" className="narrow">
      <div className="field">
        <label htmlFor="verify-number">Registračné číslo certifikátu</label>
        <input id="verify-number" name="cislo" defaultValue={registrationNumber} required autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="verify-hash">Overovací kód</label>
        <p id="verify-hash-description" className="field-description">
          Kód vytlačený na certifikáte vedľa registračného čísla (napríklad 3F9AC-2B17D), alebo celý kód z overovacej adresy (časť za „?h=“).
        </p>
        <input id="verify-hash" name="h" defaultValue={h} required autoComplete="off" aria-describedby="verify-hash-description" />
      </div>
      <button type="submit">Overiť certifikát</button>
    </form>
  );
}

function CredentialForm() {
  return (
    <form method="post" action="/verify" encType="multipart/form-data" className="narrow" aria-labelledby="credential-form-title">
      <h2 id="credential-form-title">Overenie digitálneho certifikátu (Open Badge)</h2>
      <p id="credential-form-description">
        Nahrajte súbor, ktorý vám držiteľ poslal (.jwt, .json alebo obrázok odznaku SVG či PNG), alebo vložte jeho text. Podpis overíme naším verejným kľúčom a
        skontrolujeme, či certifikát nebol odvolaný.
      </p>
      <div className="field">
        <label htmlFor="credential-file">Súbor s certifikátom</label>
        <input
          id="credential-file"
          name="subor"
          type="file"
          accept=".jwt,.json,.svg,.png,application/json,image/svg+xml,image/png,text/plain"
          aria-describedby="credential-form-description"
        />
      </div>
      <div className="field">
        <label htmlFor="credential-text">alebo text certifikátu</label>
        <textarea id="credential-text" name="credential" rows={4} autoComplete="off" spellCheck={false} />
      </div>
      <button type="submit">Overiť digitálny certifikát</button>
    </form>
  );
}

function CheckedCredential({ checked }: { checked: Checked }) {
  const ok = checked.verdict === "valid";
  return (
    <section className="narrow" aria-labelledby="checked-title">
      <h2 id="checked-title">Výsledok overenia digitálneho certifikátu</h2>
      <p className={`verdict ${ok ? "verdict-valid" : "verdict-revoked"}`} role={ok ? "status" : "alert"}>
        {checked.message}
      </p>
      {checked.facts ? <Facts d={checked.facts} /> : null}
    </section>
  );
}

function Facts({ d }: { d: Found }) {
  return (
    <dl className="facts">
      <dt>Registračné číslo</dt>
      <dd>{d.registrationNumber}</dd>
      <dt>Certifikát</dt>
      <dd>{d.certificateTitle}</dd>
      <dt>Druh</dt>
      <dd>{d.typeLabel}</dd>
      <dt>Držiteľ</dt>
      <dd>{d.holder}</dd>
      <dt>Kurz</dt>
      <dd>{d.courseTitle}</dd>
      {d.levelTitle ? (
        <>
          <dt>Úroveň</dt>
          <dd>{d.levelTitle}</dd>
        </>
      ) : null}
      <dt>Dátum vydania</dt>
      <dd>{d.issuedOn}</dd>
      <dt>Vydal</dt>
      <dd>{d.partnerName}</dd>
      {d.accreditationNumber ? (
        <>
          <dt>Číslo akreditácie</dt>
          <dd>{d.accreditationNumber}</dd>
        </>
      ) : null}
      {d.signatory ? (
        <>
          <dt>Za partnera podpisuje</dt>
          <dd>{d.signatory}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The seal beside the verdict: a rosette with a check (valid) or a cross (revoked); the verdict's text says the same. */
function Seal({ valid }: { valid: boolean }) {
  const colour = valid ? "#1d6b33" : "#b00020";
  const points = Array.from({ length: 24 }, (_, i) => {
    const r = i % 2 === 0 ? 46 : 40;
    const a = (i * Math.PI) / 12;
    return `${(48 + r * Math.sin(a)).toFixed(1)},${(48 - r * Math.cos(a)).toFixed(1)}`;
  }).join(" ");
  return (
    <svg className="verify-seal" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <polygon points={points} fill={colour} />
      <circle cx="48" cy="48" r="33" fill="none" stroke="#fff" strokeWidth="2" />
      {valid ? (
        <path d="M32 49l11 11 22-24" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M35 35l26 26M61 35L35 61" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
      )}
    </svg>
  );
}

export default function Verify({ loaderData: d, actionData }: Route.ComponentProps) {
  const checked = actionData as Checked | undefined;
  if (checked) {
    return (
      <>
        <section className="narrow">
          <h1>Overenie certifikátu</h1>
        </section>
        <CheckedCredential checked={checked} />
        <CredentialForm />
      </>
    );
  }
  if (d.status === "found") {
    return (
      <section className="narrow verify-official">
        <header className="verify-issuer">
          <img src={brandMarkHref} alt="" width={48} height={48} />
          <p>
            <strong>{SITE.name}</strong>
            <span>Evidencia vydaných certifikátov</span>
          </p>
        </header>
        <h1>Overenie certifikátu</h1>
        <div className={`verify-card ${d.valid ? "verify-card-valid" : "verify-card-revoked"}`}>
          <Seal valid={d.valid} />
          <div>
            {d.valid ? (
              <p className="verdict verdict-valid" role="status">
                Certifikát je platný.
              </p>
            ) : (
              <p className="verdict verdict-revoked" role="status">
                Certifikát bol odvolaný{d.revokedOn ? ` ${d.revokedOn}` : ""} a nie je platný.
              </p>
            )}
            <p className="verify-holder">{d.holder}</p>
            <p>
              {d.levelTitle ? `absolvoval/a úroveň „${d.levelTitle}“ kurzu` : "absolvoval/a kurz"} <strong>„{d.courseTitle}“</strong>
            </p>
            <p className="muted">
              {d.certificateTitle} č. {d.registrationNumber}, vydal {d.partnerName} {d.issuedOn}
            </p>
          </div>
        </div>
        <Facts d={d} />
        <p className="muted">
          Údaje pochádzajú z evidencie certifikátov platformy {SITE.name}; certifikát vydáva akreditačný partner {d.partnerName}.
        </p>
      </section>
    );
  }
  return (
    <section className="narrow">
      <h1>Overenie certifikátu</h1>
      {d.status === "not_found" ? (
        <p className="alert" role="alert">
          Certifikát s týmto registračným číslom a overovacím kódom sme nenašli. Skontrolujte, prosím, obe hodnoty.
        </p>
      ) : (
        <p>Zadajte registračné číslo certifikátu a overovací kód, ktoré nájdete na certifikáte alebo v overovacej adrese.</p>
      )}
      <VerifyForm registrationNumber={d.registrationNumber} h={d.h} />
      <CredentialForm />
    </section>
  );
}
