// /admin/kurzy/<courseId>: one course version's editor home. Publishing (admin; the
// publish rules the draft fails are listed inline, each naming and linking its item),
// archive, new version, deleting a draft; the structure tree levels → topics → module →
// parts with add, edit, delete and ↑/↓ reorder, every one a plain POST form (works without
// JavaScript), calling the same server/authoring functions as /api/admin/* (which write
// the audit rows). A course that is not a draft is shown read-only.
import { KEPT_ACTION_NOTICE, keptForm } from "../../lib/step-up.server";
import type { ReactNode } from "react";
import { Form, Link, redirect } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/course-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import {
  contractBody,
  courseDetail,
  doneMessage,
  doneUrl,
  editorOf,
  formReply,
  handleIntents,
  intent,
  moved,
} from "../../lib/admin-authoring.server";
import { requireRole } from "../../lib/auth.server";
import { slugify, structureForms as f } from "../../lib/authoring-forms";
import {
  ButtonForm,
  CourseHeader,
  DoneStatus,
  FormKey,
  IntentButton,
  MoveButtons,
  ReplyErrors,
  useAdminForm,
  type ActionReply,
} from "../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../components/forms";
import {
  archiveCourse,
  createLevel,
  createModule,
  createNewVersion,
  createPart,
  createTopic,
  deleteCourse,
  deleteLevel,
  deleteModule,
  deletePart,
  deleteTopic,
  LevelCreateRequest,
  listAdminCourses,
  LevelPatchRequest,
  ModuleCreateRequest,
  ModulePatchRequest,
  PartCreateRequest,
  publishCourse,
  reorderLevels,
  reorderParts,
  reorderTopics,
  TopicCreateRequest,
  TopicPatchRequest,
  updateLevel,
  updateModule,
  updateTopic,
  type AdminCourseDetail,
  type PublishProblem,
} from "#server/authoring";
import { DomainError } from "#server/http/errors";
import { formatDate, formatDecimal } from "#server/money";

type Detail = AdminCourseDetail;

function levelOf(d: Detail, id: string) {
  const level = d.levels.find((l) => l._id === id);
  if (!level) throw new DomainError("not_found", "Úroveň v tomto kurze nie je.");
  return level;
}
function topicOf(d: Detail, id: string) {
  for (const level of d.levels) {
    const topic = level.topics.find((t) => t._id === id);
    if (topic) return { level, topic };
  }
  throw new DomainError("not_found", "Téma v tomto kurze nie je.");
}
function moduleOf(d: Detail, id: string) {
  for (const level of d.levels) for (const topic of level.topics) if (topic.module?._id === id) return topic.module;
  throw new DomainError("not_found", "Modul v tomto kurze nie je.");
}
function partOf(d: Detail, id: string) {
  for (const level of d.levels) for (const topic of level.topics) for (const part of topic.module?.parts ?? []) if (part._id === id) return { module: topic.module!, part };
  throw new DomainError("not_found", "Časť v tomto kurze nie je.");
}

