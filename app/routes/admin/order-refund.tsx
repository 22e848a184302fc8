// /admin/objednavky/<id>/refundacia: the refund form with a confirmation step, without
// JavaScript too. Step 1 (intent=review): amount in euros (at most what is left to refund),
// reason, whether the enrollment ends when the refund completes; the server checks it and
// answers the confirmation. Step 2 (intent=confirm) starts the refund exactly as POST
// /api/admin/orders/<id>/refund does (app/lib/admin-orders.server.ts refundOrder, with the
// hidden Idempotency-Key the loader made, so a double click is one refund) and goes back
// to the order; "Späť na úpravu" (intent=edit) returns to the form with its values. Role admin.
// The refund is a sensitive action: a sign-in older than STEP_UP_MAX_AGE_SEC sends the admin
// through the provider and back to this form with what they typed (app/lib/step-up.server.ts).
import { data, Form, Link, redirect } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { Route } from "./+types/order-refund";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { formRefusalOf, pageRoute, readForm } from "../../lib/page.server";
import { requireRoleForPage, actorOf } from "../../lib/auth.server";
import { parseForm } from "../../lib/validation";
import { refundOrder } from "../../lib/admin-orders.server";
import { refundFormSchema } from "../../lib/admin-refund-form";
import { KEPT_FORM_NOTICE, keptForm, keptIdempotencyKey, requireRecentSignInForPage } from "../../lib/step-up.server";
import { euroTextFromCents } from "../../lib/admin-order-labels";
import { orderStateLabels } from "../../lib/order-labels";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { CheckboxField, FormErrors, SubmitButton, TextField, useSchemaForm } from "../../components/forms";
import { pageTitle } from "../../site";
import { idempotencyRoute } from "#server/http/idempotency";
import { DomainError } from "#server/kernel/errors";
import { holdsCourse } from "#server/enrollments";
import { getAdminOrder } from "#server/orders";
import { countValidCertificates } from "#server/certificates";
import { formatMoney } from "#server/money";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const order = await getAdminOrder(context.get(servicesContext).db, params.orderId);
  const money = (cents: number) => formatMoney(cents, order.currency);
  // back from signing in again: the form as the admin sent it (never the refund itself)
  const kept = await keptForm(request, context);
  return {
    id: order._id,
    courseTitle: order.courseTitle,
    student: `${order.studentDisplayName} (${order.studentId})`,
    state: order.state,
    stateLabel: orderStateLabels[order.state] ?? order.state,
    amount: money(order.amountCents),
    paid: money(order.paidCents),
    refunded: money(order.refundedCents),
    pendingRefund: order.pendingRefundCents > 0 ? money(order.pendingRefundCents) : null,
    refundable: order.refundableCents > 0 ? money(order.refundableCents) : null,
    invoiced: order.invoice !== null,
    // a club order: its unassigned seats may go back (docs/decisions/clubs/club-seats.md > Club seats)
    seatsFree: order.sponsorOrgId ? order.seatsFree : null,
    // docs/decisions/payments/money-back-ends-what-it-paid-for.md > Money back ends what it paid for: completed enrollments end too
    hasEnrollmentWithAccess: order.enrollments.some(holdsCourse),
    certificateCount: await countValidCertificates(
      context.get(servicesContext).db,
      order.enrollments.map((e) => e._id),
    ),
    defaults: kept
      ? {
          amount: kept.values.amount ?? euroTextFromCents(order.refundableCents),
          reason: kept.values.reason ?? "",
          alsoCancelEnrollment: kept.values.alsoCancelEnrollment === "on" ? "on" : undefined,
          // the key of the refund that was not sent yet: sending the form twice is still one refund
          idempotencyKey: keptIdempotencyKey(kept),
        }
      : { amount: euroTextFromCents(order.refundableCents), reason: "", idempotencyKey: keptIdempotencyKey(null) },
    keptNotice: kept ? KEPT_FORM_NOTICE : null,
  };
});

