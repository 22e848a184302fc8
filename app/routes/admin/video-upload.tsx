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
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/video-upload";
import { servicesContext } from "../../context";
import { pageRoute, readForm } from "../../lib/page.server";
import { requireRoleForPage, actorOf } from "../../lib/auth.server";
import { Breadcrumbs } from "../../components/breadcrumbs";
import { pageTitle } from "../../site";
import { DomainError } from "#server/http/errors";
import { isId } from "#server/db";
import { PREVIEW_MAX_SEC, PREVIEW_MIN_SEC, VideoPreviewRequest, videoBlockPagePath } from "#server/video";
import { formatDateTime, formatDecimal } from "#server/money";

const stateLabels = { waiting: "Čaká na video", ready: "Pripravené na prehrávanie", errored: "Spracovanie zlyhalo" } as const;
const uploadLabels = { waiting: "čaká na súbor alebo sa spracúva", ready: "spracované", errored: "zlyhalo", cancelled: "zrušené" } as const;
const cutLabels = { waiting: "spracúva sa", ready: "hotová", errored: "zlyhala" } as const;
const courseStateLabels = { draft: "koncept", published: "zverejnený", archived: "archivovaný", deleted: "zmazaný" } as const;

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m > 0 ? `${m}\u00a0min ${s}\u00a0s` : `${formatDecimal(seconds, seconds < 10 ? 1 : 0)}\u00a0s`;
}

async function load(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  if (!isId(params.partId)) throw new DomainError("not_found", "Časť sa nenašla.");
  const { db, video } = context.get(servicesContext);
  return video.getBlock(db, { partId: params.partId, blockId: params.blockId });
}

