// /admin/certifikaty: the manual partner's issuing tasks (phase 1), admins
// only (the /admin layout lets content managers in, this page asks for admin). Each
// pending task shows what the certificate will carry, to send to the partner, and a plain
// form for the partner's registration number and optional PDF URL; the same domain call
// as POST /api/admin/certificate-requests/<id>/issue. Below: the newest certificates.
// Issuing and revoking are sensitive: a sign-in older than STEP_UP_MAX_AGE_SEC goes through
// the provider and back to the same form, filled in again (app/lib/step-up.server.ts).
import { useForm } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/certificates";
import { servicesContext } from "../../context";
import { requireRoleForPage, actorOf } from "../../lib/auth.server";
import { dispatchIntent, pageRoute, readForm } from "../../lib/page.server";
import { KEPT_FORM_NOTICE, keptForm, requireRecentSignInForPage } from "../../lib/step-up.server";
import { parseForm } from "../../lib/validation";
import { FormErrors, getFormProps, SubmitButton, TextField } from "../../components/forms";
import { certificateTypeLabels } from "../../lib/certificate-labels";
import { pageTitle } from "../../site";
import {
  IssueCertificateBody,
  RegistrationNumber,
  RevokeCertificateBody,
  issueCertificateManually,
  listCertificateRequests,
  listRecentCertificates,
  revokeCertificate,
} from "#server/certificates";
import { formatDate, formatDateTime } from "#shared/format";
import { ID_PATTERN } from "#shared/ids";

const issueSchema = z.object({
  requestId: z.string().regex(ID_PATTERN),
  registrationNumber: RegistrationNumber,
  pdfUrl: IssueCertificateBody.shape.pdfUrl,
});

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const [pending, recent] = await Promise.all([listCertificateRequests(db, { state: "pending", limit: 200 }), listRecentCertificates(db, 20)]);
  // back from signing in again: the issue or revoke form as it was sent
  const kept = await keptForm(request, context);
  const keptFields = kept?.values ?? {};
  const keptRequestId = !kept ? null : keptFields.intent === "revoke" ? `revoke-${keptFields.certificateId ?? ""}` : (keptFields.requestId ?? null);
  const issued = new URL(request.url).searchParams.get("vydany");
  const revoked = new URL(request.url).searchParams.get("zruseny");
  return {
    kept: keptRequestId ? { requestId: keptRequestId, result: { initialValue: keptFields } } : null,
    keptNotice: keptRequestId ? KEPT_FORM_NOTICE : null,
    revokedNumber: revoked ? (recent.find((c) => c.id === revoked)?.registrationNumber ?? null) : null,
    issuedNumber: issued ? (recent.find((c) => c.id === issued)?.registrationNumber ?? null) : null,
    pending: pending.map((t) => ({
      id: t.id,
      typeLabel: certificateTypeLabels[t.type],
      student: t.draft.studentDisplayName,
      studentEmail: t.studentEmail,
      birthDate: t.draft.studentBirthDate ? formatDate(t.draft.studentBirthDate) : null,
      courseTitle: t.draft.courseTitle,
      levelTitle: t.draft.levelTitle,
      certificateTitle: t.draft.certificateTitle,
      partnerName: t.draft.issuedBy.partnerName,
      accreditationNumber: t.draft.issuedBy.accreditationNumber ?? null,
      since: formatDateTime(t.createdAt),
      enrollmentId: t.enrollmentId,
    })),
    recent: recent.map((c) => ({
      id: c.id,
      registrationNumber: c.registrationNumber,
      student: c.studentDisplayName,
      courseTitle: c.courseTitle,
      levelTitle: c.levelTitle,
      issuedOn: formatDate(c.issuedAt),
      revoked: c.revokedAt !== null,
      revokedReason: c.revokedReason,
    })),
  };
});

const revokeSchema = z.object({ certificateId: z.string().regex(ID_PATTERN), reason: RevokeCertificateBody.shape.reason });

