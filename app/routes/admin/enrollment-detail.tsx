// /admin/zapisy/<enrollmentId> (role admin): one enrollment: who, which course version,
// state, reason, access; its actions (cancel, extend, reset test attempts, resync of the
// name and e-mail from the identity provider); its progress part by part as stored (with
// the completion records), the tests with every attempt (voided ones marked), and the
// audit rows about it. The same domain functions as GET/POST /api/admin/enrollments/<id>.
import { KEPT_FORM_NOTICE, keptForm, keptReply } from "../../lib/step-up.server";
import { Link } from "react-router";
import type { Route } from "./+types/enrollment-detail";
import authoringStyles from "../../admin-authoring.css?url";
import enrollmentStyles from "../../admin-enrollments.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { dateFieldOf } from "../../lib/admin-authoring.server";
import { enrollmentActions, enrollmentAdminOf, enrollmentDoneMessage } from "../../lib/admin-enrollments.server";
import { ENROLLMENT_REASON_LABELS, ENROLLMENT_STATE_LABELS, PART_STATE_LABELS, PLACEMENT_LABELS } from "../../lib/enrollment-forms";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { DoneStatus, type ActionReply } from "../../components/admin-authoring";
import { EnrollmentActionForms, ResyncForm } from "../../components/admin-enrollments";
import { getEnrollmentForAdmin } from "#server/admin";
import { listAudit } from "#server/audit";
import { formatDate, formatDateTime, formatDecimal } from "#shared/format";

const AUDIT_LABELS: Record<string, string> = {
  "enrollment.grant": "Zápis udelený",
  "enrollment.cancel": "Zápis zrušený",
  "enrollment.extend": "Prístup predĺžený",
  "enrollment.reset_test_attempts": "Pokusy o test zneplatnené",
  "enrollment.migrate": "Presun na inú verziu kurzu",
  "enrollment.resync": "Meno a e-mail aktualizované",
  "enrollment.dispute.restore": "Reklamácia platby: prístup obnovený",
  "enrollment.dispute.cancel": "Reklamácia platby: prístup ukončený",
};

async function keptFormState(args: Route.LoaderArgs) {
  const kept = keptReply(await keptForm(args.request, args.context));
  return { done: enrollmentDoneMessage(args.request) ?? (kept ? KEPT_FORM_NOTICE : null), kept };
}

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = enrollmentAdminOf(args);
  const e = await getEnrollmentForAdmin(services.db, args.params.enrollmentId);
  const audit = await listAudit(services.db, { targetType: "enrollment", targetId: e._id, limit: 50 });
  const testTitle = new Map(e.tests.map((t) => [t.testId, t.title]));
  return {
    // back from signing in again for a grant or a cancellation: that form filled in again
    ...(await keptFormState(args)),
    enrollment: {
      id: e._id,
      studentId: e.studentId,
      studentName: e.studentDisplayName,
      studentEmail: e.studentEmail,
      courseTitle: e.courseTitle,
      courseSlug: e.courseSlug,
      courseVersion: e.courseVersion,
      state: e.state,
      stateLabel: ENROLLMENT_STATE_LABELS[e.state],
      suspended: e.suspended,
      reasonLabel: ENROLLMENT_REASON_LABELS[e.reason],
      grantReason: e.grantReason,
      sponsorOrgId: e.sponsorOrgId,
      orderId: e.orderId,
      enrolledAt: formatDateTime(e.enrolledAt),
      accessExpiresAt: e.accessExpiresAt ? formatDateTime(e.accessExpiresAt) : "bez obmedzenia",
      accessExpiresOn: dateFieldOf(e.accessExpiresAt),
      cancelledAt: e.cancelledAt ? formatDateTime(e.cancelledAt) : null,
      cancelReason: e.cancelReason,
      completedAt: e.completedAt ? formatDateTime(e.completedAt) : null,
      progress: e.progress,
      lastActivityAt: e.progress.lastActivityAt ? formatDateTime(e.progress.lastActivityAt) : "zatiaľ žiadna",
      courseCompleted: e.courseCompleted,
    },
    parts: e.partProgress.map((p) => ({
      id: p.partId,
      title: p.partTitle ?? p.partId,
      state: p.state,
      stateLabel: PART_STATE_LABELS[p.state],
      blocks: p.blockProgress.length
        ? `dokončené ${p.blockProgress.filter((b) => b.state === "completed").length}, rozpracované ${p.blockProgress.filter((b) => b.state !== "completed").length}`
        : "–",
      startedAt: p.startedAt ? formatDateTime(p.startedAt) : "–",
      completedAt: p.completedAt ? formatDateTime(p.completedAt) : "–",
    })),
    moduleCount: e.moduleCompletions.length,
    levelCount: e.levelCompletions.length,
    tests: e.tests.map((t) => ({
      id: t.testId,
      title: t.title,
      placement: PLACEMENT_LABELS[t.placement],
      used: `${t.attemptsUsed} z ${t.maxAttempts}`,
      attempts: t.attempts.map((a) => ({
        id: a.attemptId,
        number: a.attemptNumber,
        result:
          a.state === "in_progress" ? "prebieha" : `${a.score === null ? "–" : `${formatDecimal(a.score * 100, 0)} %`}, ${a.passed ? "úspešný" : "neúspešný"}`,
        date: formatDateTime(a.submittedAt ?? a.startedAt),
        voided: a.voidedAt ? `zneplatnený ${formatDate(a.voidedAt)}${a.voidReason ? ` (${a.voidReason})` : ""}` : null,
      })),
    })),
    testOptions: e.tests.map((t) => ({ testId: t.testId, title: t.title, placement: t.placement })),
    audit: audit.map((a) => {
      const details = a.details ?? {};
      const testId = typeof details.testId === "string" ? details.testId : null;
      return {
        id: a.id,
        at: formatDateTime(a.createdAt),
        action: AUDIT_LABELS[a.action] ?? a.action,
        actorId: a.actorId,
        reason: a.reason,
        note: typeof details.note === "string" ? details.note : testId ? `test: ${testTitle.get(testId) ?? testId}` : null,
      };
    }),
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => enrollmentActions(args));

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authoringStyles },
  { rel: "stylesheet", href: enrollmentStyles },
];

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  { title: pageTitle(data ? `Zápis: ${data.enrollment.studentName}, ${data.enrollment.courseTitle}` : "Zápis") },
  { name: "robots", content: "noindex" },
];