export const loader = pageRoute(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const found = await load(params, context);
  const { block } = found;
  const playback = block.state === "ready" && block.videoPlaybackId ? services.media.playback(block.videoPlaybackId, services.clock.now()) : null;
  const previewClip = block.previewPlaybackId ? services.media.preview(block.previewPlaybackId, services.clock.now()) : null;
  return {
    partId: found.partId,
    blockId: block.id,
    partTitle: found.partTitle,
    courseTitle: found.courseTitle,
    courseVersion: found.courseVersion,
    courseState: found.courseState,
    courseStateLabel: courseStateLabels[found.courseState],
    editable: found.courseState === "draft",
    provider: services.video.providerName,
    state: block.state,
    stateLabel: stateLabels[block.state],
    duration: block.durationSec !== undefined ? formatDuration(block.durationSec) : null,
    assetId: block.videoAssetId ?? null,
    playbackId: block.videoPlaybackId ?? null,
    player: playback ? { url: playback.url, type: playback.mimeType ?? null, poster: playback.posterUrl } : null,
    preview: {
      startSec: block.previewStartSec ?? null,
      endSec: block.previewEndSec ?? null,
      playbackId: block.previewPlaybackId ?? null,
      player: previewClip ? { url: previewClip.url, type: previewClip.mimeType ?? null } : null,
      cut: block.previewCut
        ? {
            status: block.previewCut.status,
            statusLabel: cutLabels[block.previewCut.status],
            range: `${formatDecimal(block.previewCut.startSec, 1)}–${formatDecimal(block.previewCut.endSec, 1)}\u00a0s`,
            message: block.previewCut.message ?? null,
          }
        : null,
      // the form can cut only from a processed video
      possible: block.state === "ready" && !!block.videoAssetId && !!block.videoPlaybackId && block.durationSec !== undefined,
      durationSec: block.durationSec ?? null,
      durationLabel: block.durationSec !== undefined ? `${formatDecimal(block.durationSec, 1)}\u00a0s` : null,
      rangeLabel:
        block.previewPlaybackId && block.previewStartSec !== undefined && block.previewEndSec !== undefined
          ? `${formatDecimal(block.previewStartSec, 1)}–${formatDecimal(block.previewEndSec, 1)}\u00a0s`
          : null,
      minSec: PREVIEW_MIN_SEC,
      maxSec: PREVIEW_MAX_SEC,
    },
    upload: block.upload
      ? {
          id: block.upload.id,
          status: block.upload.status,
          statusLabel: uploadLabels[block.upload.status],
          createdAt: formatDateTime(new Date(block.upload.createdAt)),
          endedAt: block.upload.endedAt ? formatDateTime(new Date(block.upload.endedAt)) : null,
          message: block.upload.message ?? null,
        }
      : null,
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireRoleForPage(request, context, "content_manager", "admin");
  const services = context.get(servicesContext);
  const found = await load(params, context);
  const ref = { partId: found.partId, blockId: found.block.id };
  const form = await readForm(request);
  const intent = form.get("intent");
  const deps = { db: services.db, now: services.clock.now() };
  if (intent === "prepare") {
    const actor = actorOf(context, user);
    const upload = await services.video.createUpload(deps, actor, ref);
    return { upload: { uploadUrl: upload.uploadUrl, expiresAt: formatDateTime(new Date(upload.expiresAt)) } };
  }
  if (intent === "preview") {
    const seconds = (name: string) => {
      const raw = String(form.get(name) ?? "").trim().replace(",", ".");
      return raw === "" ? undefined : Number(raw);
    };
    const values = { previewStartSec: String(form.get("previewStartSec") ?? ""), previewEndSec: String(form.get("previewEndSec") ?? "") };
    const parsed = VideoPreviewRequest.safeParse({ ...ref, previewStartSec: seconds("previewStartSec"), previewEndSec: seconds("previewEndSec") });
    if (!parsed.success) {
      const messages = parsed.error.issues.map((i) => (i.code === "invalid_type" ? "Zadajte začiatok aj koniec ukážky v sekundách." : i.message));
      return data({ previewError: { messages: [...new Set(messages)], values } }, { status: 422 });
    }
    const actor = actorOf(context, user);
    try {
      await services.video.setPreview(deps, actor, parsed.data);
    } catch (error) {
      if (error instanceof DomainError && (error.status === 422 || error.status === 409 || error.status === 503)) {
        return data({ previewError: { messages: [error.message], values } }, { status: error.status });
      }
      throw error;
    }
    return redirect(videoBlockPagePath(ref));
  }
  if (intent === "cancel") {
    await services.video.cancelUpload(deps, ref);
    return redirect(videoBlockPagePath(ref));
  }
  throw new DomainError("bad_request", "Neznáma akcia formulára.");
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Video: ${loaderData.partTitle}` : "Video") },
  { name: "robots", content: "noindex" },
];

type Progress = { phase: "idle" } | { phase: "preparing" } | { phase: "uploading"; loaded: number; total: number } | { phase: "processing" } | { phase: "failed"; message: string };

/** With JavaScript: one form; the upload is opened through the API and the file PUT with XHR. */
function ScriptedUpload({ partId, blockId, waiting }: { partId: string; blockId: string; waiting: boolean }) {
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
      <button type="submit" aria-disabled={busy || undefined} disabled={busy}>Nahrať video</button>
      <div aria-live="polite" className="upload-progress">
        {progress.phase === "preparing" && <p>Pripravujem nahrávanie…</p>}
        {progress.phase === "uploading" && (
          <p>
            <label htmlFor="upload-progress">Nahrávam: {Math.floor((progress.loaded / Math.max(progress.total, 1)) * 100)}&nbsp;%</label>{" "}
            <progress id="upload-progress" value={progress.loaded} max={Math.max(progress.total, 1)} />
          </p>
        )}
        {progress.phase === "processing" && <p role="status">Súbor je nahratý. Čakám, kým ho poskytovateľ videa spracuje…</p>}
        {progress.phase === "failed" && <p className="alert" role="alert">{progress.message}</p>}
      </div>
    </form>
  );
}

export default function VideoUpload({ loaderData: v, actionData }: Route.ComponentProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const prepared = actionData && "upload" in actionData ? actionData.upload : null;
  const previewError = actionData && "previewError" in actionData ? actionData.previewError : null;
  return (
    <>
      <Breadcrumbs items={[{ label: "Administrácia", href: "/admin" }, { label: "Kurzy", href: "/admin/kurzy" }, { label: v.courseTitle }, { label: `Video: ${v.partTitle}` }]} />
      <h1>Video v časti „{v.partTitle}“</h1>
      <p className="muted">
        Kurz „{v.courseTitle}“, verzia {v.courseVersion} ({v.courseStateLabel}) · poskytovateľ videa: {v.provider === "mux" ? "Mux" : "lokálny (ukážkový)"}
      </p>

      <section aria-labelledby="stav">
        <h2 id="stav">Stav bloku</h2>
        <dl className="facts">
          <dt>Stav</dt>
          <dd data-testid="block-state" data-state={v.state}>{v.stateLabel}</dd>
          {v.duration && (
            <>
              <dt>Dĺžka</dt>
              <dd>{v.duration}</dd>
            </>
          )}
          {v.assetId && (
            <>
              <dt>Asset</dt>
              <dd><code>{v.assetId}</code></dd>
            </>
          )}
          {v.playbackId && (
            <>
              <dt>Playback ID</dt>
              <dd><code>{v.playbackId}</code></dd>
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
        <p><Link to={`/admin/video/${v.partId}/${encodeURIComponent(v.blockId)}`}>Obnoviť stav</Link></p>
      </section>

      <section aria-labelledby="ukazka">
        <h2 id="ukazka">Ukážka kurzu</h2>
        <p className="muted">
          Krátky úsek tohto videa ({v.preview.minSec} až {v.preview.maxSec}&nbsp;s), ktorý sa verejne prehráva na stránke kurzu, ak je časť v ukážke.
        </p>
        <dl className="facts">
          <dt>Ukážka</dt>
          <dd data-testid="preview-range">
            {v.preview.playbackId ? (v.preview.rangeLabel ?? "nastavená") : "nie je nastavená"}
          </dd>
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
              <input id="preview-start" name="previewStartSec" type="number" inputMode="decimal" min={0} step="0.1" required
                defaultValue={previewError?.values.previewStartSec ?? v.preview.startSec ?? ""} />
            </div>
            <div className="field">
              <label htmlFor="preview-end">Koniec ukážky (s)</label>
              <input id="preview-end" name="previewEndSec" type="number" inputMode="decimal" min={0} step="0.1" required
                max={v.preview.durationSec ?? undefined} defaultValue={previewError?.values.previewEndSec ?? v.preview.endSec ?? ""} />
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
            <button type="submit" className="secondary">Zrušiť čakajúce nahrávanie</button>
          </Form>
        )}
      </section>
    </>
  );
}
