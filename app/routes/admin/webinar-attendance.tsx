// /admin/kurzy/<courseId>/webinare/<webinarId>/ucast: a webinar's attendance (issue 33
// item 4): every enrolled student, when they joined ("Pripojiť sa" records it), and the
// admin's correction (attended or not, with a reason; audited), which overrides the joins.
// Plain POST forms, no JavaScript needed.
import { Form, redirect } from "react-router";
import type { Route } from "./+types/webinar-attendance";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute, readForm } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { courseDetail, doneMessage, doneUrl, editorOf } from "../../lib/admin-authoring.server";
import { sessionWhen } from "../../lib/webinars.server";
import { CourseHeader, DoneStatus } from "../../components/admin-authoring";
import { DomainError } from "#server/kernel/errors";
import { correctAttendance, getWebinar, serializeWebinar, webinarAttendance } from "#server/webinars";
import { formatDateTime } from "#shared/format";
import { depsOf } from "../../lib/deps.server";

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const webinar = serializeWebinar(await getWebinar(services.db, args.params.webinarId));
  const lines = await webinarAttendance(services.db, webinar._id);
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    done: doneMessage(args.request, { ulozene: `Účasť na webinári „${webinar.title}“ je uložená.` }),
    webinar: { id: webinar._id, title: webinar.title, when: sessionWhen(webinar.startsAt, webinar.endsAt) },
    lines: lines.map((l) => ({
      ...l,
      joined: l.firstJoinedAt ? formatDateTime(l.firstJoinedAt) : null,
      correction: l.correction ? { attended: l.correction.attended, reason: l.correction.reason, at: formatDateTime(l.correction.correctedAt) } : null,
      firstJoinedAt: undefined,
    })),
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const form = await readForm(args.request);
  const attended = String(form.get("attended") ?? "");
  if (attended !== "yes" && attended !== "no") throw new DomainError("validation", "Vyberte, či sa študent zúčastnil.");
  const corrected = await correctAttendance(depsOf(services), actor, {
    webinarId: args.params.webinarId,
    enrollmentId: String(form.get("enrollmentId") ?? ""),
    attended: attended === "yes",
    reason: String(form.get("reason") ?? ""),
  });
  if (!corrected.ok) {
    // no reason: back on the form; an enrollment of another course: the error page
    if (corrected.error.code === "validation") return { error: corrected.error.message, enrollmentId: String(form.get("enrollmentId") ?? "") };
    throw corrected.error;
  }
  return redirect(doneUrl(`/admin/kurzy/${args.params.courseId}/webinare/${args.params.webinarId}/ucast`, "ulozene"));
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Účasť: ${loaderData.webinar.title}` : "Účasť na webinári") },
  { name: "robots", content: "noindex" },
];

export default function WebinarAttendance({ loaderData: d, actionData }: Route.ComponentProps) {
  const refused = actionData && "error" in actionData ? actionData : null;
  return (
    <>
      <CourseHeader
        course={d.course}
        current="webinare"
        editing={false}
        trail={[{ label: "Webináre", href: `/admin/kurzy/${d.course.id}/webinare` }, { label: "Účasť" }]}
        heading={`Účasť: ${d.webinar.title}`}
      />
      <DoneStatus message={d.done} />
      <p>{d.webinar.when}</p>
      {d.lines.length === 0 ? (
        <p>Na kurz nie je zapísaný žiadny študent.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Účasť študentov</caption>
            <thead>
              <tr>
                <th scope="col">Študent</th>
                <th scope="col">Pripojil sa</th>
                <th scope="col">Účasť</th>
                <th scope="col">Oprava</th>
              </tr>
            </thead>
            <tbody>
              {d.lines.map((l) => (
                <tr key={l.enrollmentId}>
                  <th scope="row">{l.studentName}</th>
                  <td>{l.joined ?? "nie"}</td>
                  <td data-testid="attended">
                    {l.attended ? "zúčastnil sa" : "nezúčastnil sa"}
                    {l.correction ? (
                      <span className="muted">
                        {" "}
                        (opravené {l.correction.at}: {l.correction.reason})
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="enrollmentId" value={l.enrollmentId} />
                      <fieldset>
                        <legend className="visually-hidden">Účasť: {l.studentName}</legend>
                        <label>
                          <input type="radio" name="attended" value="yes" defaultChecked={l.attended} /> zúčastnil sa
                        </label>{" "}
                        <label>
                          <input type="radio" name="attended" value="no" defaultChecked={!l.attended} /> nezúčastnil sa
                        </label>
                      </fieldset>
                      <label htmlFor={`reason-${l.enrollmentId}`}>Dôvod</label>{" "}
                      <input id={`reason-${l.enrollmentId}`} name="reason" required minLength={3} maxLength={500} />{" "}
                      {refused?.enrollmentId === l.enrollmentId ? (
                        <span role="alert" className="field-error">
                          {refused.error}
                        </span>
                      ) : null}
                      <button type="submit" className="secondary">
                        Opraviť
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
