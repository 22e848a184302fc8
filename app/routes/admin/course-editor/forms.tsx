// The course editor's form components (publishing is in publishing.tsx): the structure tree and the forms of levels,
// topics, modules and parts.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "../+types/course-editor";
import { structureForms as f } from "../../../lib/authoring-forms";
import { ButtonForm, FormKey, IntentButton, MoveButtons, ReplyErrors, useAdminForm, type ActionReply } from "../../../components/admin-authoring";
import { CheckboxField, FormErrors, TextField } from "../../../components/forms";

export type Data = Route.ComponentProps["loaderData"];
export type Level = Data["levels"][number];
export type Topic = Level["topics"][number];
export type Module = NonNullable<Topic["module"]>;

export function open(reply: ActionReply, ...keys: string[]) {
  return Boolean(reply && keys.includes(reply.form));
}

// ---------- the tree ----------

export function LevelForm({ level, reply }: { level?: Level; reply: ActionReply }) {
  const key = level ? `editLevel:${level.id}` : "addLevel";
  const schema = level ? f.editLevel : f.addLevel;
  const [form, fields] = useAdminForm(
    key,
    schema,
    reply,
    level
      ? {
          levelId: level.id,
          title: level.title,
          slug: level.slug,
          subtitle: level.subtitle ?? "",
          estimatedHours: level.hoursInput,
          issuesIntermediateCertificate: level.issuesIntermediateCertificate,
        }
      : undefined,
  );
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      {level ? <input type="hidden" name="levelId" value={level.id} /> : null}
      <FormErrors meta={form} />
      <TextField meta={fs.title} label="Názov úrovne" />
      <TextField
        meta={fs.slug}
        label={level ? "Identifikátor do adresy" : "Identifikátor do adresy (nepovinné)"}
        description={level ? undefined : "Nechajte prázdne a vytvorí sa z názvu."}
      />
      <TextField meta={fs.subtitle} label="Podnadpis (nepovinné)" />
      <TextField meta={fs.estimatedHours} label="Rozsah (hodiny)" description="Napríklad 4 alebo 1,5." />
      {level ? <CheckboxField meta={fs.issuesIntermediateCertificate} label="Po dokončení úrovne vydať priebežné osvedčenie" /> : null}
      <IntentButton formKey={key} intent={level ? "editLevel" : "addLevel"}>
        {level ? "Uložiť úroveň" : "Pridať úroveň"}
      </IntentButton>
    </Form>
  );
}

export function TopicForm({ levelId, topic, reply }: { levelId: string; topic?: Topic; reply: ActionReply }) {
  const key = topic ? `editTopic:${topic.id}` : `addTopic:${levelId}`;
  const [form, fields] = useAdminForm(
    key,
    topic ? f.editTopic : f.addTopic,
    reply,
    topic ? { topicId: topic.id, title: topic.title, slug: topic.slug, iconName: topic.iconName ?? "" } : { levelId },
  );
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      <input type="hidden" name={topic ? "topicId" : "levelId"} value={topic ? topic.id : levelId} />
      <FormErrors meta={form} />
      <TextField meta={fs.title} label="Názov témy" />
      <TextField meta={fs.slug} label={topic ? "Identifikátor do adresy" : "Identifikátor do adresy (nepovinné)"} />
      <TextField meta={fs.iconName} label="Ikona (nepovinné)" description="Názov ikony, napríklad wallet." />
      <IntentButton formKey={key} intent={topic ? "editTopic" : "addTopic"}>
        {topic ? "Uložiť tému" : "Pridať tému"}
      </IntentButton>
    </Form>
  );
}

