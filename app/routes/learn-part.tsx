// /kurzy/<slug>/studium/<partId>: one part. Its blocks (learn-part/blocks.tsx), the part
// test, one "Dokončiť a pokračovať" that completes the part when its required blocks are
// done and says what is still missing (docs/decisions/learning/completion-that-means-study.md > Completion that means study),
// and after a completion one primary button to the next step (One next step everywhere).
// A locked part answers 403 and says what unlocks it. The form posts here and comes back
// with a message (post/redirect/get), or goes on to the next step.
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/learn-part";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { dispatchIntent, pageRoute, readForm } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { StateBadge, StateIcon, type LearningState } from "../components/learning-state";
import { DomainError } from "#server/kernel/errors";
import { finishPart, getPartPage, getStudyPosition } from "#server/learning";
import { renderMarkdown } from "#server/catalog";
import { fileSize, fileType, leftText, MESSAGES, outcome, outlineOf } from "../lib/learn-part-view";
import { nextStepLink, nextStepNote } from "../lib/next-step";
import { levelEndOf } from "../lib/level-end.server";
import { servicesContext } from "../context";
import { Outline } from "../components/course-outline";
import { NextStepPanel } from "../components/next-step";
import { PartContent } from "./learn-part/blocks";
import { secondsLeftToWatch } from "../../shared/watch";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  // the part, its course's outline and the student's position from one read of the progress
  const page = await getPartPage(depsOf(context), user.id, params.partId);
  if (!page.ok) {
    // a locked part: the page says which parts come first; no enrollment, no such part: the error page
    if (page.error.code !== "part_locked") throw page.error;
    const details = page.error.details as { prerequisites?: { title: string }[] };
    return data(
      {
        locked: { prerequisites: (details.prerequisites ?? []).map((p) => p.title), slug: params.slug },
        message: null,
        refused: false,
        missing: [],
        hasReading: false,
        next: null,
        nextNote: null,
        levelEnd: null,
        outline: null,
        progress: null,
        part: null,
      },
      { status: 403 },
    );
  }
  const { part, learn: view, position } = page.value;
  if (part.course.slug !== params.slug) throw new DomainError("not_found");
  const message = new URL(request.url).searchParams.get("sprava");
  const watched = new Map(part.progress.blockProgress.map((b) => [b.blockId, b]));
  return {
    locked: null,
    // a refusal read again once the part is completed (reload, back) says nothing
    message: message && !(message === "chyba" && part.progress.state === "completed") ? (MESSAGES[message] ?? null) : null,
    refused: message === "chyba" && part.progress.state !== "completed",
    // what the part still waits for, said beside its one button
    missing:
      part.progress.state === "completed"
        ? []
        : part.contentBlocks.flatMap((b) =>
            b.type === "video" && b.state === "ready" && (b.durationSec ?? 0) > 0 && watched.get(b.id)?.state !== "completed"
              ? [{ blockId: b.id, left: leftText(Math.max(1, secondsLeftToWatch(b.durationSec ?? 0, watched.get(b.id)?.secondsWatched ?? 0))) }]
              : [],
          ),
    hasReading: part.contentBlocks.some((b) => b.type !== "video"),
    next: nextStepLink(params.slug, position.next),
    nextNote: nextStepNote(position.next, { lastLevelId: view.levels.at(-1)?._id ?? null, courseTestRequired: view.courseTest?.required === true }),
    levelEnd: message === "uroven-hotova" ? await levelEndOf(context.get(servicesContext).db, position) : null,
    outline: outlineOf(view, part._id),
    progress: position.progress,
    part: {
      ...part,
      contentBlocks: part.contentBlocks.map((b) => ({ ...b, html: b.type === "text" ? renderMarkdown(b.markdown) : null })),
      attachments: part.attachments.map((a) => ({ ...a, size: fileSize(a.sizeBytes), kind: fileType(a.mimeType) })),
    },
  };
});

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const form = await readForm(request);
  const deps = depsOf(context);
  const here = `/kurzy/${params.slug}/studium/${params.partId}`;
  return dispatchIntent(form, {
    // "Dokončiť a pokračovať": the part completes when its required blocks are done; else the
    // page says what is missing
    "part-complete": async () => {
      const finished = await finishPart(deps, user.id, params.partId);
      // no enrollment (any more), a locked part, no such part: the error page
      if (!finished.ok) throw finished.error;
      const answer = finished.value;
      if (answer.courseCompleted) return redirect(`/kurzy/${params.slug}/hotovo`);
      if (answer.partState !== "completed") return redirect(`${here}?sprava=chyba#dokoncit`);
      const done = outcome(answer);
      // a module's or a level's end stops here: what was completed, and the one next step
      if (done !== "cast-hotova") return redirect(`${here}?sprava=${done}#dalej`);
      const { next } = await getStudyPosition(deps, user.id, params.slug, { partId: params.partId });
      // an optional test of this part stays in view (the next step is never an optional one)
      if (form.get("optionalTest") === "1") return redirect(`${here}?sprava=cast-hotova#dalej`);
      if (next.kind === "part" && next.partId !== params.partId) return redirect(`/kurzy/${params.slug}/studium/${next.partId}?sprava=predosla-hotova`);
      if (next.kind === "test") return redirect(nextStepLink(params.slug, next).href);
      return redirect(`${here}?sprava=cast-hotova#dalej`);
    },
  });
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.part ? loaderData.part.title : "Zamknutá časť kurzu") },
  { name: "robots", content: "noindex" },
];

