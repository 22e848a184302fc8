// /admin/kurzy/<courseId>/udaje: the draft's own fields (title, texts, price and VAT,
// language, duration, audience, tags, accreditation, instructors with their profile
// extras, enrollment limit and deadline, SEO) in one Conform form; saved with
// updateCourse, the function PATCH /api/admin/courses/<id> calls, after the contract's
// CoursePatchRequest has checked the body this page built. Read-only unless a draft.
import type { Route } from "./+types/course-settings";
import authoringStyles from "../../admin-authoring.css?url";
import { pageTitle } from "../../site";
import { CourseHeader, DoneStatus, type ActionReply } from "../../components/admin-authoring";
import { PICKER_SEARCH_FORM, ReadOnly, SettingsForm } from "./course-settings/forms";
import { PickerSearchForm } from "../../components/picker";
import { editorAction, editorLoader } from "./course-settings/editor.server";
export const loader = editorLoader;
export const action = editorAction;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Údaje kurzu ${loaderData.course.title}` : "Údaje kurzu") },
  { name: "robots", content: "noindex" },
];

export default function CourseSettings({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <CourseHeader course={d.course} current="udaje" />
      <DoneStatus message={d.done} />
      <h2>Údaje kurzu</h2>
      {d.editable ? <SettingsForm key={JSON.stringify(d.defaults)} d={d} reply={actionData as ActionReply} /> : <ReadOnly d={d} />}
      {d.editable ? <PickerSearchForm id={PICKER_SEARCH_FORM} /> : null}
    </>
  );
}
