// /admin/objednavky: every order, newest first, with the filters of GET /api/admin/orders
// (state, student, course, created from/to) as a plain GET form and pages as links, so it
// works without JavaScript; each order links to its detail. Role admin (a content manager
// gets the 403 page). Same domain call as the API (server/orders listAdminOrders).
import { Form, Link, data } from "react-router";
import type { Route } from "./+types/orders";
import styles from "../../admin-orders.css?url";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { requireRoleForPage } from "../../lib/auth.server";
import { errorsByField, listUrl as adminListUrl, readFilters, type Filters as AdminFilters } from "../../lib/admin-lists";
import { FieldErrors } from "../../components/forms";
import { FilterActions, FilteredRows, invalidField, ListPager } from "../../components/admin-list";
import { orderStateLabels } from "../../lib/order-labels";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { AdminOrderListQuery, listAdminOrders, orderedCourses, orderLabels } from "#server/orders";
import { formatMoney } from "#server/money";
import { formatDateTime } from "#shared/format";

const FILTERS = ["state", "studentId", "courseId", "createdAfter", "createdBefore"] as const;
type Filters = AdminFilters<(typeof FILTERS)[number]>;
const listUrl = (filters: Filters, page = 1) => adminListUrl("/admin/objednavky", filters, page);

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  requireRoleForPage(request, context, "admin");
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const filters: Filters = readFilters(url, FILTERS);
  const courses = await orderedCourses(db);
  const parsed = AdminOrderListQuery.safeParse({ ...filters, page: url.searchParams.get("page") ?? undefined });
  if (!parsed.success) {
    // the form shows what is wrong, with what was typed; no list
    const errors = errorsByField(parsed.error.issues);
    return data({ filters, errors, courses, orders: null, pagination: null }, { status: 422 });
  }
  const { studentId: student, ...query } = parsed.data;
  const { data: rows, pagination } = await listAdminOrders(db, query, { student });
  const labels = await orderLabels(
    db,
    rows.map((o) => o._id),
  );
  return {
    filters,
    errors: {} as Record<string, string[]>,
    courses,
    pagination,
    orders: rows.map((o) => ({
      id: o._id,
      number: labels.get(o._id)?.number ?? o._id,
      billingName: labels.get(o._id)?.billingName ?? o.studentDisplayName,
      createdAt: formatDateTime(o.createdAt),
      createdAtIso: o.createdAt,
      student: o.studentDisplayName,
      studentId: o.studentId,
      studentEmail: o.studentEmail,
      courseTitle: o.courseTitle,
      amount: formatMoney(o.amountCents, o.currency),
      refunded: o.refundedCents > 0 ? formatMoney(o.refundedCents, o.currency) : null,
      // a club order's seats: bought / assigned (docs/decisions/clubs/club-seats.md > Club seats)
      seats: o.sponsorOrgId ? `${o.seats} miest, priradené ${o.seatsAssigned}` : null,
      state: o.state,
      stateLabel: orderStateLabels[o.state] ?? o.state,
      invoiceNumber: o.invoiceNumber,
    })),
  };
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Objednávky") }, { name: "robots", content: "noindex" }];

export default function AdminOrders({ loaderData: d }: Route.ComponentProps) {
  const f = d.filters;
  const e = d.errors;
  const invalid = (name: string) => invalidField(e, name);
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Objednávky" }]} />
      <h1>Objednávky</h1>
      <Form method="get" className="filter-form" aria-label="Filtrovať objednávky">
        <div className="field">
          <label htmlFor="f-state">Stav</label>
          <select id="f-state" name="state" defaultValue={f.state ?? ""} {...invalid("state")}>
            <option value="">Všetky</option>
            {Object.entries(orderStateLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldErrors id="state-error" errors={e.state} />
        </div>
        <div className="field">
          <label htmlFor="f-student">Študent (meno, e-mail alebo ID)</label>
          <input id="f-student" name="studentId" defaultValue={f.studentId ?? ""} placeholder="napr. Nováková" {...invalid("studentId")} />
          <FieldErrors id="studentId-error" errors={e.studentId} />
        </div>
        <div className="field">
          <label htmlFor="f-course">Kurz</label>
          <select id="f-course" name="courseId" defaultValue={f.courseId ?? ""} {...invalid("courseId")}>
            <option value="">Všetky</option>
            {d.courses.map((c) => (
              <option key={c.courseId} value={c.courseId}>
                {c.courseTitle}
              </option>
            ))}
            {f.courseId && !d.courses.some((c) => c.courseId === f.courseId) ? <option value={f.courseId}>{f.courseId}</option> : null}
          </select>
          <FieldErrors id="courseId-error" errors={e.courseId} />
        </div>
        <div className="field">
          <label htmlFor="f-after">Vytvorené od</label>
          <input id="f-after" name="createdAfter" type="date" defaultValue={f.createdAfter ?? ""} {...invalid("createdAfter")} />
          <FieldErrors id="createdAfter-error" errors={e.createdAfter} />
        </div>
        <div className="field">
          <label htmlFor="f-before">Vytvorené pred</label>
          <input id="f-before" name="createdBefore" type="date" defaultValue={f.createdBefore ?? ""} {...invalid("createdBefore")} />
          <FieldErrors id="createdBefore-error" errors={e.createdBefore} />
        </div>
        <FilterActions reset="/admin/objednavky" />
      </Form>
      <FilteredRows rows={d.orders} empty="Žiadna objednávka nezodpovedá filtru.">
        {(orders) => (
          <table className="admin-table">
            <caption className="visually-hidden">Objednávky, najnovšie prvé ({d.pagination!.totalItems})</caption>
            <thead>
              <tr>
                <th scope="col">Objednávka</th>
                <th scope="col">Študent</th>
                <th scope="col">Fakturácia</th>
                <th scope="col">Kurz</th>
                <th scope="col" className="amount">
                  Suma
                </th>
                <th scope="col">Stav</th>
                <th scope="col">Faktúra</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td className="nowrap">
                    <Link to={`/admin/objednavky/${o.id}`} aria-label={`Objednávka ${o.number}`}>
                      {o.number}
                    </Link>
                    <br />
                    <time className="muted" dateTime={o.createdAtIso}>
                      {o.createdAt}
                    </time>
                  </td>
                  <td className="wrap-anywhere">
                    {o.student}
                    <br />
                    <span className="muted">
                      {o.studentId}
                      {o.studentEmail ? ` · ${o.studentEmail}` : ""}
                    </span>
                  </td>
                  <td className="wrap-anywhere">{o.billingName}</td>
                  <td>
                    {o.courseTitle}
                    {o.seats ? (
                      <>
                        <br />
                        <span className="muted">{o.seats}</span>
                      </>
                    ) : null}
                  </td>
                  <td className="amount">
                    {o.amount}
                    {o.refunded ? (
                      <>
                        <br />
                        <span className="muted">vrátené {o.refunded}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <span className="state">{o.stateLabel}</span>
                  </td>
                  <td className="nowrap">{o.invoiceNumber ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </FilteredRows>
      {d.pagination ? (
        <ListPager page={d.pagination.page} pages={d.pagination.totalPages} label="Stránkovanie objednávok" href={(page) => listUrl(f, page)} />
      ) : null}
    </>
  );
}
