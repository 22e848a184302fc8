// /kurzy/<slug>/studium/<partId>: one part. Text as sanitized Markdown,
// video (plays without JavaScript; with it the player reports watched seconds),
// presentation, image, attachments with size and type, prerequisites, the part test,
// a mark-as-read form per block, the watched form for a video (accepted once the time
// since the playback URL was handed out reaches 0.9 of its duration: the server judges),
// mark-part-completed, previous/next. A locked part answers 403 and says what unlocks it.
// Each form posts here and comes back with a message (post/redirect/get).
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/learn-part";
import { Breadcrumbs } from "../components/breadcrumbs";
import { VideoBlock } from "../components/video-block";
import { pageTitle } from "../site";
import { pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { learningDeps } from "../lib/learning.server";
import { partStateLabels } from "../lib/learning-labels";
import { DomainError } from "#server/http/errors";
import { getPart, reportProgress } from "#server/learning";
import { renderMarkdown } from "#server/catalog";
import { formatDecimal } from "#server/money";

const MESSAGES: Record<string, string> = {
  precitane: "Označené ako prečítané.",
  pozrete: "Video je pozreté.",
  nedopozerane: "Video ešte nie je pozreté celé. Dopozerajte ho a skúste to znova.",
  "cast-hotova": "Časť je dokončená.",
  "modul-hotovy": "Časť je dokončená a s ňou celý modul.",
  "uroven-hotova": "Dokončili ste celú úroveň. Ďalšia úroveň je odomknutá.",
  "kurz-hotovy": "Dokončili ste celý kurz. Certifikát vám pošleme e-mailom.",
};

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 0)} kB`;
  return `${formatDecimal(bytes / (1024 * 1024), 1)} MB`;
}

function fileType(mimeType: string): string {
  const known: Record<string, string> = { "application/pdf": "PDF", "image/png": "PNG", "image/jpeg": "JPEG", "text/csv": "CSV" };
  return known[mimeType] ?? (mimeType.includes("spreadsheet") ? "tabuľka" : mimeType.includes("word") ? "dokument" : mimeType);
}

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  try {
    const part = await getPart(learningDeps(context), user.id, params.partId);
    if (part.course.slug !== params.slug) throw new DomainError("not_found");
    const message = new URL(request.url).searchParams.get("sprava");
    return {
      locked: null,
      message: message ? (MESSAGES[message] ?? null) : null,
      part: {
        ...part,
        contentBlocks: part.contentBlocks.map((b) => ({ ...b, html: b.type === "text" ? renderMarkdown(b.markdown) : null })),
        attachments: part.attachments.map((a) => ({ ...a, size: fileSize(a.sizeBytes), kind: fileType(a.mimeType) })),
      },
    };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "part_locked") throw error;
    const details = error.details as { prerequisites?: { title: string }[] };
    return data(
      { locked: { prerequisites: (details.prerequisites ?? []).map((p) => p.title), slug: params.slug }, message: null, part: null },
      { status: 403 },
    );
  }
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const blockId = String(form.get("blockId") ?? "");
  const deps = learningDeps(context);
  let message: string;
  let anchor = "";
  if (intent === "block-read") {
    const answer = await reportProgress(deps, user.id, params.partId, { blockId, state: "completed" });
    message = outcome(answer) ?? "precitane";
    anchor = `#blok-${blockId}`;
  } else if (intent === "video-watched") {
    // the whole video is claimed; the server credits only what the wall clock allows
    const answer = await reportProgress(deps, user.id, params.partId, { blockId, state: "completed", secondsWatched: 86_400 });
    message = outcome(answer) ?? (answer.block?.state === "completed" ? "pozrete" : "nedopozerane");
    anchor = `#blok-${blockId}`;
  } else if (intent === "part-complete") {
    const answer = await reportProgress(deps, user.id, params.partId, { markPartCompleted: true });
    message = outcome(answer) ?? "cast-hotova";
  } else {
    throw new DomainError("bad_request", "Neznáma akcia formulára.");
  }
  return redirect(`/kurzy/${params.slug}/studium/${params.partId}?sprava=${message}${anchor}`);
});

function outcome(answer: { partState: string; moduleCompleted: boolean; levelCompleted?: boolean; courseCompleted: boolean; unlockedParts: string[] }): string | null {
  if (answer.courseCompleted) return "kurz-hotovy";
  if (answer.levelCompleted && answer.moduleCompleted) return "uroven-hotova";
  if (answer.moduleCompleted && answer.partState === "completed") return "modul-hotovy";
  if (answer.partState === "completed") return "cast-hotova";
  return null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.part ? loaderData.part.title : "Zamknutá časť kurzu") },
  { name: "robots", content: "noindex" },
];