const same = (...names: string[]) => Object.fromEntries(names.map((n) => [n, n]));

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services, isAdmin } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const c = d.course;
  const base = `/admin/kurzy/${c._id}`;
  // where each item a publish problem can name is shown
  const anchors: Record<string, string> = {};
  const testOf = new Map(d.tests.map((t) => [t._id, t]));
  const levels = d.levels.map((l) => {
    anchors[l._id] = `#uzol-${l._id}`;
    return {
      id: l._id,
      title: l.title,
      slug: l.slug,
      subtitle: l.subtitle,
      estimatedHours: l.estimatedHours,
      hours: formatDecimal(l.estimatedHours),
      hoursInput: formatDecimal(l.estimatedHours, 2).replace(/\u00a0/g, ""),
      issuesIntermediateCertificate: l.issuesIntermediateCertificate,
      test: l.levelTestId ? { id: l.levelTestId, title: testOf.get(l.levelTestId)?.title ?? "" } : null,
      topics: l.topics.map((t) => {
        anchors[t._id] = `#uzol-${t._id}`;
        if (t.module) anchors[t.module._id] = `#uzol-${t.module._id}`;
        return {
          id: t._id,
          title: t.title,
          slug: t.slug,
          iconName: t.iconName,
          module: t.module
            ? {
                id: t.module._id,
                title: t.module.title,
                estimatedMinutes: t.module.estimatedMinutes,
                parts: t.module.parts.map((p) => {
                  // a video that is not ready is fixed on its upload page
                  for (const b of p.contentBlocks) if (b.type === "video") anchors[b.id] = `/admin/video/${p._id}/${b.id}`;
                  return {
                    id: p._id,
                    title: p.title,
                    slug: p.slug,
                    requiredForCompletion: p.requiredForCompletion,
                    blocks: p.contentBlocks.length,
                    hasTest: p.partTestId !== null,
                  };
                }),
              }
            : null,
        };
      }),
    };
  });
  for (const t of d.tests) anchors[t._id] = `${base}/testy/${t._id}`;
  // every version of the course (same slug), newest first
  const chain = await listAdminCourses(services.db, { slug: c.slug, page: 1, pageSize: 100 });
  return {
    versions: chain.data.map((v) => ({ id: v._id, version: v.version, state: v.state, current: v._id === c._id })),
    course: { id: c._id, title: c.title, slug: c.slug, version: c.version, state: c.state },
    publishedAt: c.publishedAt ? formatDate(c.publishedAt) : null,
    archivedAt: c.archivedAt ? formatDate(c.archivedAt) : null,
    previousVersionId: c.previousVersionId,
    isAdmin,
    editable: c.state === "draft",
    // back from signing in again for publishing: say it has not happened yet
    done: doneMessage(args.request) ?? ((await keptForm(args.request, args.context)) ? KEPT_ACTION_NOTICE : null),
    levels,
    anchors,
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { db } = services;
  const d = await courseDetail(services, args.params.courseId);
  const courseId = d.course._id;
  const here = `/admin/kurzy/${courseId}`;
  const levelFields = same("title", "slug", "subtitle", "estimatedHours");
  const topicFields = same("title", "slug", "iconName");
  const moduleFields = same("title", "estimatedMinutes");

  return handleIntents(args.request, {
    // ---------- lifecycle ----------
    publish: intent({
      schema: f.publish,
      authorize: () => requireRole(args.context, "admin", { action: "Zverejniť kurz" }),
      stepUp: true,
      run: async () => {
        try {
          await publishCourse(db, services, actor, courseId);
        } catch (error) {
          if (error instanceof DomainError && error.code === "validation" && Array.isArray(error.details)) {
            return formReply({ form: "publish", problems: error.details as PublishProblem[] }, 422);
          }
          throw error;
        }
        return redirect(doneUrl(here, "zverejneny"));
      },
    }),
    archive: intent({
      schema: f.archive,
      run: async () => {
        requireRole(args.context, "admin", { action: "Archivovať kurz" });
        await archiveCourse(db, services.clock, actor, courseId);
        return redirect(doneUrl(here, "archivovany"));
      },
    }),
    newVersion: intent({
      schema: f.newVersion,
      run: async () => {
        try {
          const { newCourseId } = await createNewVersion(db, actor, courseId);
          return redirect(doneUrl(`/admin/kurzy/${newCourseId}`, "nova-verzia"));
        } catch (error) {
          const draft = error instanceof DomainError && error.code === "draft_exists" ? (error.details as { draftCourseId?: string }).draftCourseId : undefined;
          if (draft) return redirect(doneUrl(`/admin/kurzy/${draft}`, "koncept-existuje"));
          throw error;
        }
      },
    }),
    deleteCourse: intent({
      schema: f.deleteCourse,
      run: async () => {
        requireRole(args.context, "admin", { action: "Zmazať kurz" });
        await deleteCourse(db, actor, courseId);
        return redirect(doneUrl("/admin/kurzy", "zmazane"));
      },
    }),

    // ---------- levels ----------
    addLevel: intent({
      schema: f.addLevel,
      fields: levelFields,
      run: async (v) => {
        const body = contractBody(LevelCreateRequest, { slug: v.slug ?? slugify(v.title), title: v.title, subtitle: v.subtitle ?? null, estimatedHours: v.estimatedHours ?? 0 });
        const level = await createLevel(db, actor, courseId, body);
        return redirect(doneUrl(here, "pridane", `uzol-${level._id}`));
      },
    }),
    editLevel: intent({
      schema: f.editLevel,
      fields: levelFields,
      run: async (v) => {
        const level = levelOf(d, v.levelId);
        const body = contractBody(LevelPatchRequest, {
          title: v.title,
          slug: v.slug ?? level.slug,
          subtitle: v.subtitle ?? null,
          estimatedHours: v.estimatedHours ?? 0,
          issuesIntermediateCertificate: v.issuesIntermediateCertificate,
        });
        await updateLevel(db, actor, level._id, body);
        return redirect(doneUrl(here, "ulozene", `uzol-${level._id}`));
      },
    }),
    moveLevel: intent({
      schema: f.moveLevel,
      run: async (v) => {
        levelOf(d, v.levelId);
        const ids = moved(d.levels.map((l) => l._id), v.levelId, v.direction);
        if (ids) await reorderLevels(db, actor, courseId, ids);
        return redirect(doneUrl(here, "presunute", `uzol-${v.levelId}`));
      },
    }),
    deleteLevel: intent({
      schema: f.deleteLevel,
      run: async (v) => {
        requireRole(args.context, "admin", { action: "Zmazať úroveň" });
        await deleteLevel(db, actor, levelOf(d, v.levelId)._id);
        return redirect(doneUrl(here, "zmazane", "struktura"));
      },
    }),

    // ---------- topics ----------
    addTopic: intent({
      schema: f.addTopic,
      fields: topicFields,
      run: async (v) => {
        const level = levelOf(d, v.levelId);
        const topic = await createTopic(db, actor, level._id, contractBody(TopicCreateRequest, { slug: v.slug ?? slugify(v.title), title: v.title, iconName: v.iconName ?? null }));
        return redirect(doneUrl(here, "pridane", `uzol-${topic._id}`));
      },
    }),
    editTopic: intent({
      schema: f.editTopic,
      fields: topicFields,
      run: async (v) => {
        const { topic } = topicOf(d, v.topicId);
        await updateTopic(db, actor, topic._id, contractBody(TopicPatchRequest, { title: v.title, slug: v.slug ?? topic.slug, iconName: v.iconName ?? null }));
        return redirect(doneUrl(here, "ulozene", `uzol-${topic._id}`));
      },
    }),
    moveTopic: intent({
      schema: f.moveTopic,
      run: async (v) => {
        const { level } = topicOf(d, v.topicId);
        const ids = moved(level.topics.map((t) => t._id), v.topicId, v.direction);
        if (ids) await reorderTopics(db, actor, level._id, ids);
        return redirect(doneUrl(here, "presunute", `uzol-${v.topicId}`));
      },
    }),
    deleteTopic: intent({
      schema: f.deleteTopic,
      run: async (v) => {
        const { level, topic } = topicOf(d, v.topicId);
        await deleteTopic(db, actor, topic._id);
        return redirect(doneUrl(here, "zmazane", `uzol-${level._id}`));
      },
    }),

    // ---------- the module of a topic ----------
    addModule: intent({
      schema: f.addModule,
      fields: moduleFields,
      run: async (v) => {
        const { topic } = topicOf(d, v.topicId);
        const module = await createModule(db, actor, topic._id, contractBody(ModuleCreateRequest, { title: v.title, estimatedMinutes: v.estimatedMinutes ?? 0 }));
        return redirect(doneUrl(here, "pridane", `uzol-${module._id}`));
      },
    }),
    editModule: intent({
      schema: f.editModule,
      fields: moduleFields,
      run: async (v) => {
        const module = moduleOf(d, v.moduleId);
        await updateModule(db, actor, module._id, contractBody(ModulePatchRequest, { title: v.title, estimatedMinutes: v.estimatedMinutes ?? 0 }));
        return redirect(doneUrl(here, "ulozene", `uzol-${module._id}`));
      },
    }),
    deleteModule: intent({
      schema: f.deleteModule,
      run: async (v) => {
        const module = moduleOf(d, v.moduleId);
        await deleteModule(db, actor, module._id);
        return redirect(doneUrl(here, "zmazane", `uzol-${module.topicId}`));
      },
    }),

    // ---------- parts ----------
    addPart: intent({
      schema: f.addPart,
      fields: same("title", "slug", "requiredForCompletion"),
      run: async (v) => {
        const module = moduleOf(d, v.moduleId);
        const body = contractBody(PartCreateRequest, { slug: v.slug ?? slugify(v.title), title: v.title, requiredForCompletion: v.requiredForCompletion });
        const part = await createPart(db, actor, module._id, body);
        return redirect(doneUrl(`${here}/casti/${part._id}`, "pridane"));
      },
    }),
    movePart: intent({
      schema: f.movePart,
      run: async (v) => {
        const { module } = partOf(d, v.partId);
        const ids = moved(module.parts.map((p) => p._id), v.partId, v.direction);
        if (ids) await reorderParts(db, actor, module._id, ids);
        return redirect(doneUrl(here, "presunute", `uzol-${v.partId}`));
      },
    }),
    deletePart: intent({
      schema: f.deletePart,
      run: async (v) => {
        const { module } = partOf(d, v.partId);
        await deletePart(db, actor, v.partId);
        return redirect(doneUrl(here, "zmazane", `uzol-${module._id}`));
      },
    }),
  }, { context: args.context });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `${loaderData.course.title} – editor kurzu` : "Editor kurzu") },
  { name: "robots", content: "noindex" },
];

