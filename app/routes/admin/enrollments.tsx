// /admin/zapisy (role admin): every enrollment, newest first, with filters (a GET form:
// student, course, state, enrolled from), pages as plain links, and per row its actions
// (cancel, extend, reset test attempts with a test picker) in a disclosure; above the
// table the grant form (a person by provider id or e-mail, a course, the reason) and a
// person lookup through the identity provider. The same domain functions as
// /api/admin/enrollments (server/enrollments); everything works without JavaScript.
import { KEPT_FORM_NOTICE, keptForm, keptReply } from "../../lib/step-up.server";
import { Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/enrollments";
import { listUrl as adminListUrl } from "../../lib/admin-lists";
import authoringStyles from "../../admin-authoring.css?url";
import enrollmentStyles from "../../admin-enrollments.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { dateFieldOf } from "../../lib/admin-authoring.server";
import { enrollmentActions, enrollmentAdminOf, enrollmentDoneMessage, enrollmentPickers, personLookup } from "../../lib/admin-enrollments.server";
import { Picker } from "../../components/picker";
import { ENROLLMENT_PICKER_PARAMS, ENROLLMENT_REASON_LABELS, ENROLLMENT_STATE_LABELS, GRANT_REASONS, grantForm } from "../../lib/enrollment-forms";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { DoneStatus, FormKey, IntentButton, SelectField, useAdminForm, type ActionReply } from "../../components/admin-authoring";
import { EnrollmentActionForms } from "../../components/admin-enrollments";
import { PageLinks } from "../../components/admin-list";
import { FormErrors, TextField } from "../../components/forms";
import { AdminEnrollmentListQuery, courseFilterOptions, grantableCourses, listEnrollmentsForAdmin, testsOfVersions } from "#server/admin";
import { plural } from "#shared/plural";
import { formatDate } from "#shared/format";

import { FilterForm } from "./enrollments/filter-form";
const PAGE_SIZE = "20";
const FILTER_PARAMS = { student: "studentId", kurz: "courseId", stav: "state", od: "enrolledAfter" } as const;
type Filters = Record<keyof typeof FILTER_PARAMS, string>;

const listUrl = (filters: Filters, page = 1) => adminListUrl("/admin/zapisy", filters, page, "strana");

async function keptFormState(args: Route.LoaderArgs) {
  const kept = keptReply(await keptForm(args.request, args.context));
  return { done: enrollmentDoneMessage(args.request) ?? (kept ? KEPT_FORM_NOTICE : null), kept };
}

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = enrollmentAdminOf(args);
  const url = new URL(args.request.url);
  const get = (name: string) => url.searchParams.get(name)?.trim() ?? "";
  const filters: Filters = { student: get("student"), kurz: get("kurz"), stav: get("stav"), od: get("od") };
  const query = AdminEnrollmentListQuery.safeParse({
    studentId: filters.student,
    courseId: filters.kurz,
    state: filters.stav,
    enrolledAfter: filters.od,
    page: get("strana"),
    pageSize: PAGE_SIZE,
  });
  const filterErrors = query.success
    ? []
    : query.error.issues.map((i) => {
        const param = Object.entries(FILTER_PARAMS).find(([, field]) => field === i.path[0])?.[0];
        const label = { student: "Študent", kurz: "Kurz", stav: "Stav", od: "Zapísaný od" }[param ?? ""] ?? "Strana";
        return `${label}: ${i.message}`;
      });
  const list = query.success ? await listEnrollmentsForAdmin(services.db, query.data) : null;
  const testsByVersion = await testsOfVersions(services.db, list?.data.map((e) => e.courseVersionId) ?? []);

  // the lookup form: who is this name, id or e-mail at the identity provider?
  const lookup = await personLookup(services, get("osoba"));
  const pickers = await enrollmentPickers(services, url, filters.student);

  return {
    // back from signing in again for a grant or a cancellation: that form filled in again
    ...(await keptFormState(args)),
    filters,
    filterErrors,
    lookup,
    pickers,
    grantCourses: (await grantableCourses(services.db)).map((c) => ({ value: c.courseId, label: `${c.title} (verzia ${c.version})` })),
    filterCourses: await courseFilterOptions(services.db),
    pagination: list?.pagination ?? { page: 1, pageSize: Number(PAGE_SIZE), totalItems: 0, totalPages: 0 },
    enrollments: (list?.data ?? []).map((e) => ({
      id: e._id,
      studentId: e.studentId,
      studentName: e.studentDisplayName,
      studentEmail: e.studentEmail,
      courseTitle: e.courseTitle,
      courseVersion: e.courseVersion,
      state: e.state,
      stateLabel: ENROLLMENT_STATE_LABELS[e.state],
      suspended: e.suspended,
      reasonLabel: ENROLLMENT_REASON_LABELS[e.reason],
      enrolledAt: formatDate(e.enrolledAt),
      accessExpiresAt: e.accessExpiresAt ? formatDate(e.accessExpiresAt) : "bez obmedzenia",
      accessExpiresOn: dateFieldOf(e.accessExpiresAt),
      progress: `${e.progress.completedModules} z ${e.progress.totalModules} ${plural(e.progress.totalModules, "modulu", "modulov", "modulov")}`,
      tests: testsByVersion.get(e.courseVersionId) ?? [],
    })),
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => enrollmentActions(args));

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: authoringStyles },
  { rel: "stylesheet", href: enrollmentStyles },
];

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Zápisy") }, { name: "robots", content: "noindex" }];

