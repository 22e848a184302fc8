// /admin/kurzy/<courseId>/webinare: the course's webinars (issue 33) for admins and content
// managers: schedule one, change it, cancel it (the enrolled students get an e-mail with
// a fresh .ics). Webinars belong to the course, not to a version, so every version's editor
// shows the same list, and a published course's webinars are edited too. Plain POST forms
// (intent helper), calling the same server/webinars functions as /api/admin/webinars.
import { Form, Link, redirect } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/course-webinars";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { contractBody, courseDetail, doneMessage, doneUrl, editorOf, handleIntents, intent } from "../../lib/admin-authoring.server";
import { bratislavaFields, bratislavaInstant, sessionWhen } from "../../lib/webinars.server";
import { cancelWebinarForm, createWebinarForm, editWebinarForm } from "../../lib/webinar-forms";
import { CourseHeader, DoneStatus, FormKey, IntentButton, SelectField, useAdminForm, type ActionReply } from "../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../components/forms";
import {
  cancelWebinar,
  createWebinar,
  listWebinarsOfCourse,
  serializeWebinar,
  updateWebinar,
  WebinarCreateRequest,
  WebinarPatchRequest,
} from "#server/webinars";
import { depsOf } from "../../lib/deps.server";

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const rows = await listWebinarsOfCourse(services.db, d.course._id);
  const now = services.clock.now().getTime();
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    done: doneMessage(args.request, { pridane: `Webinár kurzu „${d.course.title}“ je naplánovaný.`, ulozene: `Webinár kurzu „${d.course.title}“ je uložený.` }),
    levels: [{ value: "", label: "Žiadna" }, ...d.levels.map((l, i) => ({ value: l._id, label: `Úroveň ${i + 1}: ${l.title}` }))],
    webinars: rows.map((r) => {
      const w = serializeWebinar(r);
      const start = bratislavaFields(w.startsAt);
      return {
        ...w,
        when: sessionWhen(w.startsAt, w.endsAt),
        ended: r.endsAt.getTime() <= now,
        day: start.day,
        startTime: start.time,
        endTime: bratislavaFields(w.endsAt).time,
        recordingStatus: r.recordingUploadStatus,
      };
    }),
  };
});

const fieldMap = {
  title: "title",
  startsAt: "startTime",
  endsAt: "endTime",
  joinUrl: "joinUrl",
  levelId: "levelId",
  lecturer: "lecturer",
  description: "description",
  onlineMeetingId: "onlineMeetingId",
};

