// The part form's own file pieces (docs/decisions/files/one-form-uploads.md): adding a
// presentation PDF, an image or an attachment is a field of the one form saved by "Uložiť"
// (a file input without JavaScript; a drop zone with progress and cancel with it), and the
// attachments are listed in the same form with "Zmazať" as one of its list buttons. Leaving
// the page with unsaved changes asks first (useLeaveGuard).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useBlocker } from "react-router";
import type { FieldMetadata } from "@conform-to/react";
import { FileUpload } from "../../../components/file-upload";
import { TextField } from "../../../components/forms";
import { replyErrors, type ActionReply } from "../../../components/admin-authoring";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters
type AnyField = FieldMetadata<any, any, any>;

const KINDS = [
  {
    value: "presentation",
    label: "Prezentácia (PDF)",
    accept: "application/pdf,.pdf",
    help: "Počet snímok aj ich obrázky sa zistia zo súboru. Najviac 50 MiB.",
  },
  {
    value: "image",
    label: "Obrázok",
    accept: "image/jpeg,image/png,image/webp,image/gif,image/avif",
    help: "JPEG, PNG, WebP, GIF alebo AVIF, najviac 10 MiB.",
  },
  {
    value: "attachment",
    label: "Príloha na stiahnutie",
    accept: ".pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.doc,.xls,.ppt,.csv,.txt,.zip,image/*",
    help: "PDF, dokumenty Office a OpenDocument, obrázky, CSV alebo text, najviac 50 MiB. Študent ho stiahne pod jeho názvom.",
  },
  {
    value: "captions",
    label: "Titulky k videu (WebVTT)",
    accept: "text/vtt,.vtt",
    help: "Súbor .vtt: riadok „WEBVTT“ a titulky s časmi. Jeden súbor na jazyk, najviac 2 MiB; nový v tom istom jazyku nahradí starý.",
  },
] as const;

export const CAPTION_LANGUAGES = [
  { value: "sk", label: "slovenčina" },
  { value: "cs", label: "čeština" },
  { value: "en", label: "angličtina" },
  { value: "hu", label: "maďarčina" },
  { value: "de", label: "nemčina" },
  { value: "pl", label: "poľština" },
  { value: "uk", label: "ukrajinčina" },
] as const;

// every kind's types: without JavaScript the picker must not hide what another choice takes
const ACCEPT_ANY = [...new Set(KINDS.flatMap((k) => k.accept.split(",")))].join(",");

/** "Pridať súbor": what the file becomes (chosen before the file, so its cap applies while it streams), the file, an image's texts. */
export function AddFile({
  meta,
  reply,
  videos,
}: {
  meta: { kind: AnyField; newAlt: AnyField; newCaption: AnyField; captionsBlockId: AnyField; captionsLang: AnyField };
  reply: ActionReply;
  videos: { id: string; label: string }[];
}) {
  const [kind, setKind] = useState<string>(String(meta.kind.initialValue ?? "presentation"));
  const current = KINDS.find((k) => k.value === kind) ?? KINDS[0];
  const kindErrors = replyErrors(reply, "savePart", "kind");
  return (
    <fieldset className="block-form add-file" aria-describedby="pridat-subor-pomoc">
      <legend>Pridať súbor</legend>
      <p className="muted" id="pridat-subor-pomoc">
        Vybraný súbor sa pridá ako nový blok alebo príloha spolu so všetkým ostatným tlačidlom „Uložiť“.
      </p>
      <div className="choices" role="radiogroup" aria-label="Čo bude zo súboru">
        {KINDS.filter((k) => k.value !== "captions" || videos.length > 0).map((k) => (
          <label key={k.value} className="choice">
            <input type="radio" name={meta.kind.name} value={k.value} checked={kind === k.value} onChange={() => setKind(k.value)} /> {k.label}
          </label>
        ))}
      </div>
      {kindErrors.length ? (
        <p className="field-error" role="alert">
          {kindErrors.join(" ")}
        </p>
      ) : null}
      <FileUpload
        key={kind}
        id="novy-subor"
        label="Súbor"
        help={current.help}
        kind={kind}
        accept={ACCEPT_ANY}
        idName="newFileId"
        errors={replyErrors(reply, "savePart", "file")}
      />
      {/* shown for every kind: without JavaScript the choice above cannot change the page */}
      <TextField meta={meta.newAlt} label="Alternatívny text obrázka (len pri obrázku)" description="Čo je na obrázku, pre ľudí, ktorí ho nevidia." />
      <TextField meta={meta.newCaption} label="Popisok obrázka (nepovinné)" />
      {videos.length ? (
        <div className="field-row">
          <SelectField
            meta={meta.captionsBlockId}
            label="Video pre titulky (len pri titulkoch)"
            options={videos.map((v) => ({ value: v.id, label: v.label }))}
            errors={replyErrors(reply, "savePart", "captionsBlockId")}
          />
          <SelectField
            meta={meta.captionsLang}
            label="Jazyk titulkov"
            options={[...CAPTION_LANGUAGES]}
            errors={replyErrors(reply, "savePart", "captionsLang")}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function SelectField({ meta, label, options, errors }: { meta: AnyField; label: string; options: { value: string; label: string }[]; errors: string[] }) {
  const all = [...errors, ...(meta.errors ?? [])];
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={String(meta.initialValue ?? options[0]?.value ?? "")}
        aria-invalid={all.length ? true : undefined}
        aria-describedby={all.length ? `${meta.id}-error` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {all.length ? (
        <p id={`${meta.id}-error`} className="field-error" role="alert">
          {all.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export type ViewAttachment = { name: string; path: string; mimeType: string; size: string; fileId?: string };

/** The part's attachments inside its form: "Zmazať" saves everything typed, then removes the one. */
export function AttachmentList({
  attachments,
  button,
}: {
  attachments: ViewAttachment[];
  button: (op: string, label: string, confirm: string, children: ReactNode) => ReactNode;
}) {
  return (
    <section aria-labelledby="prilohy">
      <h2 id="prilohy">Prílohy</h2>
      {attachments.length ? (
        <ul className="attachments">
          {attachments.map((a, i) => (
            <li key={`${i}-${a.path}`}>
              {a.name}{" "}
              <span className="muted">
                ({a.fileId ? "nahraný súbor" : a.path}, {a.mimeType}, {a.size})
              </span>{" "}
              {button(`detach:${i}`, `Zmazať prílohu ${a.name}`, `Zmazať prílohu „${a.name}“?`, "Zmazať")}
            </li>
          ))}
        </ul>
      ) : (
        <p>Bez príloh. Prílohu pridáte vyššie v časti „Pridať súbor“.</p>
      )}
    </section>
  );
}

export const LEAVE_QUESTION = "Máte neuložené zmeny. Naozaj chcete odísť bez uloženia?";

/**
 * With JavaScript: leaving the editor by any link while `dirty` asks first (React Router's
 * useBlocker for links inside the app, the browser's own question on reload or close).
 * Submitting the form itself is not leaving (its action is this page).
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) => dirty && historyAction !== "REPLACE" && currentLocation.pathname !== nextLocation.pathname,
  );
  const asked = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked") {
      asked.current = false;
      return;
    }
    if (asked.current) return;
    asked.current = true;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
}
