// /admin/objednavky/<id>: one order for admins: the facts, a timeline (created, payment
// events with what processing did, payment, invoice, refunds requested and settled, credit
// notes, enrollment cancelled), payments, refunds, documents (invoice and credit notes as
// PDF), the enrollments it made, the payment events and the order's audit log. "Vrátiť
// peniaze" leads to the refund form. A disputed order with a suspended enrollment shows the
// decision form ("Obnoviť prístup" / "Ukončiť prístup" with a reason); its action calls the
// same resolveOrderDispute as POST /api/admin/orders/<id>/dispute/resolve (docs/decisions.md
// > Disputes end). Role admin in the loader and the action. Same domain call as GET
// /api/admin/orders/<id> (server/orders getAdminOrder).
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { data, Form, Link, redirect } from "react-router";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { Route } from "./+types/order";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { pageRoute, readForm } from "../../lib/page.server";
import { requireRoleForPage, actorOf } from "../../lib/auth.server";
import { parseForm } from "../../lib/validation";
import { resolveOrderDispute } from "../../lib/admin-orders.server";
import { disputeFormSchema } from "../../lib/admin-dispute-form";
import { KEPT_FORM_NOTICE, keptForm, requireRecentSignInForPage } from "../../lib/step-up.server";
import { FormErrors, SubmitButton, TextField } from "../../components/forms";
import { DomainError } from "#server/http/errors";
import { idempotencyRoute } from "#server/http/idempotency";
import { orderStateLabels } from "../../lib/order-labels";
import {
  actorLabel, enrollmentStateLabels, paymentEventResultLabels, refundStateLabels, webhookResultLabels,
} from "../../lib/admin-order-labels";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { getAdminOrder } from "#server/orders";
import { formatDate, formatDateTime, formatMoney } from "#server/money";

type TimelineItem = { at: string; what: string; detail?: string };

const DONE_MESSAGES: Record<string, string> = {
  refundacia: "Refundácia bola odoslaná platobnej bráne. Dokončí sa, keď brána potvrdí vrátenie peňazí.",
  "pristup-obnoveny": "Prístup ku kurzu je obnovený a objednávka je znova zaplatená. Študentovi odchádza e-mail.",
  "pristup-ukonceny": "Prístup ku kurzu je ukončený (zápis zrušený). Študentovi odchádza e-mail.",
};

