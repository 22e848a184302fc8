// /admin/kurzy/<courseId>/testy/<testId>: one test of a course version. Its settings
// (pass mark in percent, time limit in minutes, attempts, cooldown, question selection,
// answer order, when answers are shown, required), deleting it, and its questions (single
// choice, multiple choice, text) with answers and their correct flags, ↑/↓ order,
// delete, and moving a question to another test of the course. The same server/authoring
// calls as PATCH /api/admin/tests/<id>, POST …/questions, PATCH/DELETE /api/admin/questions/<id>,
// PUT …/order and PUT …/move.
import { Form, Link, redirect } from "react-router";
import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { Route } from "./+types/test-editor";
import authoringStyles from "../../admin-authoring.css?url";
import { pageRoute } from "../../lib/page.server";
import { pageTitle } from "../../site";
import { contractBody, courseDetail, doneMessage, doneUrl, editorOf, handleIntents, intent, moved } from "../../lib/admin-authoring.server";
import { QUESTION_TYPE_VALUES, questionBody, SELECTION_MODE_VALUES, SHOW_ANSWERS_VALUES, testForms as f } from "../../lib/authoring-forms";
import {
  ButtonForm,
  CourseHeader,
  DoneStatus,
  FormKey,
  IntentButton,
  MoveButtons,
  ReplyErrors,
  SelectField,
  useAdminForm,
  type ActionReply,
} from "../../components/admin-authoring";
import { CheckboxField, FieldErrors, FormErrors, TextField } from "../../components/forms";
import {
  createQuestion,
  deleteQuestion,
  deleteTest,
  moveQuestion,
  QuestionCreateRequest,
  QuestionMoveRequest,
  QuestionPatchRequest,
  reorderQuestions,
  TestPatchRequest,
  updateQuestion,
  updateTest,
  type AdminCourseDetail,
} from "#server/authoring";
import { DomainError } from "#server/http/errors";
import { formatDecimal } from "#server/money";

const TYPE_LABELS: Record<(typeof QUESTION_TYPE_VALUES)[number], string> = {
  single_choice: "Jedna správna odpoveď",
  multiple_choice: "Viac správnych odpovedí",
  text: "Textová odpoveď",
};
const SELECTION_LABELS: Record<(typeof SELECTION_MODE_VALUES)[number], string> = {
  all: "Všetky otázky v danom poradí",
  shuffle: "Všetky otázky v náhodnom poradí",
  random_subset: "Náhodný výber zadaného počtu otázok",
};
const SHOW_LABELS: Record<(typeof SHOW_ANSWERS_VALUES)[number], string> = {
  never: "Nikdy",
  submit: "Po odovzdaní pokusu",
  pass: "Po úspešnom absolvovaní",
  last_attempt: "Po poslednom pokuse",
};
const options = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

const plain = (n: number, digits = 2) => formatDecimal(n, digits).replace(/\u00a0/g, "");

function placeOf(d: AdminCourseDetail, testId: string): string {
  if (d.course.courseTestId === testId) return "Záverečný test kurzu";
  for (const [li, level] of d.levels.entries()) {
    if (level.levelTestId === testId) return `Test úrovne ${li + 1}: ${level.title}`;
    for (const topic of level.topics) for (const part of topic.module?.parts ?? []) if (part.partTestId === testId) return `Test časti ${part.title}`;
  }
  return "Nepripojený test";
}

/** Answer slots: the stored answers and two blank ones (at least four), so answers can be added without JavaScript. */
function answerSlots(answers: { id: string; text: string; isCorrect: boolean }[]) {
  const slots: { id?: string; text: string; isCorrect: boolean }[] = answers.map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect }));
  while (slots.length < Math.max(4, answers.length + 2)) slots.push({ text: "", isCorrect: false });
  return slots;
}

const QUESTION_FIELDS = { type: "type", text: "text", weight: "weight", answers: "answers", acceptedAnswers: "acceptedAnswers", explanation: "explanation" };

