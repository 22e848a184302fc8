// Building blocks of the admin authoring pages (/admin/kurzy/...): one Conform form per
// item (its errors come back only to the form that was sent: `_form`), small one-button
// forms (move up/down, delete: plain POSTs, so they work without JavaScript; with it a
// delete asks first), the course header with the editor's tabs, select fields.
import { getInputProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Breadcrumbs } from "./breadcrumbs";
import { FieldDescription, FieldErrors, useSchemaForm } from "./forms";

/** What an authoring action answers when a form fails (app/lib/admin-authoring.server.ts FormReply). */
export type ActionReply =
  | {
      form: string;
      result?: SubmissionResult<string[]>;
      problems?: { code: string; id: string; path: string; message: string }[];
      preview?: { html: string; markdown: string; blockId?: string };
    }
  | undefined;

/** A valid HTML id from a form key such as `editLevel:0123…`. */
export const formId = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, "-");

/**
 * One form among many on a page: Conform with client validation (JavaScript on), and the
 * server's reply only when it answers this form.
 */
export function useAdminForm<S extends z.ZodObject>(key: string, schema: S, reply: ActionReply, defaultValue?: Record<string, unknown>) {
  return useSchemaForm(schema, {
    id: formId(key),
    lastResult: reply?.form === key ? reply.result : undefined,
    defaultValue: defaultValue as never,
  });
}

/** What the server's reply to form `key` says about a field outside its schema (a file input). */
export function replyErrors(reply: ActionReply, key: string, field: string): string[] {
  if (!reply || reply.form !== key) return [];
  return (reply.result?.error?.[field] ?? []).filter(Boolean);
}

/** The hidden fields every authoring form sends: which submit and which form. */
export function FormKey({ formKey }: { formKey: string }) {
  return <input type="hidden" name="_form" value={formKey} />;
}

/** True while this very form (`_form`) is being submitted. */
export function usePending(formKey: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("_form") === formKey;
}