/** The order's audit rows of dispute decisions, as timeline entries. */
const DISPUTE_DECISIONS: Record<string, string> = {
  "order.dispute.restore": "Reklamácia rozhodnutá: prístup obnovený",
  "order.dispute.cancel": "Reklamácia rozhodnutá: prístup ukončený",
};

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const order = await getAdminOrder(context.get(servicesContext).db, params.orderId);
  const money = (cents: number) => formatMoney(cents, order.currency);

  // the result the receiver recorded for each payment event (its audit row)
  const eventResults = new Map<string, string>();
  for (const row of order.auditLog) {
    const id = row.details?.webhookEventId;
    if (typeof id === "string" && typeof row.details?.result === "string") eventResults.set(id, row.details.result);
  }
  const resultText = (id: string) => {
    const result = eventResults.get(id);
    return result ? (paymentEventResultLabels[result] ?? result) : null;
  };

  const timeline: TimelineItem[] = [
    { at: order.createdAt, what: "Objednávka vytvorená", detail: `${order.studentDisplayName} · ${money(order.amountCents)}` },
  ];
  for (const e of order.webhookEvents) {
    const result = resultText(e._id);
    timeline.push({
      at: e.receivedAt,
      what: `Udalosť platobnej brány ${e.eventType}`,
      detail: [e.processingResult ? webhookResultLabels[e.processingResult] : webhookResultLabels.unprocessed, result, e.errorMessage].filter(Boolean).join(" · "),
    });
  }
  for (const p of order.payments) {
    timeline.push({
      at: p.settledAt ?? p.createdAt,
      what: `Platba prijatá: ${formatMoney(p.amountCents, p.currency)}`,
      detail: [p.method, p.cardBrand, p.cardLast4 ? `•••• ${p.cardLast4}` : null, `transakcia ${p.transactionId}`].filter(Boolean).join(" · "),
    });
  }
  if (order.invoice) timeline.push({ at: order.invoice.createdAt, what: `Faktúra ${order.invoice.number} vystavená` });
  for (const r of order.refunds) {
    timeline.push({ at: r.createdAt, what: `Refundácia požadovaná: ${money(r.amountCents)}`, detail: `${actorLabel(r.requestedBy)} · ${r.reason}` });
    if (r.settledAt && r.state === "completed") timeline.push({ at: r.settledAt, what: `Refundácia dokončená: ${money(r.amountCents)}` });
  }
  for (const n of order.creditNotes) timeline.push({ at: n.createdAt, what: `Dobropis ${n.number} vystavený`, detail: `k faktúre ${n.invoiceNumber} · −${money(n.amountCents)}` });
  for (const e of order.enrollments) {
    if (e.cancelledAt) {
      const detail = e.cancelReason === "refund" ? "po refundácii" : e.cancelReason === "dispute" ? "po reklamácii platby" : (e.cancelReason ?? undefined);
      timeline.push({ at: e.cancelledAt, what: "Zápis do kurzu zrušený", detail });
    }
    if (e.suspendedAt) timeline.push({ at: e.suspendedAt, what: "Zápis pozastavený pre reklamáciu platby" });
  }
  for (const a of order.auditLog) {
    const what = DISPUTE_DECISIONS[a.action];
    if (what) timeline.push({ at: a.createdAt, what, detail: [actorLabel(a.actorId), a.reason].filter(Boolean).join(" · ") });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  const done = new URL(request.url).searchParams.get("hotovo");
  const kept = await keptForm(request, context);
  const suspended = order.enrollments.filter((e) => e.state === "active" && e.suspendedAt !== null);
  return {
    done: done ? (DONE_MESSAGES[done] ?? null) : null,
    // only a disputed order with a suspended enrollment is decided (docs/decisions.md > Disputes end)
    dispute:
      order.state === "disputed" && suspended.length > 0
        ? {
            suspendedCount: suspended.length,
            // back from signing in again: the reason as the admin typed it (never the decision itself)
            defaults: {
              reason: kept?.values.reason ?? "",
              idempotencyKey: /^[0-9a-f-]{36}$/.test(kept?.values.idempotencyKey ?? "") ? kept!.values.idempotencyKey : randomUUID(),
            },
            keptNotice: kept ? KEPT_FORM_NOTICE : null,
          }
        : null,
    id: order._id,
    courseTitle: order.courseTitle,
    courseId: order.courseId,
    student: order.studentDisplayName,
    studentId: order.studentId,
    studentEmail: order.studentEmail,
    sponsorOrgId: order.sponsorOrgId,
    billingType: order.billingType === "company" ? "firma" : "fyzická osoba",
    state: order.state,
    stateLabel: orderStateLabels[order.state] ?? order.state,
    amount: money(order.amountCents),
    paid: money(order.paidCents),
    refunded: money(order.refundedCents),
    pendingRefund: order.pendingRefundCents > 0 ? money(order.pendingRefundCents) : null,
    refundable: order.refundableCents > 0 ? money(order.refundableCents) : null,
    createdAt: formatDateTime(order.createdAt),
    paidAt: order.paidAt ? formatDateTime(order.paidAt) : null,
    timeline: timeline.map((t) => ({ ...t, atText: formatDateTime(t.at) })),
    payments: order.payments.map((p) => ({
      id: p._id,
      amount: formatMoney(p.amountCents, p.currency),
      state: p.state === "completed" ? "Prijatá" : p.state,
      method: [p.method, p.cardBrand, p.cardLast4 ? `•••• ${p.cardLast4}` : null].filter(Boolean).join(" · "),
      gateway: p.gateway,
      transactionId: p.transactionId,
      settledAt: p.settledAt ? formatDateTime(p.settledAt) : "—",
    })),
    refunds: order.refunds.map((r) => ({
      id: r._id,
      amount: money(r.amountCents),
      state: r.state,
      stateLabel: refundStateLabels[r.state] ?? r.state,
      reason: r.reason,
      requestedBy: actorLabel(r.requestedBy),
      requestedAt: formatDateTime(r.createdAt),
      estimate: r.estimatedSettlementDate ? formatDate(r.estimatedSettlementDate) : "—",
      settledAt: r.settledAt ? formatDateTime(r.settledAt) : "—",
      alsoCancelEnrollment: r.alsoCancelEnrollment,
      creditNoteNumber: r.creditNoteNumber,
    })),
    invoice: order.invoice ? { number: order.invoice.number, issueDate: formatDate(order.invoice.issueDate), url: order.invoice.pdfUrl } : null,
    creditNotes: order.creditNotes.map((n) => ({ id: n._id, number: n.number, issueDate: formatDate(n.issueDate), amount: `−${money(n.amountCents)}`, url: n.pdfUrl })),
    enrollments: order.enrollments.map((e) => ({
      id: e._id,
      stateLabel: enrollmentStateLabels[e.state] ?? e.state,
      enrolledAt: formatDateTime(e.enrolledAt),
      cancelledAt: e.cancelledAt ? formatDateTime(e.cancelledAt) : null,
      suspended: e.suspendedAt !== null,
    })),
    events: order.webhookEvents.map((e) => ({
      id: e._id,
      eventId: e.eventId,
      eventType: e.eventType,
      receivedAt: formatDateTime(e.receivedAt),
      result: e.processingResult ?? "unprocessed",
      resultLabel: webhookResultLabels[e.processingResult ?? "unprocessed"],
      outcome: resultText(e._id),
      errorMessage: e.errorMessage,
    })),
    audit: order.auditLog.map((a) => ({
      id: a._id,
      at: formatDateTime(a.createdAt),
      actor: actorLabel(a.actorId),
      action: a.action,
      reason: a.reason,
    })),
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "admin");
  const services = context.get(servicesContext);
  const formData = await readForm(request);
  const submission = parseForm(formData, disputeFormSchema);
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 422 });
  // a sensitive action: a sign-in too old goes through the provider and back to this form
  await requireRecentSignInForPage(request, context, formData);
  const v = submission.value;
  const input = { outcome: v.intent, reason: v.reason };
  try {
    await resolveOrderDispute(
      services,
      actorOf(context, user),
      { orderId: params.orderId, ...input },
      { route: idempotencyRoute(request), key: v.idempotencyKey, rawBody: input },
    );
  } catch (e) {
    // a refusal the admin can read (409: no longer disputed, decided meanwhile) comes back on the form
    if (e instanceof DomainError && e.code !== "not_found" && e.code !== "forbidden" && e.code !== "unauthorized") {
      return data({ reply: submission.reply({ formErrors: [e.message] }) }, { status: e.status });
    }
    throw e;
  }
  return redirect(`/admin/objednavky/${params.orderId}?hotovo=${v.intent === "restore" ? "pristup-obnoveny" : "pristup-ukonceny"}`);
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Objednávka: ${loaderData.courseTitle} (${loaderData.student})` : "Objednávka") },
  { name: "robots", content: "noindex" },
];

/** The form-level message of a refused decision, for when the form itself is gone. */
function staleRefusal(reply: unknown): string | null {
  const errors = (reply as { error?: Record<string, string[] | null> } | undefined)?.error?.[""];
  return errors?.[0] ?? null;
}

function DisputeForm({ dispute, reply }: { dispute: NonNullable<Route.ComponentProps["loaderData"]["dispute"]>; reply: unknown }) {
  const [form, fields] = useForm<z.input<typeof disputeFormSchema>, z.output<typeof disputeFormSchema>>({
    id: "dispute",
    lastResult: reply as never,
    defaultValue: dispute.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, disputeFormSchema),
  });
  return (
    <section aria-labelledby="reklamacia" className="card dispute-decision">
      <h2 id="reklamacia">Reklamácia platby</h2>
      {dispute.keptNotice ? <p className="notice" role="status">{dispute.keptNotice}</p> : null}
      <p>
        Banka študenta platbu reklamovala a {dispute.suspendedCount === 1 ? "jeho zápis je pozastavený" : `${dispute.suspendedCount} zápisy sú pozastavené`}.
        Keď banka rozhodne, zvoľte výsledok: <strong>Obnoviť prístup</strong>, ak reklamácia dopadla v náš prospech (zápis bude znova aktívny a objednávka
        zaplatená), alebo <strong>Ukončiť prístup</strong>, ak peniaze banka vrátila (zápis sa zruší, objednávka zostane reklamovaná).
      </p>
      <Form method="post" {...getFormProps(form)} className="refund-form">
        <FormErrors meta={form} />
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
        <TextField meta={fields.reason} label="Dôvod rozhodnutia" description="Uloží sa do auditného záznamu a študent ho dostane v e-maile." multiline rows={3} />
        <div className="section-actions">
          <SubmitButton intent="restore" pendingLabel="Obnovuje sa…">Obnoviť prístup</SubmitButton>
          <SubmitButton intent="cancel" variant="danger" pendingLabel="Ukončuje sa…">Ukončiť prístup</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export default function AdminOrder({ loaderData: o, actionData }: Route.ComponentProps) {
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Objednávky", href: "/admin/objednavky" }, { label: "Objednávka" }]} />
      <h1>Objednávka: {o.courseTitle}</h1>
      <div role="status" className={o.done ? "notice done" : "visually-hidden"}>{o.done}</div>

      <dl className="order-facts">
        <dt>Stav</dt>
        <dd><span className="state">{o.stateLabel}</span></dd>
        <dt>Študent</dt>
        <dd>{o.student} ({o.studentId}){o.studentEmail ? ` · ${o.studentEmail}` : ""}</dd>
        <dt>Suma</dt>
        <dd>{o.amount}</dd>
        <dt>Zaplatené</dt>
        <dd>{o.paidAt ? `${o.paid} · ${o.paidAt}` : "nie"}</dd>
        <dt>Vrátené</dt>
        <dd>{o.refunded}{o.pendingRefund ? ` (ďalších ${o.pendingRefund} čaká na vysporiadanie)` : ""}</dd>
        <dt>Fakturácia</dt>
        <dd>{o.billingType}{o.sponsorOrgId ? ` · organizácia ${o.sponsorOrgId}` : ""}</dd>
        <dt>Vytvorená</dt>
        <dd>{o.createdAt}</dd>
        <dt>Číslo objednávky</dt>
        <dd><code>{o.id}</code></dd>
      </dl>

      <div className="section-actions">
        {o.refundable ? (
          <Link className="button" to={`/admin/objednavky/${o.id}/refundacia`}>Vrátiť peniaze (najviac {o.refundable})</Link>
        ) : null}
        <Link className="button secondary" to={`/admin/objednavky/${o.id}`}>Obnoviť stav</Link>
        <Link className="button secondary" to={`/admin/audit?targetType=order&targetId=${o.id}`}>Celý audit objednávky</Link>
      </div>

      {o.dispute ? (
        <DisputeForm dispute={o.dispute} reply={reply} />
      ) : staleRefusal(reply) ? (
        // the decision was refused because the dispute is no longer open (decided meanwhile)
        <div className="alert" role="alert"><p>{staleRefusal(reply)}</p></div>
      ) : null}

      <h2>Časová os</h2>
      <ol className="timeline">
        {o.timeline.map((t, i) => (
          <li key={`${t.at}-${i}`}>
            <time dateTime={t.at}>{t.atText}</time>
            <span className="what">{t.what}</span>
            {t.detail ? <><br /><span className="muted">{t.detail}</span></> : null}
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
                <th scope="col" className="amount">Suma</th>
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
                    {r.alsoCancelEnrollment ? <><br /><span className="muted">so zrušením zápisu</span></> : null}
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

      <h2>Doklady</h2>
      {!o.invoice && o.creditNotes.length === 0 ? (
        <p>Objednávka zatiaľ nemá faktúru.</p>
      ) : (
        <ul>
          {o.invoice ? (
            <li>
              <a href={o.invoice.url}>Faktúra {o.invoice.number} (PDF)</a> <span className="muted">vystavená {o.invoice.issueDate}</span>
            </li>
          ) : null}
          {o.creditNotes.map((n) => (
            <li key={n.id}>
              <a href={n.url}>Dobropis {n.number} (PDF)</a> <span className="muted">vystavený {n.issueDate} · {n.amount}</span>
            </li>
          ))}
        </ul>
      )}

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
                <th scope="col" className="amount">Suma</th>
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
                  <td className="wrap-anywhere">{p.gateway} · {p.transactionId}</td>
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
                  <td className="nowrap"><Link to={`/admin/webhooky/${e.id}`} aria-label={`Udalosť ${e.eventId}`}>{e.receivedAt}</Link></td>
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