type Confirmation = {
  step: "confirm";
  amountText: string;
  amount: string;
  reason: string;
  alsoCancelEnrollment: boolean;
  seats: number | null;
  idempotencyKey: string;
};

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "admin");
  const services = context.get(servicesContext);
  const formData = await readForm(request);
  const submission = parseForm(formData, refundFormSchema);
  if (submission.status !== "success") return data({ step: "form" as const, reply: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (v.intent === "edit") return { step: "form" as const, reply: submission.reply() };

  const order = await getAdminOrder(services.db, params.orderId);
  if (v.seats) v.amount = v.seats * Math.round(order.amountCents / order.seats);
  if (order.refundableCents === 0) {
    const message = order.paidCents === 0 ? new DomainError("order_not_paid").message : "Z tejto objednávky už nie je čo vrátiť.";
    return data({ step: "form" as const, reply: submission.reply({ formErrors: [message] }) }, { status: order.paidCents === 0 ? 409 : 422 });
  }
  if (v.amount > order.refundableCents) {
    const message = `Najviac možno vrátiť ${formatMoney(order.refundableCents, order.currency)}.`;
    return data({ step: "form" as const, reply: submission.reply({ fieldErrors: { amount: [message] } }) }, { status: 422 });
  }

  // a sensitive action: a sign-in too old goes through the provider and back to this form,
  // already at the review (no confirmation is shown that would bounce) and again at the confirm
  await requireRecentSignInForPage(request, context, formData);

  if (v.intent === "review") {
    const confirmation: Confirmation = {
      step: "confirm",
      amountText: euroTextFromCents(v.amount),
      amount: formatMoney(v.amount, order.currency),
      reason: v.reason,
      alsoCancelEnrollment: v.alsoCancelEnrollment,
      seats: v.seats ?? null,
      idempotencyKey: v.idempotencyKey,
    };
    return confirmation;
  }

  const input = { amount: v.amount, reason: v.reason, alsoCancelEnrollment: v.alsoCancelEnrollment, ...(v.seats ? { seats: v.seats } : {}) };
  const refunded = await refundOrder(
    services,
    actorOf(context, user),
    { orderId: order._id, ...input },
    { route: idempotencyRoute(request), key: v.idempotencyKey, rawBody: input },
  );
  if (!refunded.ok) {
    // refusals the admin can act on go back to the form, which keeps its values
    const refusal = formRefusalOf(refunded.error);
    if (!refusal) throw refunded.error;
    const reply =
      refusal.code === "refund_exceeds_remaining"
        ? submission.reply({ fieldErrors: { amount: [refusal.message] } })
        : submission.reply({ formErrors: [refusal.message] });
    return data({ step: "form" as const, reply }, { status: refusal.status });
  }
  return redirect(`/admin/objednavky/${order._id}?hotovo=refundacia`);
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Vrátiť peniaze: ${loaderData.courseTitle}` : "Vrátiť peniaze") },
  { name: "robots", content: "noindex" },
];

function RefundForm({ o, reply }: { o: Route.ComponentProps["loaderData"]; reply: unknown }) {
  const [form, fields] = useSchemaForm(refundFormSchema, { id: "refund", lastResult: reply as never, defaultValue: o.defaults });
  return (
    <Form method="post" {...getFormProps(form)} className="refund-form">
      <FormErrors meta={form} />
      <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
      <TextField meta={fields.amount} label="Suma na vrátenie (€)" description={`Najviac ${o.refundable}. Napríklad 12,50.`} />
      {o.seatsFree ? (
        <TextField
          meta={fields.seats}
          label="Vrátiť nepriradené miesta klubu (nepovinné)"
          type="number"
          description={`Voľných miest: ${o.seatsFree}. Vyplnené: suma = počet miest × cena miesta.`}
        />
      ) : null}
      <TextField meta={fields.reason} label="Dôvod refundácie" description="Uloží sa do auditného záznamu a vytlačí na dobropis." multiline rows={3} />
      <CheckboxField
        meta={fields.alsoCancelEnrollment}
        label="Po dokončení refundácie zrušiť študentovi zápis do kurzu"
        description={
          o.hasEnrollmentWithAccess
            ? `Študent stratí prístup ku kurzu (aj dokončenému), keď brána potvrdí vrátenie peňazí${o.certificateCount > 0 ? `, a ${o.certificateCount === 1 ? "jeho certifikát sa odvolá" : `jeho certifikáty (${o.certificateCount}) sa odvolajú`}` : ""}.`
            : "Objednávka nemá zápis s prístupom ku kurzu."
        }
      />
      <SubmitButton intent="review" pendingLabel="Kontroluje sa…">
        Pokračovať na potvrdenie
      </SubmitButton>
    </Form>
  );
}

function ConfirmRefund({ o, c }: { o: Route.ComponentProps["loaderData"]; c: Confirmation }) {
  return (
    <section aria-labelledby="potvrdenie">
      <h2 id="potvrdenie">Potvrďte vrátenie peňazí</h2>
      <dl className="refund-summary">
        <dt>Suma na vrátenie</dt>
        <dd>
          <strong>{c.amount}</strong>
        </dd>
        {c.seats ? (
          <>
            <dt>Vrátené miesta klubu</dt>
            <dd>{c.seats}</dd>
          </>
        ) : null}
        <dt>Študent</dt>
        <dd>{o.student}</dd>
        <dt>Dôvod</dt>
        <dd>{c.reason}</dd>
        <dt>Zápis do kurzu</dt>
        <dd>
          {c.alsoCancelEnrollment
            ? `zruší sa po dokončení refundácie${o.certificateCount > 0 ? "; vydané certifikáty sa odvolajú a overenie ich označí ako neplatné" : ""}`
            : "zostane, ako je"}
        </dd>
        <dt>Dobropis</dt>
        <dd>{o.invoiced ? "vystaví sa po dokončení refundácie" : "nevystaví sa (objednávka nemá faktúru)"}</dd>
      </dl>
      <p>Platobná brána vráti peniaze na pôvodný platobný prostriedok. Vrátenie trvá 1 až 5 pracovných dní; akciu nemožno vziať späť.</p>
      <Form method="post" className="section-actions">
        <input type="hidden" name="amount" value={c.amountText} />
        <input type="hidden" name="reason" value={c.reason} />
        {c.alsoCancelEnrollment ? <input type="hidden" name="alsoCancelEnrollment" value="on" /> : null}
        {c.seats ? <input type="hidden" name="seats" value={c.seats} /> : null}
        <input type="hidden" name="idempotencyKey" value={c.idempotencyKey} />
        <SubmitButton intent="confirm" variant="danger" pendingLabel="Odosiela sa…">{`Potvrdiť a vrátiť ${c.amount}`}</SubmitButton>
        <SubmitButton intent="edit" variant="secondary" pendingLabel="Načítava sa…">
          Späť na úpravu
        </SubmitButton>
      </Form>
    </section>
  );
}

export default function AdminOrderRefund({ loaderData: o, actionData }: Route.ComponentProps) {
  const confirmation = actionData && "step" in actionData && actionData.step === "confirm" ? (actionData as Confirmation) : null;
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: "Administrácia", href: "/admin" },
          { label: "Objednávky", href: "/admin/objednavky" },
          { label: "Objednávka", href: `/admin/objednavky/${o.id}` },
          { label: "Vrátiť peniaze" },
        ]}
      />
      <h1>Vrátiť peniaze: {o.courseTitle}</h1>
      <dl className="refund-summary">
        <dt>Študent</dt>
        <dd>{o.student}</dd>
        <dt>Stav objednávky</dt>
        <dd>{o.stateLabel}</dd>
        <dt>Zaplatené</dt>
        <dd>{o.paid}</dd>
        <dt>Už vrátené</dt>
        <dd>
          {o.refunded}
          {o.pendingRefund ? ` (ďalších ${o.pendingRefund} čaká na vysporiadanie)` : ""}
        </dd>
        <dt>Možno vrátiť</dt>
        <dd>
          <strong>{o.refundable ?? formatZero()}</strong>
        </dd>
      </dl>
      {!o.refundable ? (
        <div className="notice" role="status">
          <p>
            {o.state === "paid" || o.state === "disputed" || o.state === "refunded"
              ? "Z tejto objednávky už nie je čo vrátiť."
              : "Objednávka nie je zaplatená, nie je čo vrátiť."}
          </p>
          <p>
            <Link to={`/admin/objednavky/${o.id}`}>‹ Späť na objednávku</Link>
          </p>
        </div>
      ) : confirmation ? (
        <ConfirmRefund o={o} c={confirmation} />
      ) : (
        <>
          {o.keptNotice && !reply ? (
            <p className="notice" role="status">
              {o.keptNotice}
            </p>
          ) : null}
          <RefundForm o={o} reply={reply} />
        </>
      )}
    </>
  );
}

function formatZero() {
  return "0,00\u00a0€";
}
