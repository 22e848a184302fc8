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
import { StateBadge, StateIcon, type LearningState } from "../components/learning-state";
import { DomainError } from "#server/http/errors";
import { getPart, getPartPage, reportProgress } from "#server/learning";
import { renderMarkdown } from "#server/catalog";
import { fileSize, fileType, leftText, MESSAGES, outcome, outlineOf } from "../lib/learn-part-view";
import { Outline } from "../components/course-outline";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  try {
    // the part and its course's outline from one read of the student's progress
    const { part, learn: view } = await getPartPage(learningDeps(context), user.id, params.partId);
    if (part.course.slug !== params.slug) throw new DomainError("not_found");
    const search = new URL(request.url).searchParams;
    const message = search.get("sprava");
    // a refusal or a confirmation that belongs to one block is said beside its button
    const blockId = search.get("blok");
    const left = Number.parseInt(search.get("zostava") ?? "", 10);
    return {
      locked: null,
      message: message && !blockId ? (MESSAGES[message] ?? null) : null,
      blockMessage:
        message && blockId && MESSAGES[message]
          ? {
              blockId,
              refused: message === "nedopozerane",
              text:
                message === "nedopozerane" && Number.isFinite(left) && left > 0
                  ? `Video ešte nie je pozreté celé: zostáva ešte asi ${leftText(left)}. Dopozerajte ho a skúste to znova.`
                  : MESSAGES[message],
            }
          : null,
      outline: outlineOf(view, part._id),
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
      { locked: { prerequisites: (details.prerequisites ?? []).map((p) => p.title), slug: params.slug }, message: null, blockMessage: null, outline: null, part: null },
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
  const here = `/kurzy/${params.slug}/studium/${params.partId}`;
  // block answers come back to the block (the anchor keeps the place without JavaScript)
  const toBlock = (message: string, extra = "") => redirect(`${here}?sprava=${message}&blok=${encodeURIComponent(blockId)}${extra}#blok-${blockId}`);
  if (intent === "block-read") {
    const answer = await reportProgress(deps, user.id, params.partId, { blockId, state: "completed" });
    if (answer.courseCompleted) return redirect(`/kurzy/${params.slug}/hotovo`);
    const done = outcome(answer);
    return done ? redirect(`${here}?sprava=${done}`) : toBlock("precitane");
  }
  if (intent === "video-watched") {
    // the whole video is claimed; the server credits only what the wall clock allows
    const answer = await reportProgress(deps, user.id, params.partId, { blockId, state: "completed", secondsWatched: 86_400 });
    if (answer.courseCompleted) return redirect(`/kurzy/${params.slug}/hotovo`);
    const done = outcome(answer);
    if (done) return redirect(`${here}?sprava=${done}`);
    if (answer.block?.state === "completed") return toBlock("pozrete");
    // how long is left until the server accepts it (0.9 of the stored duration)
    const left = answer.block ? Math.max(1, Math.ceil(answer.block.totalSeconds * 0.9 - answer.block.secondsWatched)) : 0;
    return toBlock("nedopozerane", left > 0 ? `&zostava=${left}` : "");
  }
  if (intent === "part-complete") {
    // "Dokončiť a pokračovať": complete the part, then its test when that opened (the test
    // comes next in the sequence), else the next part when it is open
    const answer = await reportProgress(deps, user.id, params.partId, { markPartCompleted: true });
    if (answer.courseCompleted) return redirect(`/kurzy/${params.slug}/hotovo`);
    const testId = String(form.get("partTestId") ?? "");
    if (testId && answer.partState === "completed") {
      const done = await getPart(deps, user.id, params.partId);
      if (done.partTest?.id === testId && done.partTest.available) return redirect(`/kurzy/${params.slug}/testy/${testId}`);
    }
    const nextId = String(form.get("nextPartId") ?? "");
    if (nextId && nextId !== params.partId && answer.partState === "completed") {
      const next = await getPart(deps, user.id, nextId).catch(() => null);
      if (next && next.course.slug === params.slug) return redirect(`/kurzy/${params.slug}/studium/${nextId}?sprava=predosla-hotova`);
    }
    return redirect(`${here}?sprava=${outcome(answer) ?? "cast-hotova"}`);
  }
  throw new DomainError("bad_request", "Neznáma akcia formulára.");
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.part ? loaderData.part.title : "Zamknutá časť kurzu") },
  { name: "robots", content: "noindex" },
];

