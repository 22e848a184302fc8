// /admin/webhooky/<id>: one received webhook event: provider, type, ids, when it came and
// was processed, the result (and error message), what the receiver recorded in the audit
// log, and the raw payload as received (pretty-printed when it is JSON). Role admin.
import { Link } from "react-router";
import type { Route } from "./+types/webhook-event";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { paymentEventResultLabels, webhookProviderLabels, webhookResultLabels } from "../../lib/admin-order-labels";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { getWebhookEvent } from "#server/admin";
import { listAuditPage } from "#server/audit";
import { DomainError } from "#server/kernel/errors";
import { formatDateTime } from "#shared/format";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const event = await getWebhookEvent(db, params.eventId);
  if (!event) throw new DomainError("not_found", "Udalosť sa nenašla.");
  let payload = event.payload;
  try {
    payload = JSON.stringify(JSON.parse(event.payload), null, 2);
  } catch {
    // a form-encoded body stays as it came
  }
  // the receiver's audit row names the result in words (payment events)
  let outcome: string | null = null;
  if (event.relatedOrderId || event.provider === "payment") {
    const target = event.relatedOrderId ?? undefined;
    const { rows } = await listAuditPage(db, { targetType: "order", targetId: target, action: `webhook.${event.eventType}`, limit: 50, offset: 0 });
    const row = rows.find((r) => r.details?.webhookEventId === event.id);
    if (row && typeof row.details?.result === "string") outcome = paymentEventResultLabels[row.details.result] ?? row.details.result;
  }
  return {
    id: event.id,
    provider: webhookProviderLabels[event.provider] ?? event.provider,
    eventId: event.eventId,
    eventType: event.eventType,
    receivedAt: formatDateTime(event.receivedAt),
    processedAt: event.processedAt ? formatDateTime(event.processedAt) : null,
    result: event.processingResult ?? "unprocessed",
    resultLabel: webhookResultLabels[event.processingResult ?? "unprocessed"] ?? event.processingResult,
    outcome,
    errorMessage: event.errorMessage,
    orderId: event.relatedOrderId,
    signature: event.signature,
    payload,
  };
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Webhook ${loaderData.eventType}` : "Webhook") },
  { name: "robots", content: "noindex" },
];

export default function WebhookEvent({ loaderData: e }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Prijaté webhooky", href: "/admin/webhooky" }, { label: e.eventType }]} />
      <h1>Webhook {e.eventType}</h1>
      <dl className="order-facts">
        <dt>Poskytovateľ</dt>
        <dd>{e.provider}</dd>
        <dt>ID udalosti</dt>
        <dd>
          <code>{e.eventId}</code>
        </dd>
        <dt>Prijatá</dt>
        <dd>{e.receivedAt}</dd>
        <dt>Spracovaná</dt>
        <dd>{e.processedAt ?? "nie"}</dd>
        <dt>Výsledok</dt>
        <dd>
          <span className={`result-${e.result}`}>{e.resultLabel}</span>
          {e.outcome ? ` · ${e.outcome}` : ""}
        </dd>
        {e.errorMessage ? (
          <>
            <dt>Chyba</dt>
            <dd>{e.errorMessage}</dd>
          </>
        ) : null}
        <dt>Objednávka</dt>
        <dd>{e.orderId ? <Link to={`/admin/objednavky/${e.orderId}`}>{e.orderId}</Link> : "—"}</dd>
        <dt>Podpis</dt>
        <dd>
          <code>{e.signature ?? "—"}</code>
        </dd>
      </dl>
      <h2>Obsah udalosti</h2>
      <pre className="payload" tabIndex={0} aria-label="Obsah udalosti">
        {e.payload}
      </pre>
    </>
  );
}
