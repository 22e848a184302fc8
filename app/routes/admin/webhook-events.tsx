// /admin/webhooky: every received webhook event (payment, video, meetings; spec: Resources >
// WebhookEvent), newest first, with its processing result (success or error and the error
// message), filtered by provider, result, type and related order; a plain GET form and
// page links, so it works without JavaScript. Each event opens its payload. Role admin.
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/webhook-events";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { errorsByField, listUrl as adminListUrl, readFilters, type Filters as AdminFilters } from "../../lib/admin-lists";
import { FieldErrors } from "../../components/forms";
import { FilterActions, FilteredRows, invalidField, ListPager } from "../../components/admin-list";
import { webhookProviderLabels, webhookResultLabels } from "../../lib/admin-order-labels";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { listWebhookEvents, WEBHOOK_PAGE_SIZE, WebhookEventQuery, webhookEventTypes } from "#server/admin";
import { formatDateTime } from "#shared/format";

const FILTERS = ["provider", "result", "eventType", "orderId"] as const;
type Filters = AdminFilters<(typeof FILTERS)[number]>;
const listUrl = (filters: Filters, page = 1) => adminListUrl("/admin/webhooky", filters, page);

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const filters: Filters = readFilters(url, FILTERS);
  const eventTypes = await webhookEventTypes(db);
  const parsed = WebhookEventQuery.safeParse({ ...filters, page: url.searchParams.get("page") ?? undefined });
  if (!parsed.success) {
    const errors = errorsByField(parsed.error.issues);
    return data({ filters, errors, eventTypes, events: null, page: 1, pages: 1, total: 0 }, { status: 422 });
  }
  const { rows, total } = await listWebhookEvents(db, parsed.data);
  return {
    filters,
    errors: {} as Record<string, string[]>,
    eventTypes,
    page: parsed.data.page,
    pages: Math.max(1, Math.ceil(total / WEBHOOK_PAGE_SIZE)),
    total,
    events: rows.map((e) => ({
      id: e.id,
      receivedAt: formatDateTime(e.receivedAt),
      receivedAtIso: e.receivedAt.toISOString(),
      provider: webhookProviderLabels[e.provider] ?? e.provider,
      eventType: e.eventType,
      eventId: e.eventId,
      result: e.processingResult ?? "unprocessed",
      resultLabel: webhookResultLabels[e.processingResult ?? "unprocessed"] ?? e.processingResult,
      errorMessage: e.errorMessage,
      orderId: e.relatedOrderId,
    })),
  };
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Prijaté webhooky") }, { name: "robots", content: "noindex" }];

export default function WebhookEvents({ loaderData: d }: Route.ComponentProps) {
  const f = d.filters;
  const e = d.errors;
  const invalid = (name: string) => invalidField(e, name);
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Prijaté webhooky" }]} />
      <h1>Prijaté webhooky</h1>
      <p className="muted">Udalosti, ktoré aplikácii poslali platobná brána a poskytovateľ videa, s výsledkom spracovania. Najnovšie sú hore.</p>
      <Form method="get" className="filter-form" aria-label="Filtrovať webhooky">
        <div className="field">
          <label htmlFor="w-provider">Poskytovateľ</label>
          <select id="w-provider" name="provider" defaultValue={f.provider ?? ""} {...invalid("provider")}>
            <option value="">Všetci</option>
            {Object.entries(webhookProviderLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldErrors id="provider-error" errors={e.provider} />
        </div>
        <div className="field">
          <label htmlFor="w-result">Výsledok</label>
          <select id="w-result" name="result" defaultValue={f.result ?? ""} {...invalid("result")}>
            <option value="">Všetky</option>
            {Object.entries(webhookResultLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldErrors id="result-error" errors={e.result} />
        </div>
        <div className="field">
          <label htmlFor="w-type">Typ udalosti</label>
          <select id="w-type" name="eventType" defaultValue={f.eventType ?? ""} {...invalid("eventType")}>
            <option value="">Všetky</option>
            {d.eventTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
            {f.eventType && !d.eventTypes.includes(f.eventType) ? <option value={f.eventType}>{f.eventType}</option> : null}
          </select>
          <FieldErrors id="eventType-error" errors={e.eventType} />
        </div>
        <div className="field">
          <label htmlFor="w-order">ID objednávky</label>
          <input id="w-order" name="orderId" defaultValue={f.orderId ?? ""} {...invalid("orderId")} />
          <FieldErrors id="orderId-error" errors={e.orderId} />
        </div>
        <FilterActions reset="/admin/webhooky" />
      </Form>
      <FilteredRows rows={d.events} empty="Žiadna udalosť nezodpovedá filtru." pageErrors={e.page}>
        {(events) => (
          <table className="admin-table">
            <caption className="visually-hidden">Prijaté webhooky, najnovšie prvé ({d.total})</caption>
            <thead>
              <tr>
                <th scope="col">Prijatá</th>
                <th scope="col">Poskytovateľ</th>
                <th scope="col">Typ</th>
                <th scope="col">Výsledok spracovania</th>
                <th scope="col">Objednávka</th>
              </tr>
            </thead>
            <tbody>
              {events.map((ev) => (
                <tr key={ev.id}>
                  <td className="nowrap">
                    <Link to={`/admin/webhooky/${ev.id}`} aria-label={`Udalosť ${ev.eventId} prijatá ${ev.receivedAt}`}>
                      <time dateTime={ev.receivedAtIso}>{ev.receivedAt}</time>
                    </Link>
                  </td>
                  <td>{ev.provider}</td>
                  <td className="wrap-anywhere">{ev.eventType}</td>
                  <td className="wrap-anywhere">
                    <span className={`result-${ev.result}`}>{ev.resultLabel}</span>
                    {ev.errorMessage ? ` · ${ev.errorMessage}` : ""}
                  </td>
                  <td className="nowrap">
                    {ev.orderId ? (
                      <Link to={`/admin/objednavky/${ev.orderId}`} aria-label={`Objednávka ${ev.orderId}`}>
                        {ev.orderId.slice(-8)}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </FilteredRows>
      <ListPager page={d.page} pages={d.pages} label="Stránkovanie webhookov" href={(page) => listUrl(f, page)} />
    </>
  );
}
