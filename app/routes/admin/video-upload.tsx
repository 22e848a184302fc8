// /admin/video/<partId>/<blockId>: a video block's state and its upload (server/video).
// Behind the /admin layout's role check (content managers and admins). The admin course
// editor links here from every video block.
// - The block's state (waiting, ready, errored), what it plays (a player when ready), and
//   how the latest upload ended.
// - Upload, with JavaScript: choose a file, "Nahrať video": the page asks
//   POST /api/admin/uploads/video for an upload, PUTs the file to its uploadUrl with XHR
//   (a progress bar), then refreshes the block's state until the provider's webhook has
//   filled it in.
// - Upload without JavaScript (local video provider): "Pripraviť nahrávanie" (this page's
//   action opens the upload), then a plain multipart form that posts the file straight to
//   the stand-in, which redirects back here when the webhook has been delivered. Mux's
//   upload URL takes only PUT, so with Mux the page needs JavaScript (said on the page).
// - A waiting upload can be cancelled (the provider then sends video.upload.cancelled).
// - The course's preview clip (a plain form, drafts with a ready video): start and end in
//   seconds (10-60 s, within the video); the provider cuts it (server/video previews.ts)
//   and its webhook sets previewPlaybackId; the page shows the clip playing and the
//   latest cut's state. Errors (422, 409, 503) come back next to the form.
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/video-upload";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { ScriptedUpload } from "./video-upload/forms";
import { editorAction, editorLoader } from "./video-upload/editor.server";
export const loader = editorLoader;
export const action = editorAction;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Video: ${loaderData.partTitle}` : "Video") },
  { name: "robots", content: "noindex" },
];

export default function VideoUpload({ loaderData: v, actionData }: Route.ComponentProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const prepared = actionData && "upload" in actionData ? actionData.upload : null;
  const previewError = actionData && "previewError" in actionData ? actionData.previewError : null;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: "Administrácia", href: "/admin" },
          { label: "Kurzy", href: "/admin/kurzy" },
          { label: v.courseTitle },
          { label: `Video: ${v.partTitle}` },
        ]}
      />
      <h1>Video v časti „{v.partTitle}“</h1>
      <p className="muted">
        Kurz „{v.courseTitle}“, verzia {v.courseVersion} ({v.courseStateLabel}) · poskytovateľ videa: {v.provider === "mux" ? "Mux" : "lokálny (ukážkový)"}
      </p>

      <section aria-labelledby="stav">
        <h2 id="stav">Stav bloku</h2>
        <dl className="facts">
          <dt>Stav</dt>
          <dd data-testid="block-state" data-state={v.state}>
            {v.stateLabel}
          </dd>
          {v.duration && (
            <>
              <dt>Dĺžka</dt>
              <dd>{v.duration}</dd>
            </>
          )}
          {v.assetId && (
            <>
              <dt>Asset</dt>
              <dd>
                <code>{v.assetId}</code>
              </dd>
            </>
          )}
          {v.playbackId && (
            <>
              <dt>Playback ID</dt>
              <dd>
                <code>{v.playbackId}</code>
              </dd>
            </>
          )}
          {v.upload && (
            <>
              <dt>Posledné nahrávanie</dt>
              <dd data-testid="upload-status" data-status={v.upload.status}>
                {v.upload.createdAt}: {v.upload.statusLabel}
                {v.upload.endedAt && ` (${v.upload.endedAt})`}
                {v.upload.message && ` – ${v.upload.message}`}
              </dd>
            </>
          )}
        </dl>
        {v.player && (
          <video controls preload="metadata" className="video-preview" poster={v.player.poster ?? undefined} aria-label={`Video časti ${v.partTitle}`}>
            <source src={v.player.url} type={v.player.type ?? undefined} />
            <a href={v.player.url}>Otvoriť video</a>
          </video>
        )}
        <p>
          <Link to={`/admin/video/${v.partId}/${encodeURIComponent(v.blockId)}`}>Obnoviť stav</Link>
        </p>
      </section>

      <section aria-labelledby="ukazka">
        <h2 id="ukazka">Ukážka kurzu</h2>
        <p className="muted">
          Krátky úsek tohto videa ({v.preview.minSec} až {v.preview.maxSec}&nbsp;s), ktorý sa verejne prehráva na stránke kurzu, ak je časť v ukážke.
        </p>
        <dl className="facts">
          <dt>Ukážka</dt>
          <dd data-testid="preview-range">{v.preview.playbackId ? (v.preview.rangeLabel ?? "nastavená") : "nie je nastavená"}</dd>
          {v.preview.cut && (
            <>
              <dt>Posledné strihanie</dt>
              <dd data-testid="preview-cut" data-status={v.preview.cut.status}>
                {v.preview.cut.range}: {v.preview.cut.statusLabel}
                {v.preview.cut.message && ` – ${v.preview.cut.message}`}
              </dd>
            </>
          )}
        </dl>
        {v.preview.player && (
          <video controls preload="metadata" className="video-clip" aria-label={`Ukážka videa časti ${v.partTitle}`}>
            <source src={v.preview.player.url} type={v.preview.player.type ?? undefined} />
            <a href={v.preview.player.url}>Otvoriť ukážku</a>
          </video>
        )}
        {!v.editable ? null : !v.preview.possible ? (
          <p className="notice">Ukážku možno vystrihnúť až zo spracovaného videa.</p>
        ) : (
          <Form method="post" className="preview-form">
            <input type="hidden" name="intent" value="preview" />
            {previewError && (
              <div className="alert" role="alert">
                {previewError.messages.map((m) => (
                  <p key={m}>{m}</p>
                ))}
              </div>
            )}
            <div className="field">
              <label htmlFor="preview-start">Začiatok ukážky (s)</label>
              <input
                id="preview-start"
                name="previewStartSec"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.1"
                required
                defaultValue={previewError?.values.previewStartSec ?? v.preview.startSec ?? ""}
              />
            </div>
            <div className="field">
              <label htmlFor="preview-end">Koniec ukážky (s)</label>
              <input
                id="preview-end"
                name="previewEndSec"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.1"
                required
                max={v.preview.durationSec ?? undefined}
                defaultValue={previewError?.values.previewEndSec ?? v.preview.endSec ?? ""}
              />
              {v.preview.durationLabel && <p className="field-description">Video má {v.preview.durationLabel}.</p>}
            </div>
            <button type="submit">Vystrihnúť ukážku</button>
          </Form>
        )}
      </section>

      <section aria-labelledby="nahrat">
        <h2 id="nahrat">Nahrať nové video</h2>
        {!v.editable ? (
          <p className="notice">Kurz nie je koncept, preto sa jeho video nedá meniť. Vytvorte novú verziu kurzu.</p>
        ) : hydrated ? (
          <ScriptedUpload partId={v.partId} blockId={v.blockId} waiting={v.upload?.status === "waiting"} />
        ) : prepared ? (
          v.provider === "local" ? (
            <form method="post" action={prepared.uploadUrl} encType="multipart/form-data" className="video-upload-form">
              <div className="field">
                <label htmlFor="video-file-plain">Súbor s videom (MP4)</label>
                <input id="video-file-plain" type="file" name="file" accept="video/mp4,video/quicktime,video/*" required />
                <p className="field-description">Adresa na nahratie platí do {prepared.expiresAt}. Po nahratí sa vrátite na túto stránku.</p>
              </div>
              <button type="submit">Nahrať video</button>
            </form>
          ) : (
            <p className="notice">Nahrávanie do Muxu je pripravené, no súbor sa dá odoslať len so zapnutým JavaScriptom.</p>
          )
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="prepare" />
            <p className="muted">Bez JavaScriptu sa video nahráva v dvoch krokoch: najprv pripravte nahrávanie, potom vyberte súbor.</p>
            <button type="submit">Pripraviť nahrávanie</button>
          </Form>
        )}
        {v.editable && v.upload?.status === "waiting" && (
          <Form method="post" className="cancel-upload">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="secondary">
              Zrušiť čakajúce nahrávanie
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
