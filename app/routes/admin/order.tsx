// /admin/objednavky/<id>: one order for admins: the facts, a timeline (created, payment
// events with what processing did, payment, invoice, refunds requested and settled, credit
// notes, enrollment cancelled), payments, refunds, documents (invoice and credit notes as
// PDF), the enrollments it made, the payment events and the order's audit log. "Vrátiť
// peniaze" leads to the refund form. A disputed order with a suspended enrollment shows the
// decision form ("Obnoviť prístup" / "Ukončiť prístup" with a reason); its action calls the
// same resolveOrderDispute as POST /api/admin/orders/<id>/dispute/resolve (docs/decisions/payments/disputes-end.md
// > Disputes end). Role admin in the loader and the action. Same domain call as GET
// /api/admin/orders/<id> (server/orders getAdminOrder).
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/order";
import styles from "../../admin-orders.css?url";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { Attention, DisputeForm, staleRefusal } from "./order/forms";
import { editorAction, editorLoader } from "./order/editor.server";
import { TransferSection } from "./order/transfer";
import { OrderDocuments } from "./order/documents";
export const loader = editorLoader;
export const action = editorAction;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Objednávka ${loaderData.number}: ${loaderData.courseTitle} (${loaderData.student})` : "Objednávka") },
  { name: "robots", content: "noindex" },
];

const PENDING_REFRESH_SECONDS = 10;

/** The form-level message of a refused decision, for when the form itself is gone. */

/**
 * A refund the gateway has not settled yet: with JavaScript the page's data is read again every
 * few seconds (no reload, nothing typed is lost); without it a link reloads the page. A timed
 * meta refresh would break WCAG 2.2.1 (axe: meta-refresh).
 */
function useRefreshWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, PENDING_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
}

export default function AdminOrder({ loaderData: o, actionData }: Route.ComponentProps) {
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  useRefreshWhilePending(Boolean(o.pendingRefund));
  return (
    <>
      <Breadcrumbs
        items={[{ label: "Administrácia", href: "/admin" }, { label: "Objednávky", href: "/admin/objednavky" }, { label: `Objednávka ${o.number}` }]}
      />
      <h1>
        Objednávka {o.number}: {o.courseTitle}
      </h1>
      <div role="status" className={o.done ? "notice done" : "visually-hidden"}>
        {o.done}
      </div>
      <Attention items={o.attention} refusal={actionData && "retryRefusal" in actionData ? actionData.retryRefusal : null} />

      <dl className="order-facts">
        <dt>Stav</dt>
        <dd>
          <span className="state">{o.stateLabel}</span>
        </dd>
        <dt>Študent</dt>
        <dd>
          {o.student} ({o.studentId}){o.studentEmail ? ` · ${o.studentEmail}` : ""}
        </dd>
        <dt>Suma</dt>
        <dd>{o.amount}</dd>
        <dt>Zaplatené</dt>
        <dd>{o.paidAt ? `${o.paid} · ${o.paidAt}` : "nie"}</dd>
        <dt>Vrátené</dt>
        <dd>
          {o.refunded}
          {o.pendingRefund ? ` (ďalších ${o.pendingRefund} čaká na vysporiadanie)` : ""}
          {o.chargedBack ? ` · ${o.chargedBack} vrátila banka (prehratá reklamácia)` : ""}
        </dd>
        <dt>Fakturácia</dt>
        <dd>
          {o.billingName} ({o.billingType}){o.sponsorOrgId ? ` · organizácia ${o.sponsorOrgId}` : ""}
        </dd>
        {o.seats ? (
          <>
            <dt>Miesta klubu</dt>
            <dd>{o.seats}</dd>
          </>
        ) : null}
        <dt>Vytvorená</dt>
        <dd>{o.createdAt}</dd>
        <dt>Číslo objednávky</dt>
        <dd>
          {o.number}{" "}
          <span className="muted">
            (ID <code>{o.id}</code>)
          </span>
        </dd>
      </dl>

      <div className="section-actions">
        {o.refundable ? (
          <Link className="button" to={`/admin/objednavky/${o.id}/refundacia`}>
            Vrátiť peniaze (najviac {o.refundable})
          </Link>
        ) : null}
        {o.pendingRefund ? (
          <p className="muted" role="status">
            Vrátenie peňazí čaká na platobnú bránu; stav sa obnovuje sám (so zapnutým JavaScriptom).{" "}
            <Link to={`/admin/objednavky/${o.id}`} reloadDocument>
              Obnoviť stav
            </Link>
          </p>
        ) : null}
        <Link className="button secondary" to={`/admin/audit?targetType=order&targetId=${o.id}`}>
          Celý audit objednávky
        </Link>
      </div>

      {o.dispute ? (
        <DisputeForm dispute={o.dispute} reply={reply} />
      ) : staleRefusal(reply) ? (
        // the decision was refused because the dispute is no longer open (decided meanwhile)
        <div className="alert" role="alert">
          <p>{staleRefusal(reply)}</p>
        </div>
      ) : null}

      {o.transfer ? (
        <TransferSection transfer={o.transfer} refusal={actionData && "transferRefusal" in actionData ? actionData.transferRefusal : null} />
      ) : null}

      <h2>Časová os</h2>
      <ol className="timeline">
        {o.timeline.map((t, i) => (
          <li key={`${t.at}-${i}`}>
            <time dateTime={t.at}>{t.atText}</time>
            <span className="what">{t.what}</span>
            {t.detail ? (
              <>
                <br />
                <span className="muted">{t.detail}</span>
              </>
            ) : null}
          </li>
        ))}
      </ol>

      <h2>Refundácie</h2>
      {o.refunds.length === 0 ? (
        <p>Žiadne refundácie.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Refundácie objednávky</caption>
            <thead>
              <tr>
                <th scope="col">Požiadané</th>
                <th scope="col" className="amount">
                  Suma
                </th>
                <th scope="col">Stav</th>
                <th scope="col">Dôvod</th>
                <th scope="col">Kto</th>
                <th scope="col">Odhad vysporiadania</th>
                <th scope="col">Vysporiadané</th>
                <th scope="col">Dobropis</th>
              </tr>
            </thead>
            <tbody>
              {o.refunds.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap">{r.requestedAt}</td>
                  <td className="amount">{r.amount}</td>
                  <td>
                    <span className="state">{r.stateLabel}</span>
                    {r.alsoCancelEnrollment ? (
                      <>
                        <br />
                        <span className="muted">so zrušením zápisu</span>
                      </>
                    ) : null}
                  </td>
                  <td className="wrap-anywhere">{r.reason}</td>
                  <td className="wrap-anywhere">{r.requestedBy}</td>
                  <td className="nowrap">{r.estimate}</td>
                  <td className="nowrap">{r.settledAt}</td>
                  <td className="nowrap">{r.creditNoteNumber ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <OrderDocuments o={o} />

      <h2>Platby</h2>
      {o.payments.length === 0 ? (
        <p>Žiadna platba.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Platby objednávky</caption>
            <thead>
              <tr>
                <th scope="col">Prijatá</th>
                <th scope="col" className="amount">
                  Suma
                </th>
                <th scope="col">Stav</th>
                <th scope="col">Spôsob</th>
                <th scope="col">Brána a transakcia</th>
              </tr>
            </thead>
            <tbody>
              {o.payments.map((p) => (
                <tr key={p.id}>
                  <td className="nowrap">{p.settledAt}</td>
                  <td className="amount">{p.amount}</td>
                  <td>{p.state}</td>
                  <td>{p.method || "—"}</td>
                  <td className="wrap-anywhere">
                    {p.gateway} · {p.transactionId}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Zápisy do kurzu</h2>
      {o.enrollments.length === 0 ? (
        <p>Objednávka nevytvorila žiadny zápis.</p>
      ) : (
        <ul>
          {o.enrollments.map((e) => (
            <li key={e.id}>
              {`Zápis ${e.stateLabel.toLowerCase()} · zapísaný ${e.enrolledAt}`}
              {e.cancelledAt ? ` · zrušený ${e.cancelledAt}` : ""}
              {e.suspended ? " · pozastavený (reklamácia platby)" : ""}
            </li>
          ))}
        </ul>
      )}

      <h2>Udalosti platobnej brány</h2>
      {o.events.length === 0 ? (
        <p>Žiadne udalosti.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Prijaté udalosti platobnej brány</caption>
            <thead>
              <tr>
                <th scope="col">Prijatá</th>
                <th scope="col">Typ</th>
                <th scope="col">Výsledok spracovania</th>
              </tr>
            </thead>
            <tbody>
              {o.events.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">
                    <Link to={`/admin/webhooky/${e.id}`} aria-label={`Udalosť ${e.eventId}`}>
                      {e.receivedAt}
                    </Link>
                  </td>
                  <td>{e.eventType}</td>
                  <td>
                    <span className={`result-${e.result}`}>{e.resultLabel}</span>
                    {e.outcome ? ` · ${e.outcome}` : ""}
                    {e.errorMessage ? ` · ${e.errorMessage}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Auditný záznam</h2>
      {o.audit.length === 0 ? (
        <p>Žiadne záznamy.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Auditný záznam objednávky, najnovšie prvé</caption>
            <thead>
              <tr>
                <th scope="col">Čas</th>
                <th scope="col">Kto</th>
                <th scope="col">Akcia</th>
                <th scope="col">Dôvod</th>
              </tr>
            </thead>
            <tbody>
              {o.audit.map((a) => (
                <tr key={a.id}>
                  <td className="nowrap">{a.at}</td>
                  <td className="wrap-anywhere">{a.actor}</td>
                  <td>{a.action}</td>
                  <td className="wrap-anywhere">{a.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