export const loader = pageRoute(async (args: Route.LoaderArgs) => {
  const { services } = editorOf(args);
  const d = await courseDetail(services, args.params.courseId);
  const test = d.tests.find((t) => t._id === args.params.testId);
  if (!test) throw new DomainError("not_found", "Test v tomto kurze nie je.");
  const required =
    d.course.courseTestId === test._id
      ? d.course.courseTestRequired
      : (d.levels.find((l) => l.levelTestId === test._id)?.levelTestRequired ??
        d.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? [])).find((p) => p.partTestId === test._id)?.partTestRequired ??
        false);
  return {
    course: { id: d.course._id, title: d.course.title, slug: d.course.slug, version: d.course.version, state: d.course.state },
    editable: d.course.state === "draft",
    done: doneMessage(args.request),
    test: { id: test._id, title: test.title, where: placeOf(d, test._id) },
    settings: {
      title: test.title,
      description: test.description ?? "",
      passingPercent: plain(test.passingScore * 100),
      timeLimitMinutes: plain(test.timeLimitSec / 60),
      maxAttempts: String(test.maxAttempts),
      cooldownMinutes: String(test.cooldownMinutes),
      selectionMode: test.selectionMode,
      questionCount: test.questionCount === null ? "" : String(test.questionCount),
      randomizeAnswerOrder: test.randomizeAnswerOrder,
      showAnswersAfter: test.showAnswersAfter,
      required,
    },
    questions: test.questions.map((q) => ({
      id: q._id,
      type: q.type,
      typeLabel: TYPE_LABELS[q.type as keyof typeof TYPE_LABELS] ?? q.type,
      text: q.text,
      weight: plain(q.weight),
      answers: answerSlots(q.answers),
      acceptedAnswers: q.acceptedAnswers.join("\n"),
      explanation: q.explanation ?? "",
      correct: q.answers.filter((a) => a.isCorrect).map((a) => a.text),
    })),
    otherTests: d.tests.filter((t) => t._id !== test._id).map((t) => ({ value: t._id, label: `${t.title} (${placeOf(d, t._id)})` })),
  };
});

