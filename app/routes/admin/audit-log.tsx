// /admin/audit: the audit log (spec: Authentication 8: privileged actions are written to an
// audit log), newest first, filtered by target (type and id), actor and action, paged; a
// plain GET form, so it works without JavaScript. Each row shows who, what, on which
// target, why and the details; order targets link to the order. Role admin.
import { Form, Link, data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/audit-log";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { errorsByField, listUrl as adminListUrl, readFilters, type Filters as AdminFilters } from "../../lib/admin-lists";
import { FieldErrors } from "../../components/forms";
import { FilterActions, FilteredRows, invalidField, ListPager } from "../../components/admin-list";
import { actorLabel } from "../../lib/admin-order-labels";
import { auditActionLabel, auditTargetLabel, auditTargetLink } from "../../lib/audit-labels";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { auditFacets, listAuditPage } from "#server/audit";
import { existingOrderIds } from "#server/orders";
import { cachedUserNames, findCachedUserIds } from "#server/identity";
import { formatDateTime } from "#shared/format";

const PAGE_SIZE = 20;
const blankAsUnset = (v: unknown) => (v === "" || v === null ? undefined : v);
const text = (max: number) => z.preprocess(blankAsUnset, z.string().trim().min(1).max(max, `Najviac ${max} znakov.`).optional());

const AuditQuery = z.object({
  targetType: text(60),
  targetId: text(200),
  actorId: text(200),
  action: text(120),
  page: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^[0-9]{1,6}$/, "Číslo strany je celé kladné číslo.")
      .transform(Number)
      .pipe(z.number().int().min(1, "Číslo strany je celé kladné číslo."))
      .default(1),
  ),
});

const FILTERS = ["targetType", "targetId", "actorId", "action"] as const;
type Filters = AdminFilters<(typeof FILTERS)[number]>;
const listUrl = (filters: Filters, page = 1) => adminListUrl("/admin/audit", filters, page);

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const filters: Filters = readFilters(url, FILTERS);
  const facets = await auditFacets(db);
  const parsed = AuditQuery.safeParse({ ...filters, page: url.searchParams.get("page") ?? undefined });
  if (!parsed.success) {
    const errors = errorsByField(parsed.error.issues);
    return data({ filters, errors, facets, rows: null, page: 1, pages: 1, total: 0 }, { status: 422 });
  }
  const q = parsed.data;
  // "Kto" takes a person id, a name or an e-mail (docs/decisions/admin-ui/names-beside-ids-in-admin-lists.md > Names beside ids in admin lists)
  const { actorId, ...rest } = q;
  const actorIds = actorId === undefined ? undefined : [actorId, ...(await findCachedUserIds(db, actorId))];
  const { rows, total } = await listAuditPage(db, { ...rest, actorIds, limit: PAGE_SIZE, offset: (q.page - 1) * PAGE_SIZE });
  const names = await cachedUserNames(
    db,
    rows.flatMap((r) => [r.actorId, ...((r.targetType === "person" || r.targetType === "user") && r.targetId ? [r.targetId] : [])]),
  );
  const orders = await existingOrderIds(
    db,
    rows.filter((r) => r.targetType === "order" && r.targetId).map((r) => r.targetId!),
  );
  return {
    filters,
    errors: {} as Record<string, string[]>,
    facets,
    page: q.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    rows: rows.map((r) => ({
      id: r.id,
      at: formatDateTime(r.createdAt),
      atIso: r.createdAt.toISOString(),
      actor: names.get(r.actorId)?.displayName ?? actorLabel(r.actorId),
      targetName: (r.targetType === "person" || r.targetType === "user") && r.targetId ? (names.get(r.targetId)?.displayName ?? null) : null,
      actorId: r.actorId,
      roles: r.actorRoles?.join(", ") ?? null,
      action: r.action,
      actionLabel: auditActionLabel(r.action),
      targetType: r.targetType,
      targetLabel: auditTargetLabel(r.targetType),
      targetId: r.targetId,
      targetLink: auditTargetLink(r.targetType, r.targetId, orders),
      reason: r.reason,
      ip: r.ip,
      details: r.details && Object.keys(r.details).length > 0 ? JSON.stringify(r.details, null, 2) : null,
    })),
  };
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Auditný záznam") }, { name: "robots", content: "noindex" }];