export default function AdminEnrollmentDetail({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = (actionData ?? d.kept ?? undefined) as ActionReply;
  const e = d.enrollment;
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Zápisy", href: "/admin/zapisy" }, { label: e.studentName }]} />
      <h1>
        Zápis: {e.studentName}, {e.courseTitle}
      </h1>
      <DoneStatus message={d.done} />
      <dl className="facts read-only enrollment-facts">
        <div>
          <dt>Študent</dt>
          <dd>
            {e.studentName} ({e.studentEmail ?? "bez e-mailu"}), ID {e.studentId}
          </dd>
        </div>
        <div>
          <dt>Kurz</dt>
          <dd>
            <Link to={`/kurzy/${e.courseSlug}`}>{e.courseTitle}</Link>, verzia {e.courseVersion}
          </dd>
        </div>
        <div>
          <dt>Stav</dt>
          <dd>
            <span className={`state state-${e.state}`}>{e.stateLabel}</span>
            {e.suspended ? " (pozastavený pre reklamáciu platby)" : null}
            {e.cancelledAt ? ` ${e.cancelledAt}${e.cancelReason ? `: ${e.cancelReason}` : ""}` : null}
            {e.completedAt ? ` ${e.completedAt}` : null}
          </dd>
        </div>
        <div>
          <dt>Dôvod</dt>
          <dd>
            {e.reasonLabel}
            {e.grantReason ? `: ${e.grantReason}` : null}
            {e.sponsorOrgId ? `, organizácia ${e.sponsorOrgId}` : null}
            {e.orderId ? `, objednávka ${e.orderId}` : null}
          </dd>
        </div>
        <div>
          <dt>Zapísaný</dt>
          <dd>{e.enrolledAt}</dd>
        </div>
        <div>
          <dt>Prístup do</dt>
          <dd>{e.accessExpiresAt}</dd>
        </div>
        <div>
          <dt>Postup</dt>
          <dd>
            {e.progress.completedModules} z {e.progress.totalModules} modulov, {e.progress.completedLevels} z {e.progress.totalLevels} úrovní
            {e.courseCompleted ? ", kurz dokončený" : ""}
          </dd>
        </div>
        <div>
          <dt>Posledná aktivita</dt>
          <dd>{e.lastActivityAt}</dd>
        </div>
      </dl>

      <section aria-labelledby="akcie" className="card">
        <h2 id="akcie">Akcie</h2>
        <EnrollmentActionForms
          target={{ id: e.id, state: e.state, label: `${e.studentName}, ${e.courseTitle}`, accessExpiresOn: e.accessExpiresOn, tests: d.testOptions }}
          reply={reply}
          beforeCancel={<ResyncForm enrollmentId={e.id} reply={reply} />}
        />
      </section>

      <section aria-labelledby="postup">
        <h2 id="postup">Postup po častiach</h2>
        <p className="muted">
          Dokončené moduly: {d.moduleCount}, dokončené úrovne: {d.levelCount}.
        </p>
        {d.parts.length === 0 ? (
          <p>Zápis nemá žiadne záznamy o postupe.</p>
        ) : (
          <div className="table-scroll">
            <table className="course-versions">
              <caption className="visually-hidden">Postup po častiach</caption>
              <thead>
                <tr>
                  <th scope="col">Časť</th>
                  <th scope="col">Stav</th>
                  <th scope="col">Bloky</th>
                  <th scope="col">Začatá</th>
                  <th scope="col">Dokončená</th>
                </tr>
              </thead>
              <tbody>
                {d.parts.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">{p.title}</th>
                    <td>
                      <span className={`state state-${p.state}`}>{p.stateLabel}</span>
                    </td>
                    <td>{p.blocks}</td>
                    <td>{p.startedAt}</td>
                    <td>{p.completedAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="testy">
        <h2 id="testy">Testy a pokusy</h2>
        {d.tests.length === 0 ? (
          <p>Kurz nemá testy.</p>
        ) : (
          <ul className="enrollment-tests">
            {d.tests.map((t) => (
              <li key={t.id}>
                <h3>{t.title}</h3>
                <p className="muted">
                  {t.placement}, použité pokusy {t.used}
                </p>
                {t.attempts.length ? (
                  <ol>
                    {t.attempts.map((a) => (
                      <li key={a.id}>
                        Pokus {a.number}: {a.result}, {a.date}
                        {a.voided ? <strong> – {a.voided}</strong> : null}
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p>Bez pokusov.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="historia">
        <h2 id="historia">História zmien</h2>
        {d.audit.length === 0 ? (
          <p>Žiadne zmeny administrátorom.</p>
        ) : (
          <ul className="enrollment-audit">
            {d.audit.map((a) => (
              <li key={a.id}>
                {a.at}: {a.action} ({a.actorId}){a.reason ? `, dôvod: ${a.reason}` : ""}
                {a.note ? `, ${a.note}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