type LoaderData = Route.ComponentProps["loaderData"];

function GrantForm({ d, reply }: { d: LoaderData; reply: ActionReply }) {
  const key = "grant";
  const [form, fields] = useAdminForm(key, grantForm, reply, { person: d.lookup?.person?.id ?? "", reason: "admin_grant" });
  return (
    <section aria-labelledby="zapisat" className="card grant">
      <h2 id="zapisat">Zapísať osobu do kurzu</h2>
      <Form method="get" id="lookup-form" className="lookup-form" aria-label="Vyhľadať osobu">
        <div className="field">
          <label htmlFor="osoba">Vyhľadať osobu podľa mena, e-mailu alebo ID</label>
          <input id="osoba" name="osoba" type="search" defaultValue={d.lookup?.query ?? ""} autoComplete="off" />
        </div>
        <button type="submit" className="secondary">
          Vyhľadať
        </button>
      </Form>
      {d.lookup ? (
        <p role="status" className="notice">
          {d.lookup.error ? (
            d.lookup.error
          ) : d.lookup.matches ? (
            <>
              Menu zodpovedajú:{" "}
              {d.lookup.matches.map((m, i) => (
                <span key={m.id}>
                  {i ? ", " : ""}
                  <Link to={`?osoba=${encodeURIComponent(m.id)}`}>{m.label}</Link> ({m.detail})
                </span>
              ))}
            </>
          ) : d.lookup.person ? (
            `Nájdená osoba: ${d.lookup.person.displayName}${d.lookup.person.email ? ` (${d.lookup.person.email})` : ""}, ID ${d.lookup.person.id}. ID je doplnené vo formulári nižšie.`
          ) : (
            `Osobu „${d.lookup.query}“ poskytovateľ identity nepozná.`
          )}
        </p>
      ) : null}
      {d.grantCourses.length === 0 ? (
        <p>Žiadny kurz nie je zverejnený; zapísať sa dá len do zverejneného kurzu.</p>
      ) : (
        <Form method="post" {...getFormProps(form)} aria-labelledby="zapisat">
          <FormKey formKey={key} />
          <FormErrors meta={form} />
          <TextField
            meta={fields.person}
            label="Osoba (ID u poskytovateľa identity alebo e-mail)"
            description="Napríklad p-1001 alebo jana.novakova@demo.sk. Osoba sa nemusela nikdy prihlásiť."
          />
          <SelectField
            meta={fields.courseId}
            label="Kurz"
            options={[{ value: "", label: "Vyberte kurz" }, ...d.grantCourses]}
            description="Zápis je na najnovšiu zverejnenú verziu kurzu."
          />
          <SelectField meta={fields.reason} label="Dôvod zápisu" options={GRANT_REASONS.map((r) => ({ value: r.value, label: r.label }))} />
          <TextField
            meta={fields.grantReason}
            label="Odôvodnenie"
            description="Povinné pri udelení administrátorom, napríklad „výhra v súťaži“."
            multiline
            rows={2}
          />
          <Picker
            kind="club"
            name={fields.sponsorOrgId.name}
            label="Klub, ktorý zápis hradí (pri sponzorovanom zápise)"
            selected={
              fields.sponsorOrgId.initialValue
                ? [{ id: String(fields.sponsorOrgId.initialValue), label: String(fields.sponsorOrgId.initialValue), detail: "" }]
                : []
            }
            results={d.pickers.clubResults}
            searchParam={ENROLLMENT_PICKER_PARAMS.club}
            searchForm="lookup-form"
            noneLabel="Žiadny"
            description="Vyhľadajte klub podľa názvu. Osoba musí byť jeho členom."
            errors={fields.sponsorOrgId.errors}
          />
          <TextField meta={fields.accessExpiresOn} type="date" label="Prístup do (nepovinné)" description="Bez dátumu je prístup bez obmedzenia." />
          <IntentButton formKey={key} intent="grant" pendingLabel="Zapisuje sa…">
            Zapísať
          </IntentButton>
        </Form>
      )}
    </section>
  );
}

