// The test editor's form components and labels: settings, questions with their answer slots,
// moving a question.
import { Form } from "react-router";
import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { Route } from "../+types/test-editor";
import { QUESTION_TYPE_VALUES, SELECTION_MODE_VALUES, SHOW_ANSWERS_VALUES, testForms as f } from "../../../lib/authoring-forms";
import { ButtonForm, FormKey, IntentButton, MoveButtons, ReplyErrors, SelectField, useAdminForm, type ActionReply } from "../../../components/admin-authoring";
import { CheckboxField, FieldErrors, FormErrors, TextField } from "../../../components/forms";

export const TYPE_LABELS: Record<(typeof QUESTION_TYPE_VALUES)[number], string> = {
  single_choice: "Jedna správna odpoveď",
  multiple_choice: "Viac správnych odpovedí",
  text: "Textová odpoveď",
};
export const SELECTION_LABELS: Record<(typeof SELECTION_MODE_VALUES)[number], string> = {
  all: "Všetky otázky v danom poradí",
  shuffle: "Všetky otázky v náhodnom poradí",
  random_subset: "Náhodný výber zadaného počtu otázok",
};
export const SHOW_LABELS: Record<(typeof SHOW_ANSWERS_VALUES)[number], string> = {
  never: "Nikdy",
  submit: "Po odovzdaní pokusu",
  pass: "Po úspešnom absolvovaní",
  last_attempt: "Po poslednom pokuse",
};
export const options = <K extends string>(labels: Record<K, string>) => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

export type Data = Route.ComponentProps["loaderData"];
export type Question = Data["questions"][number];

export function SettingsForm({ d, reply }: { d: Data; reply: ActionReply }) {
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
      <IntentButton formKey={key} intent="saveTest">
        Uložiť nastavenia testu
      </IntentButton>
    </Form>
  );
}

export type AnswerSlot = { id?: string; text?: string; isCorrect?: boolean };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
type AnswerSlotsMeta = FieldMetadata<AnswerSlot[] | undefined, any, string[]>;

export function AnswerSlots({ meta }: { meta: AnswerSlotsMeta }) {
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

export function QuestionForm({ question, reply }: { question?: Question; reply: ActionReply }) {
  const key = question ? `editQuestion:${question.id}` : "addQuestion";
  const [form, fields] = useAdminForm(
    key,
    question ? f.editQuestion : f.addQuestion,
    reply,
    question
      ? {
          type: question.type,
          text: question.text,
          weight: question.weight,
          answers: question.answers,
          acceptedAnswers: question.acceptedAnswers,
          explanation: question.explanation,
        }
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
      <AnswerSlots meta={fields.answers as AnswerSlotsMeta} />
      <div className="text-answers">
        <TextField
          meta={fs.acceptedAnswers}
          label="Prijateľné odpovede (pri textovej otázke)"
          description="Každá na samostatný riadok; veľké písmená a diakritika sa neberú do úvahy."
          multiline
          rows={3}
        />
      </div>
      <div className="field-row">
        <TextField meta={fs.weight} label="Váha otázky" />
      </div>
      <TextField meta={fs.explanation} label="Vysvetlenie správnej odpovede (nepovinné)" multiline rows={2} />
      <IntentButton formKey={key} intent={question ? "editQuestion" : "addQuestion"}>
        {question ? "Uložiť otázku" : "Pridať otázku"}
      </IntentButton>
    </Form>
  );
}

export function MoveToTest({ d, question, reply }: { d: Data; question: Question; reply: ActionReply }) {
  const key = `moveQuestionToTest:${question.id}`;
  const [form, fields] = useAdminForm(key, f.moveQuestionToTest, reply, { testId: d.otherTests[0]?.value });
  return (
    <Form method="post" {...getFormProps(form)} className="inline-form">
      <FormKey formKey={key} />
      <input type="hidden" name="questionId" value={question.id} />
      <FormErrors meta={form} />
      <SelectField meta={fields.testId} label="Presunúť do testu" options={d.otherTests} />
      <IntentButton formKey={key} intent="moveQuestionToTest" variant="secondary">
        Presunúť otázku
      </IntentButton>
    </Form>
  );
}

export function QuestionItem({ d, question, index, reply }: { d: Data; question: Question; index: number; reply: ActionReply }) {
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
            <ButtonForm
              formKey={`deleteQuestion:${question.id}`}
              intent="deleteQuestion"
              fields={{ questionId: question.id }}
              variant="small"
              label={`Zmazať otázku ${index + 1}`}
              confirm="Zmazať túto otázku?"
            >
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

/** Answer slots: the stored answers and two blank ones (at least four), so answers can be added without JavaScript. */
export function answerSlots(answers: { id: string; text: string; isCorrect: boolean }[]) {
  const slots: { id?: string; text: string; isCorrect: boolean }[] = answers.map((a) => ({ id: a.id, text: a.text, isCorrect: a.isCorrect }));
  while (slots.length < Math.max(4, answers.length + 2)) slots.push({ text: "", isCorrect: false });
  return slots;
}
