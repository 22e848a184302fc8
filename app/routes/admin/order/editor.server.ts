// The admin order page's loader (order, payments, refunds, invoice, credit notes, enrollments,
// timeline) and its action (a dispute decision through resolveOrderDispute).
import { data, redirect } from "react-router";
import type { Route } from "../+types/order";
import { servicesContext } from "../../../context";
import { formRefusalOf, dispatchIntent, pageRoute, readForm } from "../../../lib/page.server";
import { requireRoleForPage, actorOf } from "../../../lib/auth.server";
import { parseForm } from "../../../lib/validation";
import { resolveOrderDispute, retryRefund } from "../../../lib/admin-orders.server";
import { disputeFormSchema } from "../../../lib/admin-dispute-form";
import { KEPT_FORM_NOTICE, keptForm, keptIdempotencyKey, requireRecentSignInForPage } from "../../../lib/step-up.server";
import { idempotencyRoute } from "#server/http/idempotency";
import { orderStateLabels } from "../../../lib/order-labels";
import {
  actorLabel as systemActorLabel,
  enrollmentStateLabels,
  paymentEventResultLabels,
  refundStateLabels,
  webhookResultLabels,
} from "../../../lib/admin-order-labels";
import { getAdminOrder, orderLabels } from "#server/orders";
import { holdsCourse } from "#server/enrollments";
import { eInvoicesForOrders } from "#server/einvoices";
import { cachedUserNames } from "#server/identity";
import { formatMoney } from "#server/money";
import { formatDate, formatDateTime } from "#shared/format";
import { DISPUTE_DECISIONS, DONE_MESSAGES, type TimelineItem } from "./forms";
import { recordTransferAction, transferSectionOf } from "./transfer.server";

export const editorLoader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const order = await getAdminOrder(context.get(servicesContext).db, params.orderId);
  // people's names beside their ids (docs/decisions/admin-ui/names-beside-ids-in-admin-lists.md > Names beside ids in admin lists)
  const names = await cachedUserNames(context.get(servicesContext).db, [...order.refunds.map((r) => r.requestedBy), ...order.auditLog.map((a) => a.actorId)]);
  const actorLabel = (id: string) => {
    const name = names.get(id)?.displayName;
    return name ? `${name} (${id})` : systemActorLabel(id);
  };
  const money = (cents: number) => formatMoney(cents, order.currency);
  const label = (await orderLabels(context.get(servicesContext).db, [order._id])).get(order._id);
  // the e-invoices of the order's documents and their delivery (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
  const eInvoices = await eInvoicesForOrders(context.get(servicesContext).db, [order._id]);

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

  const timeline: TimelineItem[] = [{ at: order.createdAt, what: "Objednávka vytvorená", detail: `${order.studentDisplayName} · ${money(order.amountCents)}` }];
  for (const e of order.webhookEvents) {
    const result = resultText(e._id);
    timeline.push({
      at: e.receivedAt,
      what: `Udalosť platobnej brány ${e.eventType}`,
      detail: [e.processingResult ? webhookResultLabels[e.processingResult] : webhookResultLabels.unprocessed, result, e.errorMessage]
        .filter(Boolean)
        .join(" · "),
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
  for (const n of order.creditNotes)
    timeline.push({ at: n.createdAt, what: `Dobropis ${n.number} vystavený`, detail: `k faktúre ${n.invoiceNumber} · −${money(n.amountCents)}` });
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

  // what a person must act on (docs/decisions/payments/a-refund-that-keeps-failing-reaches-a.md > A refund that keeps failing reaches a person)
  const attention: { kind: string; text: string; refundId?: string }[] = [];
  for (const r of order.refunds.filter((r) => r.state === "failed")) {
    attention.push({
      kind: "refund_failed",
      text: `Vrátenie ${money(r.amountCents)} zlyhalo — vyžaduje zásah. Platobná brána ho opakovane odmietla${r.failureReason ? ` (${r.failureReason})` : ""}.`,
      refundId: r._id,
    });
  }
  for (const p of order.payments.filter((p) => !p.amountMatches)) {
    attention.push({
      kind: "amount_mismatch",
      text: `Platba ${formatMoney(p.amountCents, p.currency)} (transakcia ${p.transactionId}) nezodpovedá sume objednávky ${money(order.amountCents)}: nezapočítala sa a celá sa vracia. Skontrolujte nastavenie platobnej brány.`,
    });
  }
  if (order.disputeOpen) {
    attention.push({
      kind: "dispute_open",
      text: "Platba je reklamovaná v banke (chargeback). Kým o reklamácii nerozhodnete, peniaze nevraciame: banka ich môže vrátiť sama a odišli by dvakrát.",
    });
  }
  if ((order.disputeOpen || order.disputeLostAt) && (order.refundedCents > 0 || order.pendingRefundCents > 0)) {
    attention.push({
      kind: "dispute_with_refund",
      text: `K reklamovanej platbe ${order.pendingRefundCents > 0 ? "prebieha" : "prebehla"} aj refundácia. Doložte ju banke, aby študent nedostal peniaze dvakrát.`,
    });
  }

  const done = new URL(request.url).searchParams.get("hotovo");
  const kept = await keptForm(request, context);
  const suspended = order.enrollments.filter((e) => holdsCourse(e) && e.suspendedAt !== null);
  return {
    done: done ? (DONE_MESSAGES[done] ?? null) : null,
    // paid by bank transfer: the payment request and the credits received (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer)
    transfer: await transferSectionOf(context.get(servicesContext).db, order._id, context.get(servicesContext).clock.now()),
    // an open dispute is decided, with or without a suspended enrollment (docs/decisions/payments/disputes-end.md > Disputes end)
    dispute: order.disputeOpen
      ? {
          suspendedCount: suspended.length,
          // back from signing in again: the reason as the admin typed it (never the decision itself)
          defaults: {
            reason: kept?.values.reason ?? "",
            idempotencyKey: keptIdempotencyKey(kept),
          },
          keptNotice: kept ? KEPT_FORM_NOTICE : null,
        }
      : null,
    id: order._id,
    number: label?.number ?? order._id,
    billingName: label?.billingName ?? order.studentDisplayName,
    courseTitle: order.courseTitle,
    courseId: order.courseId,
    student: order.studentDisplayName,
    studentId: order.studentId,
    studentEmail: order.studentEmail,
    sponsorOrgId: order.sponsorOrgId,
    seats: order.sponsorOrgId ? `kúpené ${order.seats} · priradené ${order.seatsAssigned} · vrátené ${order.seatsReturned} · voľné ${order.seatsFree}` : null,
    billingType: order.billingType === "company" ? "firma" : "fyzická osoba",
    state: order.state,
    stateLabel: orderStateLabels[order.state] ?? order.state,
    amount: money(order.amountCents),
    paid: money(order.paidCents),
    refunded: money(order.refundedCents),
    pendingRefund: order.pendingRefundCents > 0 ? money(order.pendingRefundCents) : null,
    refundable: order.refundableCents > 0 ? money(order.refundableCents) : null,
    chargedBack: order.chargedBackCents > 0 ? money(order.chargedBackCents) : null,
    attention,
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
      failureReason: r.failureReason,
    })),
    invoice: order.invoice ? { number: order.invoice.number, issueDate: formatDate(order.invoice.issueDate), url: order.invoice.pdfUrl } : null,
    eInvoices: eInvoices.map((e) => ({
      id: e.eInvoiceId,
      number: e.number,
      kindLabel: e.kind === "invoice" ? "E-faktúra" : "E-dobropis",
      state: e.state,
      stateLabel: e.stateLabel,
      url:
        e.kind === "invoice" ? `/api/admin/orders/${order._id}/invoice?format=xml` : `/api/admin/orders/${order._id}/credit-notes/${e.creditNoteId}?format=xml`,
      sha256: e.sha256,
      attempts: e.attempts,
      lastError: e.lastError,
      rejectionReason: e.rejectionReason,
      at: formatDateTime(e.deliveredAt ?? e.rejectedAt ?? e.sentAt ?? e.createdAt),
      fatal: e.findings.filter((f) => f.flag === "fatal").map((f) => ({ ruleId: f.ruleId, message: f.message, location: f.location ?? null })),
    })),
    creditNotes: order.creditNotes.map((n) => ({
      id: n._id,
      number: n.number,
      issueDate: formatDate(n.issueDate),
      amount: `−${money(n.amountCents)}`,
      url: n.pdfUrl,
    })),
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

export const editorAction = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "admin");
  const formData = await readForm(request);
  const { orderId } = params;
  const dispute = () => disputeAction(request, context, formData, orderId, user);
  // the page's forms by their intent (the dispute form's two buttons: restore, cancel); an unknown one is 400 bad_request
  return dispatchIntent<Promise<EditorAnswer>>(formData, {
    "retry-refund": () => retryRefundAction(request, context, formData, orderId, user),
    "record-transfer": () => recordTransferAction(context, formData, orderId, user),
    restore: dispute,
    cancel: dispute,
  });
});

