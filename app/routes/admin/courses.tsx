// /admin/kurzy: every course version (drafts, published, archived, deleted) with a state
// filter and pages as plain links, so it works without JavaScript. The same domain call as
// GET /api/admin/courses (server/authoring). Behind the /admin layout's role check.
import { Link } from "react-router";
import type { Route } from "./+types/courses";
import { servicesContext } from "../../context";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { AdminCourseListQuery, listAdminCourses } from "#server/authoring";
import { DomainError, zodDetails } from "#server/http/errors";
import { formatDate, formatMoney } from "#server/money";

const stateLabels = { draft: "Koncept", published: "Zverejnený", archived: "Archivovaný", deleted: "Zmazaný" } as const;
const filters = [
  { state: undefined, label: "Všetky" },
  { state: "draft", label: "Koncepty" },
  { state: "published", label: "Zverejnené" },
  { state: "archived", label: "Archivované" },
  { state: "deleted", label: "Zmazané" },
] as const;

function listUrl(state: string | undefined, page = 1) {
  const params = new URLSearchParams();
  if (state) params.set("stav", state);
  if (page > 1) params.set("strana", String(page));
  const query = params.toString();
  return query ? `/admin/kurzy?${query}` : "/admin/kurzy";
}

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const query = AdminCourseListQuery.safeParse({ state: url.searchParams.get("stav"), page: url.searchParams.get("strana"), pageSize: "25" });
  if (!query.success) throw new DomainError("bad_request", "Neplatný filter alebo číslo strany.", zodDetails(query.error.issues));
  const { data, pagination } = await listAdminCourses(context.get(servicesContext).db, query.data);
  return {
    state: query.data.state,
    pagination,
    courses: data.map((c) => ({
      id: c._id,
      title: c.title,
      slug: c.slug,
      version: c.version,
      state: c.state,
      stateLabel: stateLabels[c.state],
      price: formatMoney(c.priceCents, c.currency),
      publishedAt: c.publishedAt ? formatDate(c.publishedAt) : "–",
      updatedAt: formatDate(c.updatedAt),
    })),
  };
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Kurzy") }, { name: "robots", content: "noindex" }];

export default function AdminCourses({ loaderData: d }: Route.ComponentProps) {
  const { page, totalPages, totalItems } = d.pagination;
  return (
    <>
      <h1>Kurzy</h1>
      <nav aria-label="Filter podľa stavu">
        <ul className="filter-links">
          {filters.map((f) => (
            <li key={f.label}>
              <Link to={listUrl(f.state)} aria-current={d.state === f.state ? "page" : undefined}>
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {d.courses.length === 0 ? (
        <p>V tomto stave nie je žiadna verzia kurzu.</p>
      ) : (
        <div className="table-scroll">
          <table className="course-versions">
            <caption className="visually-hidden">Verzie kurzov ({totalItems})</caption>
            <thead>
              <tr>
                <th scope="col">Kurz</th>
                <th scope="col">Verzia</th>
                <th scope="col">Stav</th>
                <th scope="col">Cena</th>
                <th scope="col">Zverejnený</th>
                <th scope="col">Upravený</th>
              </tr>
            </thead>
            <tbody>
              {d.courses.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    {c.title}
                    <br />
                    <span className="muted">{c.slug}</span>
                  </th>
                  <td>{c.version}</td>
                  <td>
                    <span className={`state state-${c.state}`}>{c.stateLabel}</span>
                  </td>
                  <td>{c.price}</td>
                  <td>{c.publishedAt}</td>
                  <td>{c.updatedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 ? (
        <nav aria-label="Stránkovanie">
          <p>
            {page > 1 ? <Link to={listUrl(d.state, page - 1)}>Predchádzajúca strana</Link> : null} Strana {page} z {totalPages}{" "}
            {page < totalPages ? <Link to={listUrl(d.state, page + 1)}>Ďalšia strana</Link> : null}
          </p>
        </nav>
      ) : null}
    </>
  );
}