export default function LearnPart({ loaderData }: Route.ComponentProps) {
  const { part, locked, message } = loaderData;
  if (!part) {
    return (
      <section className="narrow">
        <h1>Táto časť kurzu je zatiaľ zamknutá</h1>
        {locked!.prerequisites.length > 0 ? (
          <>
            <p>Odomkne sa, keď dokončíte:</p>
            <ul>{locked!.prerequisites.map((t) => <li key={t}>{t}</li>)}</ul>
          </>
        ) : (
          <p>Odomkne sa, keď dokončíte predchádzajúcu úroveň kurzu.</p>
        )}
        <p><Link className="button" to={`/kurzy/${locked!.slug}/studium`}>Späť na prehľad kurzu</Link></p>
      </section>
    );
  }
  const slug = part.course.slug;
  const blockState = (id: string) => part.progress.blockProgress.find((b) => b.blockId === id)?.state;
  const partDone = part.progress.state === "completed";
  return (
    <article className="learn-part">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: part.course.title, href: `/kurzy/${slug}/studium` }, { label: part.title }]} />
      <p className="muted">{part.module.levelTitle} · {part.module.topicTitle}</p>
      <h1>{part.title}</h1>
      {part.summary ? <p className="lead">{part.summary}</p> : null}
      <p>
        Stav: <span className="state-badge">{partStateLabels[part.progress.state]}</span>
        {part.requiredForCompletion ? null : <span className="muted"> (nepovinná časť)</span>}
      </p>
      {message ? <p role="status" className="notice">{message}</p> : null}

      {part.prerequisiteParts.length > 0 ? (
        <p className="muted">Nadväzuje na: {part.prerequisiteParts.map((p) => p.title).join(", ")}</p>
      ) : null}

      {part.contentBlocks.map((block) => {
        const done = blockState(block.id) === "completed";
        return (
          <section key={block.id} id={`blok-${block.id}`} className="content-block">
            {block.type === "text" ? (
              <div className="prose" dangerouslySetInnerHTML={{ __html: block.html! }} />
            ) : block.type === "video" ? (
              <>
                <h2 className="block-title">Video{block.durationSec ? ` (${block.durationSec < 60 ? `${Math.round(block.durationSec)} s` : `${Math.round(block.durationSec / 60)} min`})` : ""}</h2>
                {block.playbackUrl ? (
                  <VideoBlock partId={part._id} blockId={block.id} src={block.playbackUrl} posterUrl={block.posterUrl} title={part.title} completed={done} />
                ) : (
                  <p className="muted">{block.state === "errored" ? "Video sa nepodarilo spracovať." : "Video sa pripravuje."}</p>
                )}
                {block.chapters.length > 0 ? (
                  <ul className="chapters">
                    {block.chapters.map((c) => (
                      <li key={c.startSec}>{Math.floor(c.startSec / 60)}:{String(c.startSec % 60).padStart(2, "0")} {c.title}</li>
                    ))}
                  </ul>
                ) : null}
                {block.transcript ? (
                  <details>
                    <summary>Prepis videa</summary>
                    <p>{block.transcript}</p>
                  </details>
                ) : null}
              </>
            ) : block.type === "presentation" ? (
              <>
                <h2 className="block-title">Prezentácia</h2>
                <p><a href={block.pdfUrl}>Otvoriť prezentáciu (PDF, {block.slideCount} snímok)</a></p>
              </>
            ) : (
              <figure>
                <img src={block.url} alt={block.alt} />
                {block.caption ? <figcaption>{block.caption}</figcaption> : null}
              </figure>
            )}
            <div className="block-actions">
              {done ? (
                <span className="state-badge">{block.type === "video" ? "Pozreté" : "Prečítané"}</span>
              ) : block.type === "video" ? (
                block.playbackUrl ? (
                  <Form method="post">
                    <input type="hidden" name="blockId" value={block.id} />
                    <button type="submit" name="intent" value="video-watched" className="secondary">Video som pozrel(a)</button>
                  </Form>
                ) : null
              ) : (
                <Form method="post">
                  <input type="hidden" name="blockId" value={block.id} />
                  <button type="submit" name="intent" value="block-read" className="secondary">Označiť ako prečítané</button>
                </Form>
              )}
            </div>
          </section>
        );
      })}

      {part.attachments.length > 0 ? (
        <section>
          <h2>Prílohy</h2>
          <ul className="link-list">
            {part.attachments.map((a) => (
              <li key={a.url}><a href={a.url}>{a.name}</a> <span className="muted">({a.kind}, {a.size})</span></li>
            ))}
          </ul>
        </section>
      ) : null}

      {part.partTest ? (
        <p className="learn-test">
          <Link to={`/kurzy/${slug}/testy/${part.partTest.id}`}>Kontrolný test k tejto časti</Link>
          {part.partTest.required ? " (povinný)" : ""}: {part.partTest.available ? "môžete ho absolvovať" : "sprístupní sa po dokončení časti"}
        </p>
      ) : null}

      {partDone ? (
        <p role="status"><strong>Túto časť máte dokončenú.</strong></p>
      ) : (
        <Form method="post">
          <button type="submit" name="intent" value="part-complete">Označiť časť ako dokončenú</button>
        </Form>
      )}

      <nav className="part-nav" aria-label="Ďalšie časti kurzu">
        {part.previousPart ? (
          part.previousPart.state === "locked" ? <span className="muted">← {part.previousPart.title}</span> : <Link to={`/kurzy/${slug}/studium/${part.previousPart._id}`}>← {part.previousPart.title}</Link>
        ) : <span />}
        <Link to={`/kurzy/${slug}/studium`}>Prehľad kurzu</Link>
        {part.nextPart ? (
          part.nextPart.state === "locked" ? <span className="muted">{part.nextPart.title} (zamknuté) →</span> : <Link to={`/kurzy/${slug}/studium/${part.nextPart._id}`}>{part.nextPart.title} →</Link>
        ) : <span />}
      </nav>
    </article>
  );
}
