// Building blocks of the admin enrollment pages (/admin/zapisy, /admin/zapisy/<id>): the
// actions of one enrollment (cancel, extend, reset test attempts with a test picker) as
// plain Conform forms that work without JavaScript, each answered only on the form that
// was sent (`_form` carries the enrollment id too).
import type { ReactNode } from "react";
import { Form } from "react-router";
import { getFormProps } from "@conform-to/react";
import { FormErrors, TextField } from "./forms";
import { FormKey, HiddenField, IntentButton, ReplyErrors, SelectField, useAdminForm, type ActionReply } from "./admin-authoring";
import { cancelForm, extendForm, PLACEMENT_LABELS, resetForm, resyncForm } from "../lib/enrollment-forms";

export type ActionTarget = {
  id: string;
  state: "active" | "completed" | "cancelled" | "expired";
  /** who and what, for the forms' accessible names */
  label: string;
  /** YYYY-MM-DD in Bratislava, or "" */
  accessExpiresOn: string;
  tests: { testId: string; title: string; placement: "part" | "level" | "course" }[];
};

function CancelForm({ target, reply }: { target: ActionTarget; reply: ActionReply }) {
  const key = `cancel:${target.id}`;
  const [form, fields] = useAdminForm(key, cancelForm, reply, { enrollmentId: target.id });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Zrušiť zápis: ${target.label}`} className="enrollment-action">
      <FormKey formKey={key} />
      <HiddenField meta={fields.enrollmentId} />
      <FormErrors meta={form} />
      <TextField meta={fields.reason} label="Dôvod zrušenia" />
      <TextField meta={fields.note} label="Poznámka (nepovinná)" multiline rows={2} />
      {/* destructive, so last and drawn as an outline (docs/decisions/admin-ui/enrollment-actions-order.md) */}
      <IntentButton formKey={key} intent="cancel" variant="small-danger" pendingLabel="Ruší sa…">
        Zrušiť zápis
      </IntentButton>
    </Form>
  );
}

function ExtendForm({ target, reply }: { target: ActionTarget; reply: ActionReply }) {
  const key = `extend:${target.id}`;
  const [form, fields] = useAdminForm(key, extendForm, reply, { enrollmentId: target.id, newExpiresOn: target.accessExpiresOn });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Predĺžiť prístup: ${target.label}`} className="enrollment-action">
      <FormKey formKey={key} />
      <HiddenField meta={fields.enrollmentId} />
      <FormErrors meta={form} />
      <TextField
        meta={fields.newExpiresOn}
        type="date"
        label="Prístup do (vrátane)"
        description={target.state === "expired" ? "Vypršaný zápis bude znova aktívny." : "Prístup skončí na konci tohto dňa."}
      />
      <IntentButton formKey={key} intent="extend" pendingLabel="Ukladá sa…">
        Predĺžiť prístup
      </IntentButton>
    </Form>
  );
}

function ResetForm({ target, reply }: { target: ActionTarget; reply: ActionReply }) {
  const key = `resetAttempts:${target.id}`;
  const [form, fields] = useAdminForm(key, resetForm, reply, { enrollmentId: target.id });
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Zneplatniť pokusy o test: ${target.label}`} className="enrollment-action">
      <FormKey formKey={key} />
      <HiddenField meta={fields.enrollmentId} />
      <FormErrors meta={form} />
      <SelectField
        meta={fields.testId}
        label="Test"
        options={[
          { value: "", label: "Vyberte test" },
          ...target.tests.map((t) => ({ value: t.testId, label: `${t.title} (${PLACEMENT_LABELS[t.placement]})` })),
        ]}
      />
      <TextField meta={fields.reason} label="Dôvod" />
      <IntentButton formKey={key} intent="resetAttempts" variant="secondary" pendingLabel="Zneplatňuje sa…">
        Zneplatniť pokusy
      </IntentButton>
    </Form>
  );
}

/** The actions that apply to the enrollment's state. */
export function EnrollmentActionForms({ target, reply, beforeCancel }: { target: ActionTarget; reply: ActionReply; beforeCancel?: ReactNode }) {
  const cancel = target.state === "active";
  const extend = target.state === "active" || target.state === "expired";
  const reset = target.tests.length > 0 && target.state !== "cancelled";
  // a refusal of a form no longer shown (the enrollment changed meanwhile) is said here
  const hidden = [!cancel && `cancel:${target.id}`, !extend && `extend:${target.id}`, !reset && `resetAttempts:${target.id}`].filter((k): k is string => !!k);
  return (
    <div className="enrollment-actions">
      <ReplyErrors reply={reply} formKeys={hidden} />
      {/* the useful actions first; cancelling, which cannot be undone, last */}
      {extend ? <ExtendForm target={target} reply={reply} /> : null}
      {reset ? <ResetForm target={target} reply={reply} /> : null}
      {beforeCancel}
      {cancel ? <CancelForm target={target} reply={reply} /> : null}
      {!cancel && !extend && !reset && !beforeCancel ? <p className="muted">Pre tento zápis nie sú dostupné žiadne akcie.</p> : null}
    </div>
  );
}

/** "Aktualizovať meno a e-mail": the snapshot from the identity provider. */
export function ResyncForm({ enrollmentId, reply }: { enrollmentId: string; reply: ActionReply }) {
  const key = `resync:${enrollmentId}`;
  const [form, fields] = useAdminForm(key, resyncForm, reply, { enrollmentId });
  return (
    <Form method="post" {...getFormProps(form)} className="enrollment-action">
      <FormKey formKey={key} />
      <HiddenField meta={fields.enrollmentId} />
      <FormErrors meta={form} />
      <IntentButton formKey={key} intent="resync" variant="secondary" pendingLabel="Načítava sa…">
        Aktualizovať meno a e-mail z poskytovateľa identity
      </IntentButton>
    </Form>
  );
}
