// /admin/kurzy/<courseId>/testy: the course version's tests (where each hangs: the course,
// a level or a part; questions; pass mark) and a form creating one where none hangs yet
// (createTest, as POST /api/admin/tests; settings start at the API's defaults and are
// edited on the test's page).
import { Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/course-tests";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { contractBody, courseDetail, doneMessage, doneUrl, editorOf, handleIntents, intent, redirectOr } from "../../lib/admin-authoring.server";
import { createTestForm } from "../../lib/authoring-forms";
import { CourseHeader, DoneStatus, FormKey, IntentButton, SelectField, useAdminForm, type ActionReply } from "../../components/admin-authoring";
import { FormErrors, TextField } from "../../components/forms";
import { createTest, TestCreateRequest, type AdminCourseDetail } from "#server/authoring";
import { formatDecimal } from "#shared/format";

/** Where each test hangs, in the editor's words, and the places still without a test. */
function placements(d: AdminCourseDetail) {
  const labelOf = new Map<string, string>();
  const free: { value: string; label: string }[] = [];
  if (d.course.courseTestId) labelOf.set(d.course.courseTestId, "Záverečný test kurzu");
  else free.push({ value: "course", label: "Záverečný test kurzu" });
  for (const [li, level] of d.levels.entries()) {
    const levelLabel = `Úroveň ${li + 1}: ${level.title}`;
    if (level.levelTestId) labelOf.set(level.levelTestId, `Test úrovne – ${levelLabel}`);
    else free.push({ value: `level:${level._id}`, label: `Test úrovne – ${levelLabel}` });
    for (const [ti, topic] of level.topics.entries()) {
      for (const part of topic.module?.parts ?? []) {
        const partLabel = `Test časti – ${li + 1}.${ti + 1} ${topic.title} › ${part.title}`;
        if (part.partTestId) labelOf.set(part.partTestId, partLabel);
        else free.push({ value: `part:${part._id}`, label: partLabel });
      }
    }
  }
  return { labelOf, free };
}

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const { labelOf, free } = placements(d);
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    editable: d.course.state === "draft",
    done: doneMessage(args.request, { zmazane: `Test je zmazaný z kurzu „${d.course.title}“.` }),
    tests: d.tests.map((t) => ({
      id: t._id,
      title: t.title,
      where: labelOf.get(t._id) ?? "Nepripojený test",
      questions: t.questions.length,
      passing: `${formatDecimal(t.passingScore * 100)} %`,
    })),
    free,
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  return handleIntents(args.request, {
    createTest: intent({
      schema: createTestForm,
      fields: { title: "title", placement: "placement", partId: "placement", levelId: "placement" },
      run: async (v) => {
        const [placement, id] = v.placement.split(":") as ["course" | "level" | "part", string | undefined];
        const body = contractBody(TestCreateRequest, {
          courseId: d.course._id,
          placement,
          ...(placement === "part" ? { partId: id } : placement === "level" ? { levelId: id } : {}),
          title: v.title,
        });
        return redirectOr(await createTest(services.db, actor, body), (test) => doneUrl(`/admin/kurzy/${d.course._id}/testy/${test._id}`, "pridane"));
      },
    }),
  });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Testy kurzu ${loaderData.course.title}` : "Testy kurzu") },
  { name: "robots", content: "noindex" },
];

type Data = Route.ComponentProps["loaderData"];

function NewTestForm({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "createTest";
  const [form, fields] = useAdminForm(key, createTestForm, reply, { placement: d.free[0]?.value });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormKey formKey={key} />
      <FormErrors meta={form} />
      <SelectField meta={fields.placement} label="Kam test patrí" options={d.free} />
      <TextField meta={fields.title} label="Názov testu" />
      <IntentButton formKey={key} intent="createTest">
        Vytvoriť test
      </IntentButton>
    </Form>
  );
}

export default function CourseTests({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <CourseHeader course={d.course} current="testy" />
      <DoneStatus message={d.done} />
      <h2>Testy</h2>
      {d.tests.length ? (
        <div className="table-scroll">
          <table className="course-versions">
            <caption className="visually-hidden">Testy kurzu</caption>
            <thead>
              <tr>
                <th scope="col">Test</th>
                <th scope="col">Kde</th>
                <th scope="col">Otázky</th>
                <th scope="col">Hranica úspešnosti</th>
                <th scope="col">Štatistiky</th>
              </tr>
            </thead>
            <tbody>
              {d.tests.map((t) => (
                <tr key={t.id}>
                  <th scope="row">
                    <Link to={`/admin/kurzy/${d.course.id}/testy/${t.id}`}>{t.title}</Link>
                  </th>
                  <td>{t.where}</td>
                  <td>{t.questions}</td>
                  <td>{t.passing}</td>
                  <td>
                    <Link to={`/admin/kurzy/${d.course.id}/testy/${t.id}/statistiky`} aria-label={`Štatistiky otázok: ${t.title}`}>
                      Otázky a pokusy
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>Kurz zatiaľ nemá žiadny test.</p>
      )}
      {d.editable ? (
        <section aria-labelledby="novy-test" className="card">
          <h2 id="novy-test">Nový test</h2>
          {d.free.length ? <NewTestForm d={d} reply={actionData as ActionReply} /> : <p>Kurz, každá úroveň aj každá časť už test majú.</p>}
        </section>
      ) : null}
    </>
  );
}