export default function LearnPart({ loaderData }: Route.ComponentProps) {
  const { part, locked, message, refused, missing, hasReading, next, nextNote, levelEnd, outline, progress } = loaderData;
  if (!part || !outline || !next || !progress) {
    return (
      <section className="narrow">
        <h1>Táto časť kurzu je zatiaľ zamknutá</h1>
        {locked!.prerequisites.length > 0 ? (
          <>
            <p>Odomkne sa, keď dokončíte:</p>
            <ul>
              {locked!.prerequisites.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>Odomkne sa, keď dokončíte predchádzajúcu úroveň kurzu.</p>
        )}
        <p>
          <Link className="button" to={`/kurzy/${locked!.slug}/studium`}>
            Späť na prehľad kurzu
          </Link>
        </p>
      </section>
    );
  }
  const slug = part.course.slug;
  const doneBlocks = new Set(part.progress.blockProgress.filter((b) => b.state === "completed").map((b) => b.blockId));
  const partDone = part.progress.state === "completed";
  return (
    <div className="player">
      <nav className="player-outline-wide outline" aria-label="Obsah kurzu">
        <Outline outline={outline} slug={slug} headingId="obsah-kurzu-bocny" />
      </nav>
      <article className="learn-part">
        <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: part.course.title, href: `/kurzy/${slug}/studium` }, { label: part.title }]} />
        {/* on a phone the outline waits behind one button (a disclosure: no JavaScript needed) */}
        <details className="player-outline-narrow">
          <summary>Obsah kurzu (hotovo {progress.percent} %)</summary>
          <nav className="outline" aria-label="Obsah kurzu">
            <Outline outline={outline} slug={slug} headingId="obsah-kurzu-skladaci" />
          </nav>
        </details>
        <p className="muted">
          {part.module.levelTitle} · {part.module.topicTitle}
        </p>
        <h1>{part.title}</h1>
        {part.summary ? <p className="lead">{part.summary}</p> : null}
        <p>
          Stav: <StateBadge state={part.progress.state as LearningState} />
          {part.requiredForCompletion ? null : <span className="muted"> (nepovinná časť)</span>}
        </p>
        {message && !partDone && !refused ? (
          <p role="status" className="notice success">
            {message}
          </p>
        ) : null}

        {part.prerequisiteParts.length > 0 ? <p className="muted">Nadväzuje na: {part.prerequisiteParts.map((p) => p.title).join(", ")}</p> : null}

        <PartContent
          slug={slug}
          partId={part._id}
          title={part.title}
          blocks={part.contentBlocks}
          attachments={part.attachments}
          done={(id) => doneBlocks.has(id)}
        />

        {part.partTest ? (
          <p className="learn-test">
            <StateIcon state={part.partTest.available ? "available" : "locked"} />
            {part.partTest.available ? (
              <Link to={`/kurzy/${slug}/testy/${part.partTest.id}`}>Kontrolný test k tejto časti</Link>
            ) : (
              <span>Kontrolný test k tejto časti</span>
            )}
            {part.partTest.required ? " (povinný)" : " (nepovinný)"}: {part.partTest.available ? "môžete ho absolvovať" : "sprístupní sa po dokončení časti"}
          </p>
        ) : null}

        <div className="part-finish" id={partDone ? "dalej" : "dokoncit"}>
          {partDone ? (
            <NextStepPanel message={message ?? "Túto časť máte dokončenú."} levelEnd={levelEnd} link={next} note={nextNote} />
          ) : (
            <>
              {missing.length > 0 ? (
                <div role={refused ? "alert" : "note"} className={refused ? "notice warning" : "muted"}>
                  <p>{refused ? "Časť ešte nie je hotová. " : ""}Ešte chýba:</p>
                  <ul>
                    {missing.map((m) => (
                      <li key={m.blockId}>
                        <a href={`#blok-${m.blockId}`}>pozrieť video</a> (zostáva ešte asi {m.left})
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <Form method="post">
                {part.partTest && !part.partTest.required ? <input type="hidden" name="optionalTest" value="1" /> : null}
                <button type="submit" name="intent" value="part-complete">
                  Dokončiť a pokračovať
                </button>
              </Form>
              <p className="muted">
                {missing.length > 0 || part.contentBlocks.some((b) => b.type === "video")
                  ? `Časť dokončíte, keď ${hasReading ? "si prečítate text a " : ""}pozriete video aspoň na 90 %.`
                  : hasReading
                    ? "Tlačidlom potvrdíte, že ste časť prečítali."
                    : null}
              </p>
            </>
          )}
        </div>

        <nav className="part-nav" aria-label="Ďalšie časti kurzu">
          {part.previousPart ? (
            part.previousPart.state === "locked" ? (
              <span className="muted">← {part.previousPart.title}</span>
            ) : (
              <Link to={`/kurzy/${slug}/studium/${part.previousPart._id}`}>← {part.previousPart.title}</Link>
            )
          ) : (
            <span />
          )}
          <Link to={`/kurzy/${slug}/studium`}>Prehľad kurzu</Link>
          {part.nextPart ? (
            part.nextPart.state === "locked" ? (
              <span className="muted">{part.nextPart.title} (zamknuté) →</span>
            ) : (
              <Link to={`/kurzy/${slug}/studium/${part.nextPart._id}`}>{part.nextPart.title} →</Link>
            )
          ) : (
            <span />
          )}
        </nav>
      </article>
    </div>
  );
}