export const action = pageRoute(async ({ request, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "admin");
  const formData = await readForm(request);
  const actor = actorOf(context, user);
  // the issue form sends no intent (its one button); an unknown intent is 400 bad_request
  return dispatchIntent<Promise<CertificatesAnswer>>(
    formData,
    { issue: () => issueAction(request, context, formData, actor), revoke: () => revokeAction(request, context, formData, actor) },
    { fallback: "issue" },
  );
});

type CertificatesAnswer = Awaited<ReturnType<typeof issueAction>> | Awaited<ReturnType<typeof revokeAction>>;
type Actor = ReturnType<typeof actorOf>;

/** "Zrušiť certifikát": revoked with the reason, or the refusal on that certificate's form. */
async function revokeAction(request: Request, context: Route.ActionArgs["context"], formData: FormData, actor: Actor) {
  const services = context.get(servicesContext);
  const submission = parseForm(formData, revokeSchema);
  const certificateId = String(submission.payload.certificateId ?? "");
  if (submission.status !== "success") return data({ requestId: `revoke-${certificateId}`, result: submission.reply() }, { status: 400 });
  await requireRecentSignInForPage(request, context, formData);
  const revoked = await revokeCertificate(services.db, actor, certificateId, submission.value.reason, services.clock.now());
  if (!revoked.ok) {
    return data({ requestId: `revoke-${certificateId}`, result: submission.reply({ formErrors: [revoked.error.message] }) }, { status: revoked.error.status });
  }
  return redirect(`/admin/certifikaty?zruseny=${certificateId}`);
}

