// The part page's content: its blocks (text as sanitized Markdown, video, presentation,
// image) each with its state, and the attachments. No per-block buttons: the page's one
// "Dokončiť a pokračovať" completes the part (docs/decisions/learning/completion-that-means-study.md > Completion that means study).
import { VideoBlock } from "../../components/video-block";
import { StateBadge } from "../../components/learning-state";
import type { PartView } from "#server/learning";

type Block = PartView["contentBlocks"][number] & { html: string | null };
type Attachment = PartView["attachments"][number] & { size: string; kind: string };

type Props = {
  slug: string;
  partId: string;
  title: string;
  blocks: Block[];
  attachments: Attachment[];
  done: (blockId: string) => boolean;
};

const minutes = (sec: number) => (sec < 60 ? `${Math.round(sec)} s` : `${Math.round(sec / 60)} min`);

export function PartContent({ slug, partId, title, blocks, attachments, done }: Props) {
  return (
    <>
      {blocks.map((block) => (
        <section key={block.id} id={`blok-${block.id}`} className="content-block">
          {block.type === "text" ? (
            <div className="prose" dangerouslySetInnerHTML={{ __html: block.html! }} />
          ) : block.type === "video" ? (
            <>
              <h2 className="block-title">Video{block.durationSec ? ` (${minutes(block.durationSec)})` : ""}</h2>
              {block.playbackUrl ? (
                <VideoBlock
                  partId={partId}
                  blockId={block.id}
                  src={block.playbackUrl}
                  playSrc={`/kurzy/${slug}/studium/${partId}/video/${block.id}`}
                  durationSec={block.durationSec ?? 0}
                  posterUrl={block.posterUrl}
                  title={title}
                  completed={done(block.id)}
                  chapters={block.chapters}
                  captions={block.captions}
                />
              ) : (
                <p className="muted">{block.state === "errored" ? "Video sa nepodarilo spracovať." : "Video sa pripravuje."}</p>
              )}
              {done(block.id) ? (
                <p>
                  <StateBadge state="completed" label="Pozreté" />
                </p>
              ) : null}
              {block.transcript ? (
                <details>
                  <summary>Prepis videa</summary>
                  {block.transcript.split(/\n{2,}/).map((paragraph, i) => (
                    <p key={i}>{paragraph}</p>
                  ))}
                </details>
              ) : null}
            </>
          ) : block.type === "presentation" ? (
            <>
              <h2 className="block-title" id={`slides-${block.id}`}>
                Prezentácia
              </h2>
              {block.slides ? <Slides id={block.id} slides={block.slides} /> : null}
              <p>
                <a href={block.pdfUrl}>Otvoriť prezentáciu (PDF, {block.slideCount} snímok)</a>
              </p>
            </>
          ) : (
            <figure>
              <img
                src={block.url}
                alt={block.alt}
                loading="lazy"
                decoding="async"
                {...(block.srcset ? { srcSet: block.srcset, sizes: "(min-width: 48rem) 46rem, 100vw" } : {})}
                width={block.width}
                height={block.height}
              />
              {block.caption ? <figcaption>{block.caption}</figcaption> : null}
            </figure>
          )}
        </section>
      ))}
      {attachments.length > 0 ? (
        <section>
          <h2>Prílohy</h2>
          <ul className="link-list">
            {attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url}>{a.name}</a>{" "}
                <span className="muted">
                  ({a.kind}, {a.size})
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * An uploaded presentation as a row of slide images: swiped on a phone (scroll snap), moved
 * with the arrow keys once the row has focus (a focusable scroll region), read as a list
 * by a screen reader ("Snímka 3 z 12"); images load lazily with their size set.
 */
function Slides({ id, slides }: { id: string; slides: { url: string; width: number; height: number }[] }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling row: focusable so that the arrow keys scroll it (axe: scrollable-region-focusable)
    <ol className="slides" tabIndex={0} aria-labelledby={`slides-${id}`}>
      {slides.map((s, i) => (
        <li key={s.url}>
          <img src={s.url} width={s.width} height={s.height} alt={`Snímka ${i + 1} z ${slides.length}`} loading={i === 0 ? "eager" : "lazy"} decoding="async" />
        </li>
      ))}
    </ol>
  );
}