export default function LearnPart({ loaderData }: Route.ComponentProps) {
  const { part, locked, message, blockMessage, outline } = loaderData;
  if (!part || !outline) {
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
  const next = part.nextPart;
  return (
    <div className="player">
      <nav className="player-outline-wide outline" aria-label="Obsah kurzu">
        <Outline outline={outline} slug={slug} headingId="obsah-kurzu-bocny" />
      </nav>
      <article className="learn-part">
        <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: part.course.title, href: `/kurzy/${slug}/studium` }, { label: part.title }]} />
        {/* on a phone the outline waits behind one button (a disclosure: no JavaScript needed) */}
        <details className="player-outline-narrow">
          <summary>Obsah kurzu ({outline.completed} z {outline.total} hotových)</summary>
          <nav className="outline" aria-label="Obsah kurzu">
            <Outline outline={outline} slug={slug} headingId="obsah-kurzu-skladaci" />
          </nav>
        </details>
        <p className="muted">{part.module.levelTitle} · {part.module.topicTitle}</p>
        <h1>{part.title}</h1>
        {part.summary ? <p className="lead">{part.summary}</p> : null}
        <p>
          Stav: <StateBadge state={part.progress.state as LearningState} />
          {part.requiredForCompletion ? null : <span className="muted"> (nepovinná časť)</span>}
        </p>
        {message ? <p role="status" className="notice success">{message}</p> : null}

        {part.prerequisiteParts.length > 0 ? (
          <p className="muted">Nadväzuje na: {part.prerequisiteParts.map((p) => p.title).join(", ")}</p>
        ) : null}

        {part.contentBlocks.map((block) => {
          const done = blockState(block.id) === "completed";
          const said = blockMessage?.blockId === block.id ? blockMessage : null;
          return (
            <section key={block.id} id={`blok-${block.id}`} className="content-block">
              {block.type === "text" ? (
                <div className="prose" dangerouslySetInnerHTML={{ __html: block.html! }} />
              ) : block.type === "video" ? (
                <>
                  <h2 className="block-title">Video{block.durationSec ? ` (${block.durationSec < 60 ? `${Math.round(block.durationSec)} s` : `${Math.round(block.durationSec / 60)} min`})` : ""}</h2>
                  {block.playbackUrl ? (
                    <VideoBlock partId={part._id} blockId={block.id} src={block.playbackUrl} posterUrl={block.posterUrl} title={part.title} completed={done} chapters={block.chapters} />
                  ) : (
                    <p className="muted">{block.state === "errored" ? "Video sa nepodarilo spracovať." : "Video sa pripravuje."}</p>
                  )}
                  {block.transcript ? (
                    <details>
                      <summary>Prepis videa</summary>
                      <p>{block.transcript}</p>
                    </details>
                  ) : null}
                </>
              ) : block.type === "presentation" ? (
                <>
                  <h2 className="block-title" id={`slides-${block.id}`}>Prezentácia</h2>
                  {block.slides ? <Slides id={block.id} slides={block.slides} /> : null}
                  <p><a href={block.pdfUrl}>Otvoriť prezentáciu (PDF, {block.slideCount} snímok)</a></p>
                </>
              ) : (
                <figure>
                  <img src={block.url} alt={block.alt} loading="lazy" decoding="async" {...(block.srcset ? { srcSet: block.srcset, sizes: "(min-width: 48rem) 46rem, 100vw" } : {})} width={block.width} height={block.height} />
                  {block.caption ? <figcaption>{block.caption}</figcaption> : null}
                </figure>
              )}
              <div className="block-actions">
                {done ? (
                  <StateBadge state="completed" label={block.type === "video" ? "Pozreté" : "Prečítané"} />
                ) : block.type === "video" ? (
                  block.playbackUrl ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="blockId" value={block.id} />
                      <button type="submit" name="intent" value="video-watched" className="secondary">Video som pozrel(a)</button>
                    </Form>
                  ) : null
                ) : (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="blockId" value={block.id} />
                    <button type="submit" name="intent" value="block-read" className="secondary">Označiť ako prečítané</button>
                  </Form>
                )}
                {said ? <p role={said.refused ? "alert" : "status"} className={`block-message ${said.refused ? "notice warning" : "notice success"}`}>{said.text}</p> : null}
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
            <StateIcon state={part.partTest.available ? "available" : "locked"} />
            {part.partTest.available ? <Link to={`/kurzy/${slug}/testy/${part.partTest.id}`}>Kontrolný test k tejto časti</Link> : <span>Kontrolný test k tejto časti</span>}
            {part.partTest.required ? " (povinný)" : ""}: {part.partTest.available ? "môžete ho absolvovať" : "sprístupní sa po dokončení časti"}
          </p>
        ) : null}

        <div className="part-finish">
          {partDone ? (
            <p role="status" className="notice success"><strong>Túto časť máte dokončenú.</strong></p>
          ) : (
            <Form method="post">
              {next ? <input type="hidden" name="nextPartId" value={next._id} /> : null}
              {part.partTest ? <input type="hidden" name="partTestId" value={part.partTest.id} /> : null}
              <button type="submit" name="intent" value="part-complete">{next || part.partTest ? "Dokončiť a pokračovať" : "Dokončiť časť"}</button>
            </Form>
          )}
          {partDone && next && next.state !== "locked" ? (
            <Link className="button" to={`/kurzy/${slug}/studium/${next._id}`}>Pokračovať: {next.title}</Link>
          ) : null}
        </div>

        <nav className="part-nav" aria-label="Ďalšie časti kurzu">
          {part.previousPart ? (
            part.previousPart.state === "locked" ? <span className="muted">← {part.previousPart.title}</span> : <Link to={`/kurzy/${slug}/studium/${part.previousPart._id}`}>← {part.previousPart.title}</Link>
          ) : <span />}
          <Link to={`/kurzy/${slug}/studium`}>Prehľad kurzu</Link>
          {next ? (
            next.state === "locked" ? <span className="muted">{next.title} (zamknuté) →</span> : <Link to={`/kurzy/${slug}/studium/${next._id}`}>{next.title} →</Link>
          ) : <span />}
        </nav>
      </article>
    </div>
  );
}

/**
 * An uploaded presentation as a row of slide images: swiped on a phone (scroll snap), moved
 * with the arrow keys once the row has focus (a focusable scroll region), read as a list
 * by a screen reader ("Snímka 3 z 12"); images load lazily with their size set.
 */
function Slides({ id, slides }: { id: string; slides: { url: string; width: number; height: number }[] }) {
  return (
    <ol className="slides" tabIndex={0} aria-labelledby={`slides-${id}`}>
      {slides.map((s, i) => (
        <li key={s.url}>
          <img src={s.url} width={s.width} height={s.height} alt={`Snímka ${i + 1} z ${slides.length}`} loading={i === 0 ? "eager" : "lazy"} decoding="async" />
        </li>
      ))}
    </ol>
  );
}