export const action = pageRoute(async (args: Route.ActionArgs) => {
  const { services, actor } = editorOf(args);
  const { db } = services;
  const d = await courseDetail(services, args.params.courseId);
  const test = d.tests.find((t) => t._id === args.params.testId);
  if (!test) throw new DomainError("not_found", "Test v tomto kurze nie je.");
  const here = `/admin/kurzy/${d.course._id}/testy/${test._id}`;
  const questionOf = (id: string) => {
    const q = test.questions.find((x) => x._id === id);
    if (!q) throw new DomainError("not_found", "Otázka v tomto teste nie je.");
    return q;
  };
  return handleIntents(args.request, {
    saveTest: intent({
      schema: f.saveTest,
      fields: {
        title: "title",
        description: "description",
        passingScore: "passingPercent",
        timeLimitSec: "timeLimitMinutes",
        maxAttempts: "maxAttempts",
        cooldownMinutes: "cooldownMinutes",
        selectionMode: "selectionMode",
        questionCount: "questionCount",
        randomizeAnswerOrder: "randomizeAnswerOrder",
        showAnswersAfter: "showAnswersAfter",
        required: "required",
      },
      run: async (v) => {
        const body = contractBody(TestPatchRequest, {
          title: v.title,
          description: v.description ?? null,
          passingScore: Math.round(v.passingPercent * 100) / 10_000,
          timeLimitSec: Math.round(v.timeLimitMinutes * 60),
          maxAttempts: v.maxAttempts,
          cooldownMinutes: v.cooldownMinutes,
          selectionMode: v.selectionMode,
          questionCount: v.questionCount ?? null,
          randomizeAnswerOrder: v.randomizeAnswerOrder,
          showAnswersAfter: v.showAnswersAfter,
          required: v.required,
        });
        await updateTest(db, actor, test._id, body);
        return redirect(doneUrl(here, "ulozene"));
      },
    }),
    deleteTest: intent({
      schema: f.deleteTest,
      run: async () => {
        await deleteTest(db, actor, test._id);
        return redirect(doneUrl(`/admin/kurzy/${d.course._id}/testy`, "zmazane"));
      },
    }),
    addQuestion: intent({
      schema: f.addQuestion,
      fields: QUESTION_FIELDS,
      run: async (v) => {
        const question = await createQuestion(db, actor, test._id, contractBody(QuestionCreateRequest, questionBody(v)));
        return redirect(doneUrl(here, "pridane", `otazka-${question._id}`));
      },
    }),
    editQuestion: intent({
      schema: f.editQuestion,
      fields: QUESTION_FIELDS,
      run: async (v) => {
        const q = questionOf(v.questionId);
        await updateQuestion(db, actor, q._id, contractBody(QuestionPatchRequest, questionBody(v)));
        return redirect(doneUrl(here, "ulozene", `otazka-${q._id}`));
      },
    }),
    moveQuestion: intent({
      schema: f.moveQuestion,
      run: async (v) => {
        questionOf(v.questionId);
        const ids = moved(test.questions.map((q) => q._id), v.questionId, v.direction);
        if (ids) await reorderQuestions(db, actor, test._id, ids);
        return redirect(doneUrl(here, "presunute", `otazka-${v.questionId}`));
      },
    }),
    deleteQuestion: intent({
      schema: f.deleteQuestion,
      run: async (v) => {
        await deleteQuestion(db, actor, questionOf(v.questionId)._id);
        return redirect(doneUrl(here, "zmazane", "otazky"));
      },
    }),
    moveQuestionToTest: intent({
      schema: f.moveQuestionToTest,
      fields: { testId: "testId" },
      run: async (v) => {
        const q = questionOf(v.questionId);
        await moveQuestion(db, actor, q._id, contractBody(QuestionMoveRequest, { testId: v.testId }));
        return redirect(doneUrl(here, "presunute", "otazky"));
      },
    }),
  });
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: authoringStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Test ${loaderData.test.title} – ${loaderData.course.title}` : "Test") },
  { name: "robots", content: "noindex" },
];

type Data = Route.ComponentProps["loaderData"];
type Question = Data["questions"][number];

function SettingsForm({ d, reply }: { d: Data; reply: ActionReply }) {
  const key = "saveTest";
  const [form, fields] = useAdminForm(key, f.saveTest, reply, d.settings);
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="settings-form">
      <FormKey formKey={key} />
      <FormErrors meta={form} />
      <TextField meta={fs.title} label="Názov testu" />
      <TextField meta={fs.description} label="Popis (nepovinné)" multiline rows={3} />
      <div className="field-row">
        <TextField meta={fs.passingPercent} label="Hranica úspešnosti (%)" description="Napríklad 70." />
        <TextField meta={fs.timeLimitMinutes} label="Časový limit (minúty)" />
        <TextField meta={fs.maxAttempts} label="Počet pokusov" />
        <TextField meta={fs.cooldownMinutes} label="Prestávka medzi pokusmi (minúty)" />
      </div>
      <div className="field-row">
        <SelectField meta={fs.selectionMode} label="Výber otázok" options={options(SELECTION_LABELS)} />
        <TextField meta={fs.questionCount} label="Počet vybraných otázok" description="Len pri náhodnom výbere." />
        <SelectField meta={fs.showAnswersAfter} label="Správne odpovede ukázať" options={options(SHOW_LABELS)} />
      </div>
      <CheckboxField meta={fs.randomizeAnswerOrder} label="Zamiešať poradie odpovedí" />
      <CheckboxField meta={fs.required} label="Test je povinný na dokončenie" />
      <IntentButton formKey={key} intent="saveTest">Uložiť nastavenia testu</IntentButton>
    </Form>
  );
}

type AnswerSlot = { id?: string; text?: string; isCorrect?: boolean };

function AnswerSlots({ meta }: { meta: FieldMetadata<AnswerSlot[] | undefined, any, string[]> }) {
  const slots = meta.getFieldList();
  return (
    <fieldset className="choice-answers" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend>Odpovede (pri otázkach s výberom)</legend>
      <p className="field-description">Prázdne riadky sa neuložia. Pri otázke s jednou správnou odpoveďou označte práve jednu.</p>
      {slots.map((slot, i) => {
        const a = slot.getFieldset();
        const { key: textKey, ...textProps } = getInputProps(a.text, { type: "text" });
        const { key: correctKey, ...correctProps } = getInputProps(a.isCorrect, { type: "checkbox" });
        const { key: idKey, ...idProps } = getInputProps(a.id, { type: "hidden" });
        return (
          <div key={slot.key} className="answer-slot">
            <input key={idKey} {...idProps} />
            <div className="field">
              <label htmlFor={a.text.id}>Odpoveď {i + 1}</label>
              <input key={textKey} {...textProps} />
            </div>
            <div className="field field-checkbox">
              <input key={correctKey} {...correctProps} />
              <label htmlFor={a.isCorrect.id}>Odpoveď {i + 1} je správna</label>
            </div>
          </div>
        );
      })}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

function QuestionForm({ question, reply }: { question?: Question; reply: ActionReply }) {
  const key = question ? `editQuestion:${question.id}` : "addQuestion";
  const [form, fields] = useAdminForm(
    key,
    question ? f.editQuestion : f.addQuestion,
    reply,
    question
      ? { type: question.type, text: question.text, weight: question.weight, answers: question.answers, acceptedAnswers: question.acceptedAnswers, explanation: question.explanation }
      : { type: "single_choice", weight: "1", answers: answerSlots([]) },
  );
  const fs = fields;
  return (
    <Form method="post" {...getFormProps(form)} className="question-form">
      <FormKey formKey={key} />
      {question ? <input type="hidden" name="questionId" value={question.id} /> : null}
      <FormErrors meta={form} />
      <SelectField meta={fs.type} label="Typ otázky" options={options(TYPE_LABELS)} />
      <TextField meta={fs.text} label="Znenie otázky" multiline rows={3} />
      <AnswerSlots meta={fields.answers as FieldMetadata<AnswerSlot[] | undefined, any, string[]>} />
      <div className="text-answers">
        <TextField meta={fs.acceptedAnswers} label="Prijateľné odpovede (pri textovej otázke)" description="Každá na samostatný riadok; veľké písmená a diakritika sa neberú do úvahy." multiline rows={3} />
      </div>
      <div className="field-row">
        <TextField meta={fs.weight} label="Váha otázky" />
      </div>
      <TextField meta={fs.explanation} label="Vysvetlenie správnej odpovede (nepovinné)" multiline rows={2} />
      <IntentButton formKey={key} intent={question ? "editQuestion" : "addQuestion"}>{question ? "Uložiť otázku" : "Pridať otázku"}</IntentButton>
    </Form>
  );
}

function MoveToTest({ d, question, reply }: { d: Data; question: Question; reply: ActionReply }) {
  const key = `moveQuestionToTest:${question.id}`;
  const [form, fields] = useAdminForm(key, f.moveQuestionToTest, reply, { testId: d.otherTests[0]?.value });
  return (
    <Form method="post" {...getFormProps(form)} className="inline-form">
      <FormKey formKey={key} />
      <input type="hidden" name="questionId" value={question.id} />
      <FormErrors meta={form} />
      <SelectField meta={fields.testId} label="Presunúť do testu" options={d.otherTests} />
      <IntentButton formKey={key} intent="moveQuestionToTest" variant="secondary">Presunúť otázku</IntentButton>
    </Form>
  );
}

function QuestionItem({ d, question, index, reply }: { d: Data; question: Question; index: number; reply: ActionReply }) {
  const name = `otázka ${index + 1}`;
  return (
    <li id={`otazka-${question.id}`} className="question">
      <h3>
        Otázka {index + 1} <span className="muted">({question.typeLabel})</span>
      </h3>
      <p>{question.text}</p>
      {d.editable ? (
        <>
          <div className="node-actions">
            <MoveButtons intent="moveQuestion" idField="questionId" id={question.id} name={name} first={index === 0} last={index === d.questions.length - 1} />
            <ButtonForm formKey={`deleteQuestion:${question.id}`} intent="deleteQuestion" fields={{ questionId: question.id }} variant="small" label={`Zmazať otázku ${index + 1}`} confirm="Zmazať túto otázku?">
              Zmazať
            </ButtonForm>
          </div>
          <ReplyErrors reply={reply} formKeys={[`deleteQuestion:${question.id}`, `moveQuestion:${question.id}:up`, `moveQuestion:${question.id}:down`]} />
          <details className="tree-edit" open={reply?.form === `editQuestion:${question.id}` || undefined}>
            <summary>Upraviť otázku {index + 1}</summary>
            <QuestionForm key={JSON.stringify(question)} question={question} reply={reply} />
          </details>
          {d.otherTests.length ? <MoveToTest key={JSON.stringify(d.otherTests)} d={d} question={question} reply={reply} /> : null}
        </>
      ) : (
        <p className="muted">Správne: {question.type === "text" ? question.acceptedAnswers.split("\n").join(", ") : question.correct.join(", ")}</p>
      )}
    </li>
  );
}

export default function TestEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply;
  return (
    <>
      <CourseHeader course={d.course} current="testy" heading={`Test: ${d.test.title}`} trail={[{ label: "Testy", href: `/admin/kurzy/${d.course.id}/testy` }, { label: d.test.title }]} />
      <p className="muted">{d.test.where}</p>
      <DoneStatus message={d.done} />

      <section aria-labelledby="nastavenia">
        <h2 id="nastavenia">Nastavenia</h2>
        {d.editable ? (
          <>
            <SettingsForm key={JSON.stringify(d.settings)} d={d} reply={reply} />
            <ReplyErrors reply={reply} formKeys={["deleteTest"]} />
            <div className="actions danger-zone">
              <ButtonForm formKey="deleteTest" intent="deleteTest" variant="danger" confirm="Zmazať test aj s otázkami?" pendingLabel="Maže sa…">
                Zmazať test
              </ButtonForm>
            </div>
          </>
        ) : (
          <dl className="facts read-only">
            <div><dt>Hranica úspešnosti</dt><dd>{d.settings.passingPercent} %</dd></div>
            <div><dt>Časový limit</dt><dd>{d.settings.timeLimitMinutes} min</dd></div>
            <div><dt>Počet pokusov</dt><dd>{d.settings.maxAttempts}</dd></div>
            <div><dt>Prestávka</dt><dd>{d.settings.cooldownMinutes} min</dd></div>
            <div><dt>Výber otázok</dt><dd>{SELECTION_LABELS[d.settings.selectionMode as keyof typeof SELECTION_LABELS] ?? d.settings.selectionMode}</dd></div>
            <div><dt>Správne odpovede</dt><dd>{SHOW_LABELS[d.settings.showAnswersAfter as keyof typeof SHOW_LABELS] ?? d.settings.showAnswersAfter}</dd></div>
          </dl>
        )}
      </section>

      <section aria-labelledby="otazky">
        <h2 id="otazky">Otázky</h2>
        {d.questions.length ? (
          <ol className="questions">
            {d.questions.map((q, i) => (
              <QuestionItem key={q.id} d={d} question={q} index={i} reply={reply} />
            ))}
          </ol>
        ) : (
          <p>Test zatiaľ nemá otázky.</p>
        )}
        {d.editable ? (
          <section aria-labelledby="nova-otazka" className="card">
            <h3 id="nova-otazka">Nová otázka</h3>
            <QuestionForm key={d.questions.length} reply={reply} />
          </section>
        ) : null}
      </section>
      <p>
        <Link to={`/admin/kurzy/${d.course.id}/testy`}>‹ Späť na testy kurzu</Link>
      </p>
    </>
  );
}