export default function AuditLog({ loaderData: d }: Route.ComponentProps) {
  const f = d.filters;
  const e = d.errors;
  const invalid = (name: string) => invalidField(e, name);
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Auditný záznam" }]} />
      <h1>Auditný záznam</h1>
      <p className="muted">Kto čo urobil, kedy, prečo a s čím: privilegované akcie administrátorov, udalosti platobnej brány a ďalšie. Najnovšie sú hore.</p>
      <Form method="get" className="filter-form" aria-label="Filtrovať auditný záznam">
        <div className="field">
          <label htmlFor="a-type">Typ cieľa</label>
          <select id="a-type" name="targetType" defaultValue={f.targetType ?? ""} {...invalid("targetType")}>
            <option value="">Všetky</option>
            {d.facets.targetTypes.map((t) => (
              <option key={t} value={t}>
                {auditTargetLabel(t)}
              </option>
            ))}
            {f.targetType && !d.facets.targetTypes.includes(f.targetType) ? <option value={f.targetType}>{f.targetType}</option> : null}
          </select>
          <FieldErrors id="targetType-error" errors={e.targetType} />
        </div>
        <div className="field">
          <label htmlFor="a-target">ID cieľa</label>
          <input id="a-target" name="targetId" defaultValue={f.targetId ?? ""} {...invalid("targetId")} />
          <FieldErrors id="targetId-error" errors={e.targetId} />
        </div>
        <div className="field">
          <label htmlFor="a-actor">Aktér (meno, e-mail, ID osoby alebo system:…)</label>
          <input id="a-actor" name="actorId" defaultValue={f.actorId ?? ""} {...invalid("actorId")} />
          <FieldErrors id="actorId-error" errors={e.actorId} />
        </div>
        <div className="field">
          <label htmlFor="a-action">Akcia</label>
          <select id="a-action" name="action" defaultValue={f.action ?? ""} {...invalid("action")}>
            <option value="">Všetky</option>
            {d.facets.actions.map((a) => (
              <option key={a} value={a}>
                {auditActionLabel(a)}
              </option>
            ))}
            {f.action && !d.facets.actions.includes(f.action) ? <option value={f.action}>{f.action}</option> : null}
          </select>
          <FieldErrors id="action-error" errors={e.action} />
        </div>
        <FilterActions reset="/admin/audit" />
      </Form>
      <FilteredRows rows={d.rows} empty="Žiadny záznam nezodpovedá filtru." pageErrors={e.page}>
        {(rows) => (
          <table className="admin-table">
            <caption className="visually-hidden">Auditný záznam, najnovšie prvé ({d.total})</caption>
            <thead>
              <tr>
                <th scope="col">Čas</th>
                <th scope="col">Aktér</th>
                <th scope="col">Akcia</th>
                <th scope="col">Cieľ</th>
                <th scope="col">Dôvod a podrobnosti</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap">
                    <time dateTime={r.atIso}>{r.at}</time>
                  </td>
                  <td className="wrap-anywhere">
                    {r.actor}
                    {r.actor !== r.actorId ? (
                      <>
                        <br />
                        <span className="muted">{r.actorId}</span>
                      </>
                    ) : null}
                    {r.roles ? (
                      <>
                        <br />
                        <span className="muted">{r.roles}</span>
                      </>
                    ) : null}
                    {r.ip ? (
                      <>
                        <br />
                        <span className="muted">IP {r.ip}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {r.actionLabel}
                    {r.actionLabel !== r.action ? (
                      <>
                        <br />
                        <span className="muted">{r.action}</span>
                      </>
                    ) : null}
                  </td>
                  <td className="wrap-anywhere">
                    {r.targetLabel}
                    {r.targetId ? (
                      <>
                        {": "}
                        {r.targetLink ? <Link to={r.targetLink}>{r.targetName ?? r.targetId}</Link> : <code>{r.targetId}</code>}
                        {r.targetName && !r.targetLink ? ` (${r.targetName})` : null}
                      </>
                    ) : null}
                  </td>
                  <td className="wrap-anywhere">
                    {r.reason ?? (r.details ? null : "—")}
                    {r.details ? (
                      <details>
                        <summary>Podrobnosti</summary>
                        <pre className="details-json">{r.details}</pre>
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </FilteredRows>
      <ListPager page={d.page} pages={d.pages} label="Stránkovanie auditného záznamu" href={(page) => listUrl(f, page)} />
    </>
  );
}
