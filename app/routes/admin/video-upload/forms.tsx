// The video upload page's labels and the scripted upload (progress while the file goes to the
// provider).
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export const stateLabels = { waiting: "Čaká na video", ready: "Pripravené na prehrávanie", errored: "Spracovanie zlyhalo" } as const;
export const uploadLabels = { waiting: "čaká na súbor alebo sa spracúva", ready: "spracované", errored: "zlyhalo", cancelled: "zrušené" } as const;
export const cutLabels = { waiting: "spracúva sa", ready: "hotová", errored: "zlyhala" } as const;
export const courseStateLabels = { draft: "koncept", published: "zverejnený", archived: "archivovaný", deleted: "zmazaný" } as const;

export type Progress =
  | { phase: "idle" }
  | { phase: "preparing" }
  | { phase: "uploading"; loaded: number; total: number }
  | { phase: "processing" }
  | { phase: "failed"; message: string };

/** With JavaScript: one form; the upload is opened through the API and the file PUT with XHR. */
export function ScriptedUpload({ partId, blockId, waiting }: { partId: string; blockId: string; waiting: boolean }) {
  const [progress, setProgress] = useState<Progress>({ phase: "idle" });
  const revalidator = useRevalidator();
  const file = useRef<HTMLInputElement>(null);

  // while the provider processes the file, the block's state is read again every 2 s
  useEffect(() => {
    if (progress.phase !== "processing") return;
    if (!waiting) {
      setProgress({ phase: "idle" });
      return;
    }
    const timer = setInterval(() => revalidator.revalidate(), 2000);
    const stop = setTimeout(() => clearInterval(timer), 120_000);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [progress.phase, waiting, revalidator]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setProgress({ phase: "failed", message: "Vyberte súbor s videom." });
      return;
    }
    setProgress({ phase: "preparing" });
    const created = await fetch("/api/admin/uploads/video", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ partId, blockId }),
    }).catch(() => null);
    const body = created ? await created.json().catch(() => null) : null;
    if (!created || created.status !== 201 || !body?.uploadUrl) {
      setProgress({ phase: "failed", message: body?.message ?? "Nahrávanie sa nepodarilo pripraviť." });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", body.uploadUrl);
    xhr.upload.onprogress = (e) => setProgress({ phase: "uploading", loaded: e.loaded, total: e.lengthComputable ? e.total : chosen.size });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        setProgress({ phase: "processing" });
        revalidator.revalidate();
      } else {
        let message = "Súbor sa nepodarilo nahrať.";
        try {
          message = JSON.parse(xhr.responseText).message ?? message;
        } catch {
          // not JSON
        }
        setProgress({ phase: "failed", message });
      }
    };
    xhr.onerror = () => setProgress({ phase: "failed", message: "Spojenie sa prerušilo; súbor sa nenahral." });
    setProgress({ phase: "uploading", loaded: 0, total: chosen.size });
    xhr.send(chosen);
  }

  const busy = progress.phase === "preparing" || progress.phase === "uploading";
  return (
    <form onSubmit={submit} className="video-upload-form">
      <div className="field">
        <label htmlFor="video-file">Súbor s videom (MP4)</label>
        <input id="video-file" ref={file} type="file" name="file" accept="video/mp4,video/quicktime,video/*" required disabled={busy} />
      </div>
      <button type="submit" aria-disabled={busy || undefined} disabled={busy}>
        Nahrať video
      </button>
      <div aria-live="polite" className="upload-progress">
        {progress.phase === "preparing" && <p>Pripravujem nahrávanie…</p>}
        {progress.phase === "uploading" && (
          <p>
            <label htmlFor="upload-progress">Nahrávam: {Math.floor((progress.loaded / Math.max(progress.total, 1)) * 100)}&nbsp;%</label>{" "}
            <progress id="upload-progress" value={progress.loaded} max={Math.max(progress.total, 1)} />
          </p>
        )}
        {progress.phase === "processing" && <p role="status">Súbor je nahratý. Čakám, kým ho poskytovateľ videa spracuje…</p>}
        {progress.phase === "failed" && (
          <p className="alert" role="alert">
            {progress.message}
          </p>
        )}
      </div>
    </form>
  );
}
