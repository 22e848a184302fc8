// A file chosen on an admin form (docs/decisions/files/one-form-uploads.md). Without
// JavaScript it is a plain <input type="file" name="file"> of its multipart form, which the
// page's action streams into the store (server/files). With JavaScript the same place is a
// drop zone: a file dropped or chosen is uploaded at once to POST /api/admin/files with
// XMLHttpRequest (its upload progress drives a <progress>, "Zrušiť" aborts it), and the form
// then sends the stored file's id in a hidden field instead of the bytes. A refusal (type,
// size, a broken PDF) is said under the field, as the server words it.
import { useEffect, useRef, useState, type DragEvent } from "react";

export type UploadedFile = { id: string; name: string; kind: string; sizeBytes: number; mimeType: string; pages?: number; width?: number; height?: number };

type Phase =
  | { phase: "idle"; note?: string }
  | { phase: "uploading"; name: string; loaded: number; total: number }
  | { phase: "done"; file: UploadedFile }
  | { phase: "error"; message: string };

export type FileUploadProps = {
  /** the file input's id (its label points at it) */
  id: string;
  label: string;
  help?: string;
  /** the upload's kind (POST /api/admin/files `kind`); a function when the form picks it */
  kind: string | (() => string);
  accept?: string;
  /** the hidden field that carries the uploaded file's id with JavaScript */
  idName: string;
  /** the multipart field of the file itself without JavaScript */
  fileName?: string;
  /** errors the server said about this field */
  errors?: string[];
  required?: boolean;
  /** the form's save button, named after an upload ("Uloží sa tlačidlom …") */
  saveLabel?: string;
};

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}

export function FileUpload({ id, label, help, kind, accept, idName, fileName = "file", errors = [], required, saveLabel = "Uložiť" }: FileUploadProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [state, setState] = useState<Phase>({ phase: "idle" });
  const [over, setOver] = useState(false);
  const xhr = useRef<XMLHttpRequest | null>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => () => xhr.current?.abort(), []);
  const uploadedId = state.phase === "done" ? state.file.id : "";
  useEffect(() => {
    // the form's unsaved-changes guard listens for input events: an uploaded file is a change
    if (uploadedId) hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [uploadedId]);

  const start = (file: File) => {
    xhr.current?.abort();
    const body = new FormData();
    // the kind goes first: the server applies its cap while the file streams
    body.append("kind", typeof kind === "function" ? kind() : kind);
    body.append("file", file);
    const request = new XMLHttpRequest();
    xhr.current = request;
    setState({ phase: "uploading", name: file.name, loaded: 0, total: file.size });
    request.upload.onprogress = (event) =>
      setState({ phase: "uploading", name: file.name, loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onload = () => {
      xhr.current = null;
      const answer = request.response as { file?: UploadedFile; message?: string } | null;
      if (request.status === 201 && answer?.file) setState({ phase: "done", file: answer.file });
      else setState({ phase: "error", message: answer?.message ?? `Súbor sa nepodarilo nahrať (${request.status}).` });
    };
    request.onerror = () => {
      xhr.current = null;
      setState({ phase: "error", message: "Spojenie sa prerušilo. Skúste súbor nahrať znova." });
    };
    request.onabort = () => setState({ phase: "idle", note: "Nahrávanie je zrušené." });
    request.open("POST", "/api/admin/files");
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.send(body);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) start(file);
  };

  const shownErrors = state.phase === "error" ? [state.message] : errors;
  const describedBy = [help ? `${id}-help` : "", shownErrors.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  if (!enhanced) {
    return (
      <div className="field file-upload">
        <label htmlFor={id}>{label}</label>
        {help ? (
          <p className="muted" id={`${id}-help`}>
            {help}
          </p>
        ) : null}
        <input
          id={id}
          type="file"
          name={fileName}
          accept={accept}
          required={required}
          aria-describedby={describedBy}
          aria-invalid={shownErrors.length ? true : undefined}
        />
        {shownErrors.length ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {shownErrors.join(" ")}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="field file-upload">
      <label htmlFor={id}>{label}</label>
      {help ? (
        <p className="muted" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      <div
        className={`drop-zone${over ? " over" : ""}`}
        data-testid={`${id}-drop`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="muted">Presuňte súbor sem alebo ho vyberte:</p>
        <input
          ref={picker}
          id={id}
          type="file"
          accept={accept}
          aria-describedby={describedBy}
          aria-invalid={shownErrors.length ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) start(file);
          }}
        />
      </div>
      <input ref={hidden} type="hidden" name={idName} value={uploadedId} />
      <div aria-live="polite" className="upload-status">
        {state.phase === "uploading" ? (
          <p>
            <progress max={state.total || 1} value={state.loaded} aria-label={`Nahráva sa ${state.name}`} />{" "}
            {Math.round((state.loaded / (state.total || 1)) * 100)} % · {state.name}{" "}
            <button type="button" className="small secondary" onClick={() => xhr.current?.abort()}>
              Zrušiť nahrávanie
            </button>
          </p>
        ) : null}
        {state.phase === "done" ? (
          <p>
            Nahrané: <strong>{state.file.name}</strong> ({size(state.file.sizeBytes)}
            {state.file.pages ? `, ${state.file.pages} str.` : ""}). Uloží sa tlačidlom „{saveLabel}“.{" "}
            <button
              type="button"
              className="small secondary"
              onClick={() => {
                setState({ phase: "idle" });
                if (picker.current) picker.current.value = "";
              }}
            >
              Odobrať
            </button>
          </p>
        ) : null}
        {state.phase === "idle" && state.note ? <p>{state.note}</p> : null}
      </div>
      {shownErrors.length ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shownErrors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
