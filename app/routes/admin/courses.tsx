// /admin/kurzy: every course version (drafts, published, archived; deleted ones only under
// the "Zmazané" filter, without a link) with a state filter and pages as plain links, so it
// works without JavaScript, each linking to its editor; and the "Nový kurz" form, which creates a draft (version 1) and opens it. The
// same domain calls as GET/POST /api/admin/courses (server/authoring). Behind the /admin
// layout's role check, repeated here for the loader and the action.
import { Form, Link, redirect } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/courses";
import { listUrl as adminListUrl } from "../../lib/admin-lists";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { contractBody, doneMessage, doneUrl, editorOf, handleIntents, intent } from "../../lib/admin-authoring.server";
import { createCourseForm, slugify } from "../../lib/authoring-forms";
import { DoneStatus, FormKey, IntentButton, useAdminForm } from "../../components/admin-authoring";
import { FormErrors, TextField } from "../../components/forms";
import { AdminCourseListQuery, CourseCreateRequest, createCourse, listAdminCourses } from "#server/authoring";
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

const listUrl = (state: string | undefined, page = 1) => adminListUrl("/admin/kurzy", { stav: state }, page, "strana");

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { request } = args;
  const { services } = editorOf(args);
  const url = new URL(request.url);
  const query = AdminCourseListQuery.safeParse({ state: url.searchParams.get("stav"), page: url.searchParams.get("strana"), pageSize: "25" });
  if (!query.success) throw new DomainError("bad_request", "Neplatný filter alebo číslo strany.", zodDetails(query.error.issues));
  const { data, pagination } = await listAdminCourses(services.db, query.data);
  return {
    done: doneMessage(request),
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

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  return handleIntents(args.request, {
    createCourse: intent({
      schema: createCourseForm,
      fields: { slug: "slug", title: "title", shortDescription: "shortDescription", priceCents: "price", currency: "currency" },
      run: async (v) => {
        const body = contractBody(CourseCreateRequest, {
          slug: v.slug ?? slugify(v.title),
          title: v.title,
          shortDescription: v.shortDescription,
          priceCents: v.price,
          currency: v.currency,
        });
        const course = await createCourse(services.db, actor, body);
        return redirect(doneUrl(`/admin/kurzy/${course._id}`, "vytvoreny"));
      },
    }),
  });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Kurzy") }, { name: "robots", content: "noindex" }];

function NewCourseForm({ reply }: { reply: Route.ComponentProps["actionData"] }) {
  const key = "createCourse";
  const [form, fields] = useAdminForm(key, createCourseForm, reply, { currency: "EUR" });
  return (
    <section aria-labelledby="novy-kurz" className="card new-course">
      <h2 id="novy-kurz">Nový kurz</h2>
      <p className="muted">Vytvorí koncept (verziu 1). Ostatné údaje, štruktúru a testy doplníte v editore.</p>
      <Form method="post" {...getFormProps(form)}>
        <FormKey formKey={key} />
        <FormErrors meta={form} />
        <TextField meta={fields.title} label="Názov kurzu" />
        <TextField meta={fields.slug} label="Identifikátor do adresy (nepovinné)" description="Napríklad financie-v-klube. Nechajte prázdne a vytvorí sa z názvu." />
        <TextField meta={fields.shortDescription} label="Krátky popis" multiline rows={2} />
        <div className="field-row">
          <TextField meta={fields.price} label="Cena (€)" description="Napríklad 49,90." />
          <TextField meta={fields.currency} label="Mena" />
        </div>
        <IntentButton formKey={key} intent="createCourse" pendingLabel="Vytvára sa…">Vytvoriť koncept</IntentButton>
      </Form>
    </section>
  );
}

export default function AdminCourses({ loaderData: d, actionData }: Route.ComponentProps) {
  const { page, totalPages, totalItems } = d.pagination;
  return (
    <>
      <h1>Kurzy</h1>
      <DoneStatus message={d.done} />
      <NewCourseForm reply={actionData} />
      <h2>Verzie kurzov</h2>
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
                    {/* a deleted version has no editor any more: listed for the record only */}
                    {c.state === "deleted" ? c.title : <Link to={`/admin/kurzy/${c.id}`}>{c.title}</Link>}
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