/** "Vydať certifikát" of a pending task with the partner's number, or the refusal on the task's form. */
async function issueAction(request: Request, context: Route.ActionArgs["context"], formData: FormData, actor: Actor) {
  const services = context.get(servicesContext);
  const submission = parseForm(formData, issueSchema);
  const requestId = String(submission.payload.requestId ?? "");
  if (submission.status !== "success") return data({ requestId, result: submission.reply() }, { status: 400 });
  const { registrationNumber, pdfUrl } = submission.value;
  await requireRecentSignInForPage(request, context, formData);
  const issued = await issueCertificateManually(services, actor, requestId, { registrationNumber, pdfUrl: pdfUrl ?? null });
  if (issued.ok) return redirect(`/admin/certifikaty?vydany=${issued.value.id}`);
  const { error } = issued;
  if (error.status >= 500) throw error;
  const result =
    error.code === "registration_number_taken"
      ? submission.reply({ fieldErrors: { registrationNumber: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
  return data({ requestId, result }, { status: error.status });
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Certifikáty") }, { name: "robots", content: "noindex" }];

type Task = Route.ComponentProps["loaderData"]["pending"][number];
type Result = Parameters<typeof useForm>[0]["lastResult"];

function IssueForm({ task, lastResult }: { task: Task; lastResult: Result }) {
  // validated on the server only: the schema belongs to server/certificates, which never
  // reaches the browser bundle
  const [form, fields] = useForm({ id: `issue-${task.id}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Vydať certifikát: ${task.student}, ${task.courseTitle}`}>
      <FormErrors meta={form} />
      <input type="hidden" name={fields.requestId.name} value={task.id} />
      <TextField
        meta={fields.registrationNumber}
        label="Registračné číslo od partnera"
        description="Písmená bez diakritiky, číslice a znaky . _ / - (najviac 64)."
      />
      <TextField meta={fields.pdfUrl} type="url" label="Adresa PDF certifikátu od partnera (nepovinné)" />
      <SubmitButton pendingLabel="Vydáva sa…">Vydať certifikát</SubmitButton>
    </Form>
  );
}

type Recent = Route.ComponentProps["loaderData"]["recent"][number];

/** Revokes a certificate (plagiarism, test fraud); verification then answers "not valid". */
function RevokeForm({ certificate, lastResult }: { certificate: Recent; lastResult: Result }) {
  const [form, fields] = useForm({ id: `revoke-${certificate.id}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Zrušiť certifikát č. ${certificate.registrationNumber}`}>
      <FormErrors meta={form} />
      <input type="hidden" name={fields.certificateId.name} value={certificate.id} />
      <TextField meta={fields.reason} label="Dôvod zrušenia" />
      <SubmitButton intent="revoke" pendingLabel="Ruší sa…" variant="danger">
        Zrušiť certifikát
      </SubmitButton>
    </Form>
  );
}

export default function AdminCertificates({ loaderData: d, actionData: sent }: Route.ComponentProps) {
  const actionData = sent ?? d.kept ?? undefined;
  return (
    <>
      <h1>Certifikáty</h1>
      {d.keptNotice && !sent ? (
        <p className="notice" role="status">
          {d.keptNotice}
        </p>
      ) : null}
      {d.revokedNumber ? (
        <p className="notice" role="status">{`Certifikát č. ${d.revokedNumber} je odvolaný; overenie ho odteraz označí ako neplatný.`}</p>
      ) : null}
      {d.issuedNumber ? <p className="notice" role="status">{`Certifikát č. ${d.issuedNumber} bol vydaný a študentovi sme poslali e-mail.`}</p> : null}
      <h2>Čakajú na registračné číslo ({d.pending.length})</h2>
      {d.pending.length === 0 ? (
        <p>Žiadny certifikát nečaká na vydanie.</p>
      ) : (
        <>
          <p className="muted">
            Pošlite údaje akreditačnému partnerovi a po pridelení zadajte jeho registračné číslo. Certifikát sa potom uloží a študent dostane e-mail s odkazom
            na overenie.
          </p>
          <ul className="enrollment-list">
            {d.pending.map((t) => (
              <li key={t.id} className="card">
                <h3>{t.certificateTitle}</h3>
                <dl className="facts">
                  <dt>Druh</dt>
                  <dd>{t.typeLabel}</dd>
                  <dt>Študent</dt>
                  <dd>
                    {t.student}
                    {t.studentEmail ? ` (${t.studentEmail})` : ""}
                  </dd>
                  <dt>Dátum narodenia</dt>
                  <dd>{t.birthDate ?? "neuvedený"}</dd>
                  <dt>Kurz</dt>
                  <dd>{t.courseTitle}</dd>
                  {t.levelTitle ? (
                    <>
                      <dt>Úroveň</dt>
                      <dd>{t.levelTitle}</dd>
                    </>
                  ) : null}
                  <dt>Partner</dt>
                  <dd>
                    {t.partnerName}
                    {t.accreditationNumber ? `, akreditácia ${t.accreditationNumber}` : ""}
                  </dd>
                  <dt>Od</dt>
                  <dd>{t.since}</dd>
                  <dt>Zápis</dt>
                  <dd>
                    <code>{t.enrollmentId}</code>
                  </dd>
                </dl>
                <IssueForm task={t} lastResult={actionData?.requestId === t.id ? actionData.result : undefined} />
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Naposledy vydané</h2>
      {d.recent.length === 0 ? (
        <p>Zatiaľ nebol vydaný žiadny certifikát.</p>
      ) : (
        <div className="table-scroll">
          <table className="orders-table">
            <caption className="visually-hidden">Naposledy vydané certifikáty</caption>
            <thead>
              <tr>
                <th scope="col">Číslo</th>
                <th scope="col">Študent</th>
                <th scope="col">Kurz</th>
                <th scope="col">Vydaný</th>
                <th scope="col">Zrušenie</th>
              </tr>
            </thead>
            <tbody>
              {d.recent.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.registrationNumber}
                    {c.revoked ? " (odvolaný)" : ""}
                  </td>
                  <td>{c.student}</td>
                  <td>
                    {c.courseTitle}
                    {c.levelTitle ? ` – ${c.levelTitle}` : ""}
                  </td>
                  <td>{c.issuedOn}</td>
                  <td>
                    {c.revoked ? (
                      <span>Zrušený: {c.revokedReason}</span>
                    ) : (
                      <RevokeForm certificate={c} lastResult={actionData?.requestId === `revoke-${c.id}` ? actionData.result : undefined} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to="/admin">Späť na prehľad</Link>
      </p>
    </>
  );
}