type Data = Route.ComponentProps["loaderData"];
type Level = Data["levels"][number];
type Topic = Level["topics"][number];
type Module = NonNullable<Topic["module"]>;

function open(reply: ActionReply, ...keys: string[]) {
  return Boolean(reply && keys.includes(reply.form));
}

// ---------- publishing ----------

function ProblemList({ problems, anchors, courseId }: { problems: NonNullable<ActionReply>["problems"]; anchors: Record<string, string>; courseId: string }) {
  if (!problems?.length) return null;
  const hrefOf = (p: { id: string; path: string }) =>
    anchors[p.id] ?? (p.path === "levels" ? "#struktura" : p.path.startsWith("tests") ? `/admin/kurzy/${courseId}/testy` : `/admin/kurzy/${courseId}/udaje`);
  return (
    <div className="alert publish-problems" role="alert" aria-labelledby="problemy-nadpis">
      <h3 id="problemy-nadpis">Kurz sa nedá zverejniť. Doplňte:</h3>
      <ul>
        {problems.map((p) => (
          <li key={`${p.code}-${p.id}-${p.path}`}>
            <a href={hrefOf(p)}>{p.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATE_WORDS: Record<string, string> = { draft: "koncept", published: "zverejnená", archived: "archivovaná", deleted: "zmazaná" };

function Publishing({ d, reply }: { d: Data; reply: ActionReply }) {
  const c = d.course;
  const adminOnly = "Zverejniť, archivovať a zmazať kurz môže len administrátor.";
  return (
    <section aria-labelledby="zverejnenie" className="card publishing">
      <h2 id="zverejnenie">Zverejnenie</h2>
      {c.state === "draft" ? (
        <p>Koncept: študenti ho nevidia. Po zverejnení sa objaví v katalógu{d.previousVersionId ? " a nahradí doterajšiu zverejnenú verziu (tá sa archivuje)" : ""}.</p>
      ) : c.state === "published" ? (
        <p>Zverejnený {d.publishedAt}. Je v katalógu a dá sa kúpiť.</p>
      ) : c.state === "archived" ? (
        <p>Archivovaný {d.archivedAt}. V katalógu nie je; zapísaní študenti pokračujú.</p>
      ) : (
        <p>Zmazaná verzia (ponechaná kvôli záznamom).</p>
      )}
      <ProblemList problems={reply?.form === "publish" ? reply.problems : undefined} anchors={d.anchors} courseId={c.id} />
      <ReplyErrors reply={reply} formKeys={["publish", "archive", "newVersion", "deleteCourse"]} />
      <div className="actions">
        {c.state === "draft" || c.state === "archived" ? (
          d.isAdmin ? (
            <ButtonForm formKey="publish" intent="publish" pendingLabel="Zverejňuje sa…">
              {c.state === "draft" ? "Zverejniť kurz" : "Znova zverejniť"}
            </ButtonForm>
          ) : (
            <span className="disabled-action">
              <button type="button" disabled aria-describedby="len-admin">
                {c.state === "draft" ? "Zverejniť kurz" : "Znova zverejniť"}
              </button>
              <span id="len-admin" className="muted">{adminOnly}</span>
            </span>
          )
        ) : null}
        {c.state === "published" && d.isAdmin ? (
          <ButtonForm formKey="archive" intent="archive" variant="secondary" confirm="Archivovať kurz? Z katalógu zmizne, zapísaní študenti pokračujú." pendingLabel="Archivuje sa…">
            Archivovať
          </ButtonForm>
        ) : null}
        {c.state === "published" || c.state === "archived" ? (
          <ButtonForm formKey="newVersion" intent="newVersion" variant="secondary" pendingLabel="Vytvára sa…">
            Vytvoriť novú verziu
          </ButtonForm>
        ) : null}
        {c.state === "draft" && d.isAdmin ? (
          <ButtonForm formKey="deleteCourse" intent="deleteCourse" variant="danger" confirm="Zmazať tento koncept aj s celým obsahom?" pendingLabel="Maže sa…">
            Zmazať koncept
          </ButtonForm>
        ) : null}
      </div>
      {c.state === "published" && !d.isAdmin ? <p className="muted">{adminOnly}</p> : null}
      {d.versions.length > 1 ? (
        <nav aria-label="Verzie kurzu" className="versions">
          <p>
            Verzie kurzu:{" "}
            {d.versions.map((v, i) => (
              <span key={v.id}>
                {i ? " · " : ""}
                {v.current ? (
                  <strong aria-current="page">
                    {v.version} ({STATE_WORDS[v.state]})
                  </strong>
                ) : (
                  <Link to={`/admin/kurzy/${v.id}`}>
                    {v.version} ({STATE_WORDS[v.state]})
                  </Link>
                )}
              </span>
            ))}
          </p>
        </nav>
      ) : null}
    </section>
  );
}

// ---------- the tree ----------

function LevelForm({ level, reply }: { level?: Level; reply: ActionReply }) {
  const key = level ? `editLevel:${level.id}` : "addLevel";
  const schema = level ? f.editLevel : f.addLevel;
  const [form, fields] = useAdminForm(key, schema, reply, level ? {
    levelId: level.id,
    title: level.title,
    slug: level.slug,
    subtitle: level.subtitle ?? "",
    estimatedHours: level.hoursInput,
    issuesIntermediateCertificate: level.issuesIntermediateCertificate,
  } : undefined);
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      {level ? <input type="hidden" name="levelId" value={level.id} /> : null}
      <FormErrors meta={form} />
      <TextField meta={fs.title} label="Názov úrovne" />
      <TextField meta={fs.slug} label={level ? "Identifikátor do adresy" : "Identifikátor do adresy (nepovinné)"} description={level ? undefined : "Nechajte prázdne a vytvorí sa z názvu."} />
      <TextField meta={fs.subtitle} label="Podnadpis (nepovinné)" />
      <TextField meta={fs.estimatedHours} label="Rozsah (hodiny)" description="Napríklad 4 alebo 1,5." />
      {level ? <CheckboxField meta={fs.issuesIntermediateCertificate} label="Po dokončení úrovne vydať priebežné osvedčenie" /> : null}
      <IntentButton formKey={key} intent={level ? "editLevel" : "addLevel"}>{level ? "Uložiť úroveň" : "Pridať úroveň"}</IntentButton>
    </Form>
  );
}

function TopicForm({ levelId, topic, reply }: { levelId: string; topic?: Topic; reply: ActionReply }) {
  const key = topic ? `editTopic:${topic.id}` : `addTopic:${levelId}`;
  const [form, fields] = useAdminForm(key, topic ? f.editTopic : f.addTopic, reply, topic ? { topicId: topic.id, title: topic.title, slug: topic.slug, iconName: topic.iconName ?? "" } : { levelId });
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      <input type="hidden" name={topic ? "topicId" : "levelId"} value={topic ? topic.id : levelId} />
      <FormErrors meta={form} />
      <TextField meta={fs.title} label="Názov témy" />
      <TextField meta={fs.slug} label={topic ? "Identifikátor do adresy" : "Identifikátor do adresy (nepovinné)"} />
      <TextField meta={fs.iconName} label="Ikona (nepovinné)" description="Názov ikony, napríklad wallet." />
      <IntentButton formKey={key} intent={topic ? "editTopic" : "addTopic"}>{topic ? "Uložiť tému" : "Pridať tému"}</IntentButton>
    </Form>
  );
}

function ModuleForm({ topicId, module, reply }: { topicId: string; module?: Module; reply: ActionReply }) {
  const key = module ? `editModule:${module.id}` : `addModule:${topicId}`;
  const [form, fields] = useAdminForm(key, module ? f.editModule : f.addModule, reply, module ? { title: module.title, estimatedMinutes: String(module.estimatedMinutes) } : undefined);
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      <input type="hidden" name={module ? "moduleId" : "topicId"} value={module ? module.id : topicId} />
      <FormErrors meta={form} />
      <TextField meta={fs.title} label={module ? "Názov modulu" : "Názov modulu (nepovinné)"} description={module ? undefined : "Nechajte prázdne a prevezme názov témy."} />
      <TextField meta={fs.estimatedMinutes} label="Odhadovaný čas (minúty)" />
      <IntentButton formKey={key} intent={module ? "editModule" : "addModule"}>{module ? "Uložiť modul" : "Vytvoriť modul"}</IntentButton>
    </Form>
  );
}

function PartForm({ moduleId, reply }: { moduleId: string; reply: ActionReply }) {
  const key = `addPart:${moduleId}`;
  const [form, fields] = useAdminForm(key, f.addPart, reply, { requiredForCompletion: true });
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      <input type="hidden" name="moduleId" value={moduleId} />
      <FormErrors meta={form} />
      <TextField meta={fs.title} label="Názov časti" />
      <TextField meta={fs.slug} label="Identifikátor do adresy (nepovinné)" />
      <CheckboxField meta={fs.requiredForCompletion} label="Povinná na dokončenie modulu" />
      <IntentButton formKey={key} intent="addPart">Pridať časť</IntentButton>
    </Form>
  );
}

function Editable({ summary, openNow, children }: { summary: string; openNow: boolean; children: ReactNode }) {
  return (
    <details className="tree-edit" open={openNow || undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

function ModuleNode({ d, topic, reply }: { d: Data; topic: Topic; reply: ActionReply }) {
  const module = topic.module;
  const base = `/admin/kurzy/${d.course.id}`;
  if (!module) {
    return (
      <div className="module missing">
        <p>Téma zatiaľ nemá modul (každá téma má práve jeden).</p>
        {d.editable ? <ModuleForm topicId={topic.id} reply={reply} /> : null}
      </div>
    );
  }
  return (
    <div className="module" id={`uzol-${module.id}`}>
      <p>
        <strong>Modul:</strong> {module.title} <span className="muted">({module.estimatedMinutes} min)</span>
      </p>
      {d.editable ? (
        <div className="node-actions">
          <Editable summary={`Upraviť modul ${module.title}`} openNow={open(reply, `editModule:${module.id}`)}>
            <ModuleForm key={JSON.stringify(module)} topicId={topic.id} module={module} reply={reply} />
          </Editable>
          <ButtonForm formKey={`deleteModule:${module.id}`} intent="deleteModule" fields={{ moduleId: module.id }} variant="small-danger" confirm={`Zmazať modul „${module.title}“ aj s jeho časťami?`}>
            Zmazať modul
          </ButtonForm>
        </div>
      ) : null}
      <ReplyErrors reply={reply} formKeys={[`deleteModule:${module.id}`, ...module.parts.flatMap((p) => [`deletePart:${p.id}`, `movePart:${p.id}:up`, `movePart:${p.id}:down`])]} />
      {module.parts.length ? (
        <ol className="parts">
          {module.parts.map((p, i) => (
            <li key={p.id} id={`uzol-${p.id}`}>
              <Link to={`${base}/casti/${p.id}`}>{p.title}</Link>{" "}
              <span className="muted">
                ({[p.requiredForCompletion ? "povinná" : "nepovinná", `${p.blocks} ${p.blocks === 1 ? "blok" : p.blocks >= 2 && p.blocks <= 4 ? "bloky" : "blokov"}`, p.hasTest ? "s testom" : null].filter(Boolean).join(", ")})
              </span>
              {d.editable ? (
                <span className="node-actions inline">
                  <MoveButtons intent="movePart" idField="partId" id={p.id} name={p.title} first={i === 0} last={i === module.parts.length - 1} />
                  <ButtonForm formKey={`deletePart:${p.id}`} intent="deletePart" fields={{ partId: p.id }} variant="small" label={`Zmazať časť ${p.title}`} confirm={`Zmazať časť „${p.title}“?`}>
                    Zmazať
                  </ButtonForm>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Modul nemá žiadnu časť.</p>
      )}
      {d.editable ? (
        <Editable summary={`Pridať časť do modulu ${module.title}`} openNow={open(reply, `addPart:${module.id}`)}>
          <PartForm moduleId={module.id} reply={reply} />
        </Editable>
      ) : null}
    </div>
  );
}

function TopicNode({ d, level, topic, index, levelIndex, reply }: { d: Data; level: Level; topic: Topic; index: number; levelIndex: number; reply: ActionReply }) {
  return (
    <li id={`uzol-${topic.id}`} className="topic">
      <h4>
        Téma {levelIndex + 1}.{index + 1}: {topic.title}
      </h4>
      {d.editable ? (
        <div className="node-actions">
          <MoveButtons intent="moveTopic" idField="topicId" id={topic.id} name={topic.title} first={index === 0} last={index === level.topics.length - 1} />
          <Editable summary={`Upraviť tému ${topic.title}`} openNow={open(reply, `editTopic:${topic.id}`)}>
            <TopicForm key={JSON.stringify([topic.title, topic.slug, topic.iconName])} levelId={level.id} topic={topic} reply={reply} />
          </Editable>
          <ButtonForm formKey={`deleteTopic:${topic.id}`} intent="deleteTopic" fields={{ topicId: topic.id }} variant="small-danger" confirm={`Zmazať tému „${topic.title}“ aj s modulom a časťami?`}>
            Zmazať tému
          </ButtonForm>
        </div>
      ) : null}
      <ReplyErrors reply={reply} formKeys={[`deleteTopic:${topic.id}`, `moveTopic:${topic.id}:up`, `moveTopic:${topic.id}:down`]} />
      <ModuleNode d={d} topic={topic} reply={reply} />
    </li>
  );
}

function LevelNode({ d, level, index, reply }: { d: Data; level: Level; index: number; reply: ActionReply }) {
  return (
    <li id={`uzol-${level.id}`} className="level">
      <h3>
        Úroveň {index + 1}: {level.title}
      </h3>
      <p className="muted">
        {level.subtitle ? `${level.subtitle} · ` : ""}
        {level.hours} h{level.issuesIntermediateCertificate ? " · priebežné osvedčenie" : ""}
        {level.test ? (
          <>
            {" · test úrovne: "}
            <Link to={`/admin/kurzy/${d.course.id}/testy/${level.test.id}`}>{level.test.title}</Link>
          </>
        ) : null}
      </p>
      {d.editable ? (
        <div className="node-actions">
          <MoveButtons intent="moveLevel" idField="levelId" id={level.id} name={level.title} first={index === 0} last={index === d.levels.length - 1} />
          <Editable summary={`Upraviť úroveň ${level.title}`} openNow={open(reply, `editLevel:${level.id}`)}>
            <LevelForm key={JSON.stringify([level.title, level.slug, level.subtitle, level.hoursInput, level.issuesIntermediateCertificate])} level={level} reply={reply} />
          </Editable>
          {d.isAdmin ? (
            <ButtonForm formKey={`deleteLevel:${level.id}`} intent="deleteLevel" fields={{ levelId: level.id }} variant="small-danger" confirm={`Zmazať úroveň „${level.title}“ aj s témami, modulmi a časťami?`}>
              Zmazať úroveň
            </ButtonForm>
          ) : null}
        </div>
      ) : null}
      <ReplyErrors reply={reply} formKeys={[`deleteLevel:${level.id}`, `moveLevel:${level.id}:up`, `moveLevel:${level.id}:down`]} />
      {level.topics.length ? (
        <ol className="topics">
          {level.topics.map((t, i) => (
            <TopicNode key={t.id} d={d} level={level} topic={t} index={i} levelIndex={index} reply={reply} />
          ))}
        </ol>
      ) : (
        <p className="muted">Úroveň nemá žiadnu tému.</p>
      )}
      {d.editable ? (
        <Editable summary={`Pridať tému do úrovne ${level.title}`} openNow={open(reply, `addTopic:${level.id}`)}>
          <TopicForm key={level.topics.length} levelId={level.id} reply={reply} />
        </Editable>
      ) : null}
    </li>
  );
}

export default function CourseEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  return (
    <>
      <CourseHeader course={d.course} current="struktura" />
      <DoneStatus message={d.done} />
      <Publishing d={d} reply={reply} />

      <section aria-labelledby="struktura" className="structure">
        <h2 id="struktura">Štruktúra kurzu</h2>
        <p className="muted">Úrovne → témy → modul témy → časti. Obsah časti (texty, videá, prílohy) upravíte po kliknutí na jej názov.</p>
        {d.levels.length ? (
          <ol className="tree">
            {d.levels.map((l, i) => (
              <LevelNode key={l.id} d={d} level={l} index={i} reply={reply} />
            ))}
          </ol>
        ) : (
          <p>Kurz zatiaľ nemá žiadnu úroveň.</p>
        )}
        {d.editable ? (
          <section aria-labelledby="nova-uroven" className="card add-level">
            <h3 id="nova-uroven">Pridať úroveň</h3>
            <LevelForm key={d.levels.length} reply={reply} />
          </section>
        ) : null}
      </section>
    </>
  );
}