export function ModuleForm({ topicId, module, reply }: { topicId: string; module?: Module; reply: ActionReply }) {
  const key = module ? `editModule:${module.id}` : `addModule:${topicId}`;
  const [form, fields] = useAdminForm(
    key,
    module ? f.editModule : f.addModule,
    reply,
    module ? { title: module.title, estimatedMinutes: String(module.estimatedMinutes) } : undefined,
  );
  const fs = fields as Record<string, Parameters<typeof TextField>[0]["meta"]>;
  return (
    <Form method="post" {...getFormProps(form)} className="tree-form">
      <FormKey formKey={key} />
      <input type="hidden" name={module ? "moduleId" : "topicId"} value={module ? module.id : topicId} />
      <FormErrors meta={form} />
      <TextField
        meta={fs.title}
        label={module ? "Názov modulu" : "Názov modulu (nepovinné)"}
        description={module ? undefined : "Nechajte prázdne a prevezme názov témy."}
      />
      <TextField meta={fs.estimatedMinutes} label="Odhadovaný čas (minúty)" />
      <IntentButton formKey={key} intent={module ? "editModule" : "addModule"}>
        {module ? "Uložiť modul" : "Vytvoriť modul"}
      </IntentButton>
    </Form>
  );
}

export function PartForm({ moduleId, reply }: { moduleId: string; reply: ActionReply }) {
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
      <IntentButton formKey={key} intent="addPart">
        Pridať časť
      </IntentButton>
    </Form>
  );
}

export function Editable({ summary, openNow, children }: { summary: string; openNow: boolean; children: ReactNode }) {
  return (
    <details className="tree-edit" open={openNow || undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

export function ModuleNode({ d, topic, reply }: { d: Data; topic: Topic; reply: ActionReply }) {
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
          <ButtonForm
            formKey={`deleteModule:${module.id}`}
            intent="deleteModule"
            fields={{ moduleId: module.id }}
            variant="small-danger"
            confirm={`Zmazať modul „${module.title}“ aj s jeho časťami?`}
          >
            Zmazať modul
          </ButtonForm>
        </div>
      ) : null}
      <ReplyErrors
        reply={reply}
        formKeys={[`deleteModule:${module.id}`, ...module.parts.flatMap((p) => [`deletePart:${p.id}`, `movePart:${p.id}:up`, `movePart:${p.id}:down`])]}
      />
      {module.parts.length ? (
        <ol className="parts">
          {module.parts.map((p, i) => (
            <li key={p.id} id={`uzol-${p.id}`}>
              <Link to={`${base}/casti/${p.id}`}>{p.title}</Link>{" "}
              <span className="muted">
                (
                {[
                  p.requiredForCompletion ? "povinná" : "nepovinná",
                  `${p.blocks} ${p.blocks === 1 ? "blok" : p.blocks >= 2 && p.blocks <= 4 ? "bloky" : "blokov"}`,
                  p.hasTest ? "s testom" : null,
                ]
                  .filter(Boolean)
                  .join(", ")}
                )
              </span>
              {d.editable ? (
                <span className="node-actions inline">
                  <MoveButtons intent="movePart" idField="partId" id={p.id} name={p.title} first={i === 0} last={i === module.parts.length - 1} />
                  <ButtonForm
                    formKey={`deletePart:${p.id}`}
                    intent="deletePart"
                    fields={{ partId: p.id }}
                    variant="small"
                    label={`Zmazať časť ${p.title}`}
                    confirm={`Zmazať časť „${p.title}“?`}
                  >
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

export function TopicNode({
  d,
  level,
  topic,
  index,
  levelIndex,
  reply,
}: {
  d: Data;
  level: Level;
  topic: Topic;
  index: number;
  levelIndex: number;
  reply: ActionReply;
}) {
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
          <ButtonForm
            formKey={`deleteTopic:${topic.id}`}
            intent="deleteTopic"
            fields={{ topicId: topic.id }}
            variant="small-danger"
            confirm={`Zmazať tému „${topic.title}“ aj s modulom a časťami?`}
          >
            Zmazať tému
          </ButtonForm>
        </div>
      ) : null}
      <ReplyErrors reply={reply} formKeys={[`deleteTopic:${topic.id}`, `moveTopic:${topic.id}:up`, `moveTopic:${topic.id}:down`]} />
      <ModuleNode d={d} topic={topic} reply={reply} />
    </li>
  );
}
