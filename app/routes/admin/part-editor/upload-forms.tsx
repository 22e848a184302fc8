// The part editor's upload forms: a plain multipart form each (works without JavaScript;
// with it React Router sends the same form data). `kind` comes before `file`, so the
// server applies the kind's cap while the file streams. A refusal is said on the form.
import { Form } from "react-router";
import type { ActionReply } from "../../../components/admin-authoring";
import { FormKey, usePending } from "../../../components/admin-authoring";

type Props = { reply: ActionReply };

function errorsOf(reply: ActionReply, key: string, field: string): string[] {
  if (!reply || reply.form !== key) return [];
  return (reply.result?.error?.[field] ?? []).filter(Boolean);
}

function UploadForm({ formKey, kind, accept, label, help, reply, submit, children }: Props & { formKey: string; kind: string; accept: string; label: string; help: string; submit: string; children?: React.ReactNode }) {
  const pending = usePending(formKey);
  const fileErrors = errorsOf(reply, formKey, "file");
  const id = `${formKey}-file`;
  return (
    <Form method="post" action="?upload" encType="multipart/form-data" className="block-form upload-form" aria-labelledby={`${formKey}-label`}>
      <FormKey formKey={formKey} />
      <input type="hidden" name="intent" value={formKey} />
      <input type="hidden" name="kind" value={kind} />
      <div className="field">
        <label id={`${formKey}-label`} htmlFor={id}>{label}</label>
        <p className="muted" id={`${id}-help`}>{help}</p>
        <input id={id} type="file" name="file" accept={accept} required aria-describedby={`${id}-help${fileErrors.length ? ` ${id}-error` : ""}`} aria-invalid={fileErrors.length ? true : undefined} />
        {fileErrors.length ? <p id={`${id}-error`} className="field-error" role="alert">{fileErrors.join(" ")}</p> : null}
      </div>
      {children}
      <div className="actions">
        <button type="submit" disabled={pending}>{pending ? "Nahráva sa…" : submit}</button>
      </div>
    </Form>
  );
}

export function PresentationUploadForm({ reply }: Props) {
  return (
    <UploadForm formKey="uploadPresentationBlock" kind="presentation" accept="application/pdf,.pdf" label="Súbor PDF" help="Počet snímok aj ich obrázky sa zistia zo súboru. Najviac 50 MiB." submit="Nahrať prezentáciu" reply={reply} />
  );
}

export function ImageUploadForm({ reply }: Props) {
  const altErrors = errorsOf(reply, "uploadImageBlock", "alt");
  return (
    <UploadForm formKey="uploadImageBlock" kind="image" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" label="Obrázok" help="JPEG, PNG, WebP, GIF alebo AVIF, najviac 10 MiB." submit="Nahrať obrázok" reply={reply}>
      <div className="field">
        <label htmlFor="uploadImageBlock-alt">Alternatívny text</label>
        <input id="uploadImageBlock-alt" name="alt" required maxLength={500} aria-invalid={altErrors.length ? true : undefined} aria-describedby={altErrors.length ? "uploadImageBlock-alt-error" : undefined} />
        {altErrors.length ? <p id="uploadImageBlock-alt-error" className="field-error" role="alert">{altErrors.join(" ")}</p> : null}
      </div>
      <div className="field">
        <label htmlFor="uploadImageBlock-caption">Popisok (nepovinné)</label>
        <input id="uploadImageBlock-caption" name="caption" maxLength={500} />
      </div>
    </UploadForm>
  );
}

export function AttachmentUploadForm({ reply }: Props) {
  return (
    <UploadForm
      formKey="uploadAttachment"
      kind="attachment"
      accept=".pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.doc,.xls,.ppt,.csv,.txt,.zip,image/*"
      label="Súbor prílohy"
      help="PDF, dokumenty Office a OpenDocument, obrázky, CSV alebo text, najviac 50 MiB. Študent ho stiahne pod týmto názvom."
      submit="Nahrať prílohu"
      reply={reply}
    />
  );
}
