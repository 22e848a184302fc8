// /ucet: the signed-in student's account page with their enrollments. Without a session
// it sends the browser to sign in and back here.
import { Link } from "react-router";
import type { Route } from "./+types/account";
import { servicesContext } from "../context";
import { requireUserForPage } from "../lib/auth.server";
import { holdsCourse, listStudentEnrollments } from "#server/enrollments";
import { listStudentOrders, orderLabels } from "#server/orders";
import { listStudentCertificates } from "#server/certificates";
import { creditNotesForOrders } from "#server/invoices";
import { eInvoicesForOrders } from "#server/einvoices";
import { orderStateLabels } from "../lib/order-labels";
import { hasRole } from "#server/identity";
import { administeredClubs } from "#server/clubs";
import { formatMoney } from "#server/money";
import { formatDate, formatDateLong } from "#shared/format";
import { plural } from "#shared/plural";
import { pageTitle } from "../site";
import { studyProgress } from "../lib/study-progress.server";
import { StudyProgress } from "../components/study-progress";

const stateLabels: Record<string, string> = {
  active: "Aktívny",
  completed: "Dokončený",
  cancelled: "Zrušený",
  expired: "Vypršaný",
};

const roleLabels: Record<string, string> = {
  student: "študent",
  instructor: "lektor",
  content_manager: "správca obsahu",
  admin: "administrátor",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireUserForPage(request, context);
  const { db } = context.get(servicesContext);
  const [enrollments, orders, certificates] = await Promise.all([
    listStudentEnrollments(db, user.id),
    listStudentOrders(db, user.id),
    listStudentCertificates(db, user.id),
  ]);
  // credit notes of refunded orders (docs/decisions/payments/refunds-and-credit-notes.md > Refunds and credit notes)
  const creditNotes = await creditNotesForOrders(
    db,
    orders.map((o) => o._id),
  );
  // e-invoices (UBL) of company orders' documents (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  const eInvoices = await eInvoicesForOrders(
    db,
    orders.map((o) => o._id),
  );
  const labels = await orderLabels(
    db,
    orders.map((o) => o._id),
  );
  // the clubs the person administers, each with its page (docs/decisions/clubs/club-seats.md > Club seats)
  const clubs = await administeredClubs(context.get(servicesContext), user);
  return {
    clubs: clubs.map((c) => ({ orgId: c.orgId, label: `${c.role === "club_admin" ? "Správca klubu" : "Výkonný riaditeľ"} ${c.name}` })),
    person: { displayName: user.displayName, email: user.email, roles: user.roles },
    certificateCount: certificates.length,
    canAdminister: hasRole(user.roles, "content_manager") || hasRole(user.roles, "admin"),
    enrollments: await Promise.all(
      enrollments.map(async (e) => ({
        id: e._id,
        courseTitle: e.courseTitle,
        courseSlug: e.courseSlug,
        state: e.state,
        enrolledAt: formatDateLong(e.enrolledAt),
        // the one progress measure, for a course the student may learn
        holds: holdsCourse(e),
        progress: holdsCourse(e) ? await studyProgress(context, user.id, e.courseSlug) : null,
      })),
    ),
    orders: orders.map((o) => ({
      id: o._id,
      number: labels.get(o._id)?.number ?? "",
      courseTitle: o.courseTitle,
      createdAt: formatDate(o.createdAt),
      amount: formatMoney(o.amountCents, o.currency),
      state: o.state,
      stateLabel: orderStateLabels[o.state] ?? o.state,
      invoiceUrl: o.invoiceUrl,
      eInvoiceUrl: eInvoices.some((e) => e.orderId === o._id && e.kind === "invoice") ? `/api/orders/${o._id}/invoice?format=xml` : null,
      creditNotes: creditNotes
        .filter((n) => n.orderId === o._id)
        .map((n) => ({
          number: n.number,
          url: `/api/orders/${o._id}/credit-notes/${n.creditNoteId}`,
          eInvoiceUrl: eInvoices.some((e) => e.creditNoteId === n.creditNoteId) ? `/api/orders/${o._id}/credit-notes/${n.creditNoteId}?format=xml` : null,
        })),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Môj účet") }, { name: "robots", content: "noindex" }];

export default function Account({ loaderData }: Route.ComponentProps) {
  const { person, enrollments } = loaderData;
  return (
    <section className="narrow">
      <h1>Môj účet</h1>
      <p>
        <strong>{person.displayName}</strong>
        {person.email ? <span className="muted"> · {person.email}</span> : null}
      </p>
      <p className="muted">Roly: {person.roles.map((r) => roleLabels[r] ?? r).join(", ")}</p>
      {loaderData.clubs.map((c) => (
        <p key={c.orgId}>
          {c.label} · <Link to={`/klub/${encodeURIComponent(c.orgId)}`}>Stránka klubu</Link>
        </p>
      ))}
      {loaderData.canAdminister ? (
        <p>
          <Link className="button secondary" to="/admin">
            Administrácia
          </Link>
        </p>
      ) : null}

      <h2>Moje kurzy</h2>
      {enrollments.length === 0 ? (
        <div className="notice">
          <p>Zatiaľ nemáte žiadne kurzy.</p>
          <p>
            <Link to="/">Prezrite si katalóg kurzov</Link>
          </p>
        </div>
      ) : (
        <ul className="enrollment-list">
          {enrollments.map((e) => (
            <li key={e.id} className="card">
              <h3>
                <Link to={`/kurzy/${e.courseSlug}`}>{e.courseTitle}</Link>
              </h3>
              <p className="muted">
                {stateLabels[e.state] ?? e.state} · zapísaný {e.enrolledAt}
              </p>
              {e.progress && e.progress.total > 0 ? <StudyProgress className="course-progress" id={`progress-${e.id}`} progress={e.progress} /> : null}
              {e.holds ? (
                <p>
                  <Link
                    className="button"
                    to={`/kurzy/${e.courseSlug}/studium`}
                    aria-label={`${e.state === "completed" ? "Prejsť na kurz" : "Pokračovať"}: ${e.courseTitle}`}
                  >
                    {e.state === "completed" ? "Prejsť na kurz" : "Pokračovať"}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h2>Certifikáty</h2>
      <p>
        {loaderData.certificateCount > 0
          ? `Máte ${loaderData.certificateCount} ${plural(loaderData.certificateCount, "certifikát", "certifikáty", "certifikátov")}.`
          : "Certifikát získate po dokončení kurzu."}{" "}
        <Link to="/ucet/certifikaty">Moje certifikáty</Link>
      </p>

      <h2>Objednávky</h2>
      {loaderData.orders.length === 0 ? (
        <p className="muted">Zatiaľ ste si nič neobjednali.</p>
      ) : (
        <table className="orders-table stack-on-phone">
          <caption className="visually-hidden">Vaše objednávky, od najnovšej</caption>
          <thead>
            <tr>
              <th scope="col">Číslo</th>
              <th scope="col">Kurz</th>
              <th scope="col">Dátum</th>
              <th scope="col">Suma</th>
              <th scope="col">Stav</th>
              <th scope="col">Faktúra</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.orders.map((o) => (
              <tr key={o.id}>
                <td data-label="Číslo" className="nowrap">
                  {o.number}
                </td>
                <td data-label="Kurz">
                  <Link to={`/objednavky/${o.id}/return`}>{o.courseTitle}</Link>
                </td>
                <td data-label="Dátum">{o.createdAt}</td>
                <td data-label="Suma" className="money">
                  {o.amount}
                </td>
                <td data-label="Stav">{o.stateLabel}</td>
                <td data-label="Faktúra">
                  {o.invoiceUrl ? <a href={o.invoiceUrl}>Faktúra (PDF)</a> : "—"}
                  {o.eInvoiceUrl ? (
                    <>
                      <br />
                      <a href={o.eInvoiceUrl}>E-faktúra (XML)</a>
                    </>
                  ) : null}
                  {o.creditNotes.map((n) => (
                    <span key={n.number}>
                      <br />
                      <a href={n.url}>{`Dobropis ${n.number} (PDF)`}</a>
                      {n.eInvoiceUrl ? (
                        <>
                          <br />
                          <a href={n.eInvoiceUrl}>{`E-dobropis ${n.number} (XML)`}</a>
                        </>
                      ) : null}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