/** A submit button naming its intent; says so while its form is on the way. */
export function IntentButton({
  formKey,
  intent,
  children,
  variant,
  pendingLabel = "Ukladá sa…",
  label,
  describedBy,
}: {
  formKey: string;
  intent: string;
  children: ReactNode;
  variant?: "secondary" | "danger" | "small" | "small-danger";
  pendingLabel?: string;
  /** an accessible name when the visible text is short (↑, ↓) */
  label?: string;
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("_form") === formKey && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={variant}
      aria-label={label}
      aria-describedby={describedBy}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/** A one-button form: `fields` go along as hidden inputs. With JavaScript a `confirm` question guards it. */
export function ButtonForm({
  formKey,
  intent,
  fields = {},
  children,
  variant,
  label,
  confirm,
  pendingLabel,
}: {
  formKey: string;
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: "secondary" | "danger" | "small" | "small-danger";
  label?: string;
  confirm?: string;
  pendingLabel?: string;
}) {
  return (
    <Form
      method="post"
      className="button-form"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <FormKey formKey={formKey} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <IntentButton formKey={formKey} intent={intent} variant={variant} label={label} pendingLabel={pendingLabel ?? "…"}>
        {children}
      </IntentButton>
    </Form>
  );
}

/** ↑ / ↓ for an item of an ordered list (`idField` names the item's id). */
export function MoveButtons({
  intent,
  idField,
  id,
  name,
  first,
  last,
}: {
  intent: string;
  idField: string;
  id: string;
  name: string;
  first: boolean;
  last: boolean;
}) {
  return (
    <span className="move-buttons">
      {first ? null : (
        <ButtonForm
          formKey={`${intent}:${id}:up`}
          intent={intent}
          fields={{ [idField]: id, direction: "up" }}
          variant="small"
          label={`Posunúť vyššie: ${name}`}
        >
          ↑
        </ButtonForm>
      )}
      {last ? null : (
        <ButtonForm
          formKey={`${intent}:${id}:down`}
          intent={intent}
          fields={{ [idField]: id, direction: "down" }}
          variant="small"
          label={`Posunúť nižšie: ${name}`}
        >
          ↓
        </ButtonForm>
      )}
    </span>
  );
}

/** Errors of a one-button form (e.g. a refused delete), shown where it was pressed. */
export function ReplyErrors({ reply, formKeys }: { reply: ActionReply; formKeys: string[] }) {
  if (!reply || !formKeys.includes(reply.form)) return null;
  const errors = [...(reply.result?.error?.[""] ?? [])];
  if (!errors.length) return null;
  return (
    <div className="alert" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
type AnyField = FieldMetadata<any, any, any>;

export function SelectField({
  meta,
  label,
  options,
  description,
}: {
  meta: AnyField;
  label: string;
  options: { value: string; label: string }[];
  description?: ReactNode;
}) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: description ? meta.descriptionId : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <FieldDescription id={meta.descriptionId}>{description}</FieldDescription>
      <select key={key} {...props} aria-invalid={Boolean(meta.errors?.length) || undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A group of checkboxes for one multi-valued field (targetAudience, prerequisites). */
export function CheckboxGroup({
  meta,
  legend,
  options,
  description,
}: {
  meta: AnyField;
  legend: string;
  options: { value: string; label: string }[];
  description?: ReactNode;
}) {
  const chosen = Array.isArray(meta.initialValue) ? (meta.initialValue as string[]) : meta.initialValue ? [String(meta.initialValue)] : [];
  return (
    <fieldset className="field checkbox-group" aria-describedby={description ? meta.descriptionId : undefined}>
      <legend>{legend}</legend>
      <FieldDescription id={meta.descriptionId}>{description}</FieldDescription>
      {options.map((o) => {
        const id = `${meta.id}-${o.value}`;
        return (
          <div key={o.value} className="field field-checkbox">
            <input type="checkbox" id={id} name={meta.name} value={o.value} defaultChecked={chosen.includes(o.value)} />
            <label htmlFor={id}>{o.label}</label>
          </div>
        );
      })}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

export function HiddenField({ meta }: { meta: AnyField }) {
  const { key, ...props } = getInputProps(meta, { type: "hidden" });
  return <input key={key} {...props} />;
}

const STATE_LABELS: Record<string, string> = { draft: "Koncept", published: "Zverejnený", archived: "Archivovaný", deleted: "Zmazaný" };

export type CourseHead = { id: string; title: string; slug: string; version: number; state: string };

/** Breadcrumbs, the page's heading, the course's state, the editor's tabs, and a read-only notice. */
export function CourseHeader({
  course,
  current,
  trail = [],
  heading,
  editing = true,
}: {
  course: CourseHead;
  current: "struktura" | "udaje" | "testy" | "webinare" | "statistiky";
  trail?: { label: string; href?: string }[];
  heading?: string;
  /** false on pages that edit nothing (statistics): no read-only notice */
  editing?: boolean;
}) {
  const base = `/admin/kurzy/${course.id}`;
  const tabs = [
    { to: base, label: "Štruktúra a zverejnenie", key: "struktura" },
    { to: `${base}/udaje`, label: "Údaje kurzu", key: "udaje" },
    { to: `${base}/testy`, label: "Testy", key: "testy" },
    { to: `${base}/webinare`, label: "Webináre", key: "webinare" },
    { to: `${base}/statistiky`, label: "Štatistiky", key: "statistiky" },
  ];
  return (
    <>
      <Breadcrumbs
        items={[
          { label: "Administrácia", href: "/admin" },
          { label: "Kurzy", href: "/admin/kurzy" },
          ...(trail.length ? [{ label: course.title, href: base }, ...trail] : [{ label: course.title }]),
        ]}
      />
      <h1>{heading ?? course.title}</h1>
      <p className="course-state-line">
        {heading ? <>{course.title} · </> : null}
        <span className={`state state-${course.state}`}>{STATE_LABELS[course.state] ?? course.state}</span> verzia {course.version} ·{" "}
        <span className="muted">/kurzy/{course.slug}</span>
      </p>
      <nav className="editor-tabs" aria-label="Editor kurzu">
        <ul>
          {tabs.map((t) => (
            <li key={t.key}>
              <Link to={t.to} aria-current={t.key === current && !trail.length ? "page" : undefined} className={t.key === current ? "active" : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {editing ? <ReadOnlyNotice state={course.state} /> : null}
    </>
  );
}

/** The status line after a redirect (?hotovo=…). */
export function DoneStatus({ message }: { message: string | null }) {
  return (
    <div role="status" className={message ? "notice done" : "visually-hidden"}>
      {message}
    </div>
  );
}

/** Said instead of forms on a course that is not a draft (spec: published content is immutable). */
export function ReadOnlyNotice({ state }: { state: string }) {
  if (state === "draft") return null;
  return (
    <p className="notice">
      {state === "published" ? "Zverejnený" : "Archivovaný"} kurz sa nedá upravovať. Na zmeny vytvorte novú verziu (na karte „Štruktúra a zverejnenie“).
    </p>
  );
}