/** What the page's forms answer (actionData): one of these. */
type EditorAnswer =
  Awaited<ReturnType<typeof disputeAction>> | Awaited<ReturnType<typeof retryRefundAction>> | Awaited<ReturnType<typeof recordTransferAction>>;

/** The admin's decision on a disputed payment: "Obnoviť prístup" (restore) or "Ukončiť prístup" (cancel). */
async function disputeAction(
  request: Request,
  context: Route.ActionArgs["context"],
  formData: FormData,
  orderId: string,
  user: ReturnType<typeof requireRoleForPage>["user"],
) {
  const submission = parseForm(formData, disputeFormSchema);
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 422 });
  // a sensitive action: a sign-in too old goes through the provider and back to this form
  await requireRecentSignInForPage(request, context, formData);
  const v = submission.value;
  const input = { outcome: v.intent, reason: v.reason };
  const resolved = await resolveOrderDispute(
    context.get(servicesContext),
    actorOf(context, user),
    { orderId, ...input },
    { route: idempotencyRoute(request), key: v.idempotencyKey, rawBody: input },
  );
  if (!resolved.ok) {
    // a refusal the admin can read (409: no longer disputed, decided meanwhile) comes back on the form
    const refusal = formRefusalOf(resolved.error);
    if (!refusal) throw resolved.error;
    return data({ reply: submission.reply({ formErrors: [refusal.message] }) }, { status: refusal.status });
  }
  return redirect(`/admin/objednavky/${orderId}?hotovo=${v.intent === "restore" ? "pristup-obnoveny" : "pristup-ukonceny"}`);
}

/** "Skúsiť vrátenie znova" on a failed refund (a sensitive action, like the refund itself). */
async function retryRefundAction(
  request: Request,
  context: Route.ActionArgs["context"],
  formData: FormData,
  orderId: string,
  user: ReturnType<typeof requireRoleForPage>["user"],
) {
  await requireRecentSignInForPage(request, context, formData);
  const refundId = String(formData.get("refundId") ?? "");
  const retried = await retryRefund(context.get(servicesContext), actorOf(context, user), { orderId, refundId });
  if (!retried.ok) {
    if (!formRefusalOf(retried.error)) throw retried.error;
    return data({ retryRefusal: retried.error.message }, { status: retried.error.status });
  }
  return redirect(`/admin/objednavky/${orderId}?hotovo=refundacia-znova`);
}
