// Form fields for Conform + zod forms: label, description and errors wired to the control
// with aria-describedby / aria-invalid, so a screen reader hears what is wrong. They work
// without JavaScript (a plain <Form method="post">; the action answers submission.reply()
// with status 400 and the page renders the errors from lastResult).
//
// How a route uses them (STYLE.md > Forms; one action, several forms, dispatch on `intent`):
//
//   const renameSchema = z.object({
//     intent: z.literal("rename"),
//     title: z.string().trim().min(3).max(200),          // Slovak messages: app/lib/validation.ts
//     notify: z.boolean().default(false),
//   });
//   const archiveSchema = z.object({ intent: z.literal("archive") });
//   const schema = z.discriminatedUnion("intent", [renameSchema, archiveSchema]);
//
//   export async function action({ request }: Route.ActionArgs) {
//     const submission = parseForm(await readForm(request), schema);
//     if (submission.status !== "success") return data(submission.reply(), { status: 400 });
//     switch (submission.value.intent) {
//       case "rename": await renameCourse(db, id, submission.value.title); break;
//       case "archive": await archiveCourse(db, id); break;
//     }
//     return redirect(".");
//   }
//
//   export default function Page({ actionData }: Route.ComponentProps) {
//     const [form, fields] = useForm({
//       lastResult: actionData,
//       constraint: getZodConstraint(renameSchema),
//       shouldValidate: "onBlur",
//       onValidate: ({ formData }) => parseForm(formData, renameSchema),
//     });
//     return (
//       <Form method="post" {...getFormProps(form)}>
//         <FormErrors meta={form} />
//         <TextField meta={fields.title} label="Názov kurzu" description="Najviac 200 znakov." />
//         <CheckboxField meta={fields.notify} label="Upozorniť študentov e-mailom" />
//         <SubmitButton intent="rename">Uložiť</SubmitButton>
//       </Form>
//     );
//   }
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { parseForm } from "../lib/validation";

/** A form schema: an object (or a union of objects) in and out. */
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
type FormOptions<S extends FormSchema> = Parameters<typeof useForm<z.input<S>, z.output<S>>>[0];

/**
 * A Conform form that checks itself in the browser (JavaScript on) with the schema the action
 * checks again: a field on leaving it, then on every input once it has an error.
 */
export function useSchemaForm<S extends FormSchema>(schema: S, options: Pick<FormOptions<S>, "id" | "lastResult" | "defaultValue">) {
  return useForm<z.input<S>, z.output<S>>({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
}

export { getFormProps };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
type AnyField = FieldMetadata<any, any, any>;

/** The field's errors under the control; the id is what aria-describedby points to. */
/** A field's description, which its control's aria-describedby names (`id`); nothing without one. */
export function FieldDescription({ id, children }: { id: string | undefined; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field-description">
      {children}
    </p>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** Errors of the whole form (form.errors), e.g. "Kurz medzitým upravil niekto iný". */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
export function FormErrors({ meta }: { meta: FormMetadata<any, any> }) {
  if (!meta.errors?.length) return null;
  return (
    <div id={meta.errorId} className="alert" role="alert">
      {meta.errors.map((e: unknown) => (
        <p key={String(e)}>{String(e)}</p>
      ))}
    </div>
  );
}

/**
 * The error summary at the top of a failed form (docs/decisions/student-ui/student-pages-on-a-phone.md > Notices and form
 * errors): a heading, the form's own errors, and a link to each field with an error (its
 * label and first message), so a long form on a phone says at once what to fix and where.
 * Server-rendered from the action's reply, so it works without JavaScript; with it, the
 * same list follows client-side validation. Pass the fields in the order they appear.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
export function ErrorSummary({ form, fields }: { form: FormMetadata<any, any>; fields: { meta: AnyField; label: string }[] }) {
  const failing = fields.filter((f) => f.meta.errors?.length);
  const formErrors = (form.errors ?? []).map(String);
  if (failing.length === 0 && formErrors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${form.id}-summary`} tabIndex={-1}>
      <h2 id={`${form.id}-summary`}>{failing.length > 0 ? "Formulár obsahuje chyby" : "Objednávku sa nepodarilo dokončiť"}</h2>
      {formErrors.map((e: string) => (
        <p key={e}>{e}</p>
      ))}
      {failing.length > 0 ? (
        <ul>
          {failing.map((f) => (
            <li key={f.meta.id}>
              <a href={`#${f.meta.id}`}>
                {f.label}: {f.meta.errors![0]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type TextFieldProps = {
  meta: AnyField;
  label: string;
  description?: ReactNode;
  type?: "text" | "email" | "url" | "tel" | "number" | "password" | "search" | "date" | "datetime-local";
  autoComplete?: string;
  /** a multi-line <textarea> instead of an <input> */
  multiline?: boolean;
  rows?: number;
};

export function TextField({ meta, label, description, type = "text", autoComplete, multiline, rows = 5 }: TextFieldProps) {
  const describedBy = description ? meta.descriptionId : undefined;
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <FieldDescription id={meta.descriptionId}>{description}</FieldDescription>
      {multiline ? (
        <TextArea meta={meta} describedBy={describedBy} rows={rows} />
      ) : (
        <Input meta={meta} describedBy={describedBy} type={type} autoComplete={autoComplete} invalid={invalid} />
      )}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function Input({
  meta,
  describedBy,
  type,
  autoComplete,
  invalid,
}: {
  meta: AnyField;
  describedBy?: string;
  type: NonNullable<TextFieldProps["type"]>;
  autoComplete?: string;
  invalid: boolean;
}) {
  // `key` resets an uncontrolled input when Conform resets the form; React wants it apart
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: describedBy });
  return <input key={key} {...props} aria-invalid={invalid || undefined} autoComplete={autoComplete} />;
}

function TextArea({ meta, describedBy, rows }: { meta: AnyField; describedBy?: string; rows: number }) {
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: describedBy });
  return <textarea key={key} {...props} aria-invalid={Boolean(meta.errors?.length) || undefined} rows={rows} />;
}

/** A checkbox with its label to the right; the zod field is `z.boolean()` (checked = "on"). */
export function CheckboxField({ meta, label, description }: { meta: AnyField; label: ReactNode; description?: ReactNode }) {
  const describedBy = description ? meta.descriptionId : undefined;
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaDescribedBy: describedBy });
  return (
    <div className="field field-checkbox">
      <input key={key} {...props} aria-invalid={Boolean(meta.errors?.length) || undefined} />
      <label htmlFor={meta.id}>{label}</label>
      <FieldDescription id={meta.descriptionId}>{description}</FieldDescription>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * Submits the form with `intent=<intent>`, so one action can serve several forms (the
 * action's schema has `intent: z.literal(...)` per form). While this very intent is being
 * submitted (JavaScript on) it says so and refuses a second click.
 */
export function SubmitButton({
  intent,
  children,
  pendingLabel = "Ukladá sa…",
  variant,
}: {
  intent?: string;
  children: ReactNode;
  pendingLabel?: string;
  variant?: "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      className={variant}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
