// /admin/kurzy: one row per course (the chain of versions sharing a slug; server/insights
// listCourseSummaries): its latest version and state, which version is published, students,
// revenue (admins only), links to the editor, the statistics and the public page; a state
// filter and pages as plain links, so it works without JavaScript. "+ Nový kurz" opens the
// form on its own page (/admin/kurzy/novy). Behind the /admin layout's role check, repeated
// here. docs/decisions/admin-ui/course-list-by-course.md
import { Link } from "react-router";
import type { Route } from "./+types/courses";
import { listUrl as adminListUrl } from "../../lib/admin-lists";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { doneMessage, editorOf } from "../../lib/admin-authoring.server";
import { DoneStatus } from "../../components/admin-authoring";
import { PageLinks } from "../../components/admin-list";
import { AdminCourseListQuery } from "#server/authoring";
import { listCourseSummaries } from "#server/insights";
import { DomainError, zodDetails } from "#server/kernel/errors";
import { formatMoney } from "#server/money";
import { formatDate } from "#shared/format";
import { plural } from "#shared/plural";

const stateLabels = { draft: "Koncept", published: "Zverejnený", archived: "Archivovaný", deleted: "Zmazaný" } as const;
const filters = [
  { state: undefined, label: "Všetky" },
  { state: "draft", label: "Koncepty" },
  { state: "published", label: "Zverejnené" },
  { state: "archived", label: "Archivované" },
  { state: "deleted", label: "Zmazané" },
] as const;

const listUrl = (state: string | undefined, page = 1) => adminListUrl("/admin/kurzy", { stav: state }, page, "strana");

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { request } = args;
  const { services, isAdmin } = editorOf(args);
  const url = new URL(request.url);
  const query = AdminCourseListQuery.safeParse({ state: url.searchParams.get("stav"), page: url.searchParams.get("strana"), pageSize: "25" });
  if (!query.success) throw new DomainError("bad_request", "Neplatný filter alebo číslo strany.", zodDetails(query.error.issues));
  const { data, pagination } = await listCourseSummaries(services.db, { state: query.data.state, page: query.data.page, pageSize: query.data.pageSize });
  return {
    done: doneMessage(request, { zmazane: "Koncept kurzu je zmazaný." }),
    state: query.data.state,
    pagination,
    isAdmin,
    courses: data.map((c) => ({
      id: c.id,
      title: c.title,
      slug: c.slug,
      version: c.version,
      versions: c.versions,
      state: c.state,
      stateLabel: stateLabels[c.state],
      // an earlier version is what the catalog shows while a newer one is drafted
      publishedNote: c.publishedVersion !== null && c.publishedVersion !== c.version ? `zverejnená je verzia ${c.publishedVersion}` : null,
      public: c.publishedVersion !== null,
      price: formatMoney(c.priceCents, c.currency),
      students: `${c.students} ${plural(c.students, "študent", "študenti", "študentov")}`,
      revenue: isAdmin ? formatMoney(c.revenueCents, c.currency) : null,
      updatedAt: formatDate(c.updatedAt),
    })),
  };
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Kurzy") }, { name: "robots", content: "noindex" }];

export default function AdminCourses({ loaderData: d }: Route.ComponentProps) {
  const { page, totalPages, totalItems } = d.pagination;
  return (
    <>
      <div className="page-head">
        <h1>Kurzy</h1>
        <Link className="button" to="/admin/kurzy/novy">
          + Nový kurz
        </Link>
      </div>
      <DoneStatus message={d.done} />
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
        <p>V tomto stave nie je žiadny kurz.</p>
      ) : (
        <div className="table-scroll">
          <table className="course-versions">
            <caption className="visually-hidden">Kurzy ({totalItems})</caption>
            <thead>
              <tr>
                <th scope="col">Kurz</th>
                <th scope="col">Posledná verzia</th>
                <th scope="col">Stav</th>
                <th scope="col">Študenti</th>
                {d.isAdmin ? <th scope="col">Tržby</th> : null}
                <th scope="col">Upravený</th>
                <th scope="col">Odkazy</th>
              </tr>
            </thead>
            <tbody>
              {d.courses.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    {/* a deleted version has no editor any more: listed for the record only */}
                    {c.state === "deleted" ? c.title : <Link to={`/admin/kurzy/${c.id}`}>{c.title}</Link>}
                    <br />
                    <span className="muted">
                      {c.slug}, {c.price}
                    </span>
                  </th>
                  <td>
                    {c.version}
                    {c.versions > 1 ? <span className="muted"> (z {c.versions})</span> : null}
                  </td>
                  <td>
                    <span className={`state state-${c.state}`}>{c.stateLabel}</span>
                    {c.publishedNote ? (
                      <>
                        <br />
                        <span className="muted">{c.publishedNote}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{c.students}</td>
                  {d.isAdmin ? <td>{c.revenue}</td> : null}
                  <td>{c.updatedAt}</td>
                  <td>
                    {c.state === "deleted" ? (
                      "–"
                    ) : (
                      <ul className="row-links">
                        <li>
                          <Link to={`/admin/kurzy/${c.id}/statistiky`} aria-label={`Štatistiky: ${c.title}`}>
                            Štatistiky
                          </Link>
                        </li>
                        {c.public ? (
                          <li>
                            <Link to={`/kurzy/${c.slug}`} aria-label={`Verejná stránka: ${c.title}`}>
                              Verejná stránka
                            </Link>
                          </li>
                        ) : null}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks page={page} totalPages={totalPages} href={(p) => listUrl(d.state, p)} />
    </>
  );
}