type FormValues = {
  title: string;
  description?: string;
  day: string;
  startTime: string;
  endTime: string;
  joinUrl: string;
  lecturer?: string;
  levelId?: string;
  attendanceRequired: boolean;
  onlineMeetingId?: string;
};
function bodyOf(v: FormValues) {
  return {
    title: v.title,
    description: v.description ?? "",
    startsAt: bratislavaInstant(v.day, v.startTime),
    endsAt: bratislavaInstant(v.day, v.endTime),
    joinUrl: v.joinUrl,
    lecturer: v.lecturer || null,
    levelId: v.levelId || null,
    attendanceRequired: v.attendanceRequired,
    onlineMeetingId: v.onlineMeetingId || null,
  };
}

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const deps = depsOf(services);
  const here = `/admin/kurzy/${d.course._id}/webinare`;
  // the recording: the provider opens a direct upload, the page then shows the file form
  // that posts straight to it (server/video recordings.ts; the same path as video blocks)
  const peek = await args.request.clone().formData();
  if (peek.get("intent") === "prepareRecording") {
    const webinarId = String(peek.get("webinarId") ?? "");
    const upload = await services.video.createRecordingUpload({ db: services.db, now: deps.now }, actor, webinarId, `${here}#zaznam-${webinarId}`);
    return { recordingUpload: { webinarId, uploadUrl: upload.uploadUrl, scripted: services.video.providerName === "mux" } };
  }
  // a refusal a change returns (a cancelled or ended webinar, the form's problems) goes back to
  // handleIntents, which shows it on the form
  return handleIntents(args.request, {
    createWebinar: intent({
      schema: createWebinarForm,
      fields: fieldMap,
      run: async (v) => {
        const created = await createWebinar(deps, actor, d.course._id, contractBody(WebinarCreateRequest, bodyOf(v)));
        return created.ok ? redirect(doneUrl(here, "pridane")) : created;
      },
    }),
    editWebinar: intent({
      schema: editWebinarForm,
      fields: fieldMap,
      run: async (v) => {
        const updated = await updateWebinar(deps, actor, v.webinarId, contractBody(WebinarPatchRequest, bodyOf(v)));
        return updated.ok ? redirect(doneUrl(here, "ulozene")) : updated;
      },
    }),
    cancelWebinar: intent({
      schema: cancelWebinarForm,
      run: async (v) => {
        const cancelled = await cancelWebinar(deps, actor, v.webinarId, v.reason ?? null);
        return cancelled.ok ? redirect(doneUrl(here, "webinar-zruseny")) : cancelled;
      },
    }),
  });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Webináre kurzu ${loaderData.course.title}` : "Webináre kurzu") },
  { name: "robots", content: "noindex" },
];

type Data = Route.ComponentProps["loaderData"];
type Row = Data["webinars"][number];

function WebinarForm({ d, reply, webinar }: { d: Data; reply: ActionReply; webinar?: Row }) {
  const key = webinar ? `editWebinar:${webinar._id}` : "createWebinar";
  const schema = webinar ? editWebinarForm : createWebinarForm;
  const [form, fields] = useAdminForm(
    key,
    schema,
    reply,
    webinar
      ? {
          title: webinar.title,
          description: webinar.description,
          day: webinar.day,
          startTime: webinar.startTime,
          endTime: webinar.endTime,
          joinUrl: webinar.joinUrl,
          lecturer: webinar.lecturer ?? "",
          levelId: webinar.levelId ?? "",
          attendanceRequired: webinar.attendanceRequired ? "on" : undefined,
          onlineMeetingId: webinar.onlineMeetingId ?? "",
        }
      : undefined,
  );
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormKey formKey={key} />
      {webinar ? <input type="hidden" name="webinarId" value={webinar._id} /> : null}
      <FormErrors meta={form} />
      <TextField meta={fields.title} label="Názov" />
      <TextField meta={fields.day} label="Dátum" type="date" />
      <TextField meta={fields.startTime} label="Začiatok (čas v Bratislave, HH:MM)" />
      <TextField meta={fields.endTime} label="Koniec (HH:MM)" />
      <TextField meta={fields.joinUrl} label="Odkaz na pripojenie (Teams, Zoom…)" type="url" />
      <TextField meta={fields.lecturer} label="Lektor" />
      <TextField meta={fields.description} label="Popis" multiline rows={3} />
      <SelectField meta={fields.levelId} label="Úroveň" options={d.levels} />
      <CheckboxField meta={fields.attendanceRequired} label="Účasť je povinná na dokončenie úrovne" />
      <TextField
        meta={fields.onlineMeetingId}
        label="ID schôdze v Microsoft Teams (nepovinné)"
        description="Keď ho vyplníte, záznam schôdze sa po jej skončení sám nahrá k webináru."
      />
      <IntentButton formKey={key} intent={webinar ? "editWebinar" : "createWebinar"}>
        {webinar ? "Uložiť zmeny" : "Naplánovať webinár"}
      </IntentButton>
    </Form>
  );
}

const RECORDING_STATES = {
  waiting: "čaká na súbor",
  ready: "pripravený, študenti ho vidia",
  errored: "spracovanie zlyhalo",
  cancelled: "nahrávanie zrušené",
} as const;

/** The recording: its state, "Pripraviť nahrávanie záznamu", then the plain file form to the provider. */
function RecordingForm({ webinar, actionData }: { webinar: Row; actionData: unknown }) {
  const prepared =
    actionData && typeof actionData === "object" && "recordingUpload" in actionData
      ? (actionData.recordingUpload as { webinarId: string; uploadUrl: string; scripted: boolean })
      : null;
  const mine = prepared?.webinarId === webinar._id ? prepared : null;
  return (
    <section id={`zaznam-${webinar._id}`} aria-label={`Záznam: ${webinar.title}`}>
      <p>
        Záznam:{" "}
        <span data-testid="recording-state">
          {webinar.recordingStatus ? RECORDING_STATES[webinar.recordingStatus] : webinar.recordingPlaybackId ? RECORDING_STATES.ready : "zatiaľ nie je"}
        </span>
      </p>
      {mine && !mine.scripted ? (
        <form method="post" action={mine.uploadUrl} encType="multipart/form-data">
          <label htmlFor={`recording-file-${webinar._id}`}>Súbor záznamu (MP4)</label>{" "}
          <input id={`recording-file-${webinar._id}`} type="file" name="file" accept="video/mp4,video/*" required />{" "}
          <button type="submit">Nahrať záznam</button>
        </form>
      ) : mine ? (
        <p className="muted">Súbor pošlite na adresu nahrávania s JavaScriptom (Mux prijíma len PUT): {mine.uploadUrl}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="prepareRecording" />
          <input type="hidden" name="webinarId" value={webinar._id} />
          <button type="submit" className="secondary">
            {webinar.recordingPlaybackId ? "Nahrať nový záznam" : "Pripraviť nahrávanie záznamu"}
          </button>
        </Form>
      )}
    </section>
  );
}

function CancelForm({ webinar, reply }: { webinar: Row; reply: ActionReply }) {
  const key = `cancelWebinar:${webinar._id}`;
  const [form, fields] = useAdminForm(key, cancelWebinarForm, reply);
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormKey formKey={key} />
      <input type="hidden" name="webinarId" value={webinar._id} />
      <FormErrors meta={form} />
      <TextField meta={fields.reason} label="Dôvod zrušenia (dostanú ho študenti)" />
      <IntentButton formKey={key} intent="cancelWebinar" variant="danger">
        Zrušiť webinár
      </IntentButton>
    </Form>
  );
}

export default function CourseWebinars({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  return (
    <>
      <CourseHeader course={d.course} current="webinare" editing={false} />
      <DoneStatus message={d.done} />
      <h2>Webináre</h2>
      <p className="muted">
        Webináre patria kurzu (všetkým jeho verziám). Zmena času alebo odkazu a zrušenie pošlú zapísaným študentom e-mail s udalosťou do kalendára.
      </p>
      {d.webinars.length ? (
        <ul className="webinar-admin-list">
          {d.webinars.map((w) => (
            <li key={w._id} className="card">
              <h3>
                {w.title}{" "}
                {w.state === "cancelled" ? <span className="state state-archived">zrušený</span> : w.ended ? <span className="muted">(skončil)</span> : null}
              </h3>
              <p>
                {w.when}
                {w.lecturer ? ` · ${w.lecturer}` : ""}
                {w.attendanceRequired ? " · účasť povinná" : ""}
                {w.state === "scheduled" ? (
                  <>
                    {" "}
                    · <Link to={`/admin/kurzy/${d.course.id}/webinare/${w._id}/ucast`}>Účasť</Link>
                  </>
                ) : null}
              </p>
              {w.state === "scheduled" ? <RecordingForm webinar={w} actionData={actionData} /> : null}
              {w.state === "scheduled" && !w.ended ? (
                <details>
                  <summary>Upraviť alebo zrušiť</summary>
                  <WebinarForm d={d} reply={reply} webinar={w} />
                  <CancelForm webinar={w} reply={reply} />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Kurz zatiaľ nemá žiadny webinár.</p>
      )}
      <section aria-labelledby="novy-webinar" className="card">
        <h2 id="novy-webinar">Nový webinár</h2>
        <WebinarForm d={d} reply={reply} />
      </section>
    </>
  );
}