export default function AdminEnrollments({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = (actionData ?? d.kept ?? undefined) as ActionReply;
  const { page, totalPages, totalItems } = d.pagination;
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Zápisy" }]} />
      <h1>Zápisy</h1>
      <DoneStatus message={d.done} />
      <FilterForm d={d} />
      <details className="grant-toggle" open={Boolean(d.lookup || d.pickers.clubResults || reply?.form === "grant") || undefined}>
        <summary className="button">Zapísať osobu</summary>
        <GrantForm key={d.lookup?.person?.id ?? ""} d={d} reply={reply} />
      </details>
      <h2 id="zoznam">Zoznam zápisov</h2>
      {d.enrollments.length === 0 ? (
        <p>{d.filterErrors.length ? "Filter nie je platný." : "Filtru nezodpovedá žiadny zápis."}</p>
      ) : (
        <div className="table-scroll">
          <table className="course-versions enrollments-table" aria-labelledby="zoznam">
            <caption className="visually-hidden">
              Zápisy ({totalItems}), strana {page} z {totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Študent</th>
                <th scope="col">Kurz</th>
                <th scope="col">Stav</th>
                <th scope="col">Dôvod</th>
                <th scope="col">Zapísaný</th>
                <th scope="col">Prístup do</th>
                <th scope="col">Postup</th>
                <th scope="col">Akcie</th>
              </tr>
            </thead>
            <tbody>
              {d.enrollments.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <Link to={`/admin/zapisy/${e.id}`}>{e.studentName}</Link>
                    <br />
                    <span className="muted">
                      {e.studentEmail ?? "bez e-mailu"} · {e.studentId}
                    </span>
                  </th>
                  <td>
                    {e.courseTitle}
                    <br />
                    <span className="muted">verzia {e.courseVersion}</span>
                  </td>
                  <td>
                    <span className={`state state-${e.state}`}>{e.stateLabel}</span>
                    {e.suspended ? (
                      <>
                        {" "}
                        <span className="state">pozastavený</span>
                      </>
                    ) : null}
                  </td>
                  <td>{e.reasonLabel}</td>
                  <td>{e.enrolledAt}</td>
                  <td>{e.accessExpiresAt}</td>
                  <td>{e.progress}</td>
                  <td>
                    <details className="row-actions" open={reply?.form.endsWith(`:${e.id}`) || undefined}>
                      <summary>
                        Akcie
                        <span className="visually-hidden">
                          : {e.studentName}, {e.courseTitle}
                        </span>
                      </summary>
                      <EnrollmentActionForms
                        target={{ id: e.id, state: e.state, label: `${e.studentName}, ${e.courseTitle}`, accessExpiresOn: e.accessExpiresOn, tests: e.tests }}
                        reply={reply}
                      />
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageLinks page={page} totalPages={totalPages} href={(p) => listUrl(d.filters, p)} />
    </>
  );
}
