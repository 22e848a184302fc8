// A video block. The server renders a plain <video> (plays without JavaScript; the local
// stand-in serves MP4) whose source is the part page's play address (`playSrc`): the
// browser fetches it only when the student presses play, so the server sees playing start
// and redirects to the signed URL. With JavaScript, a Mux HLS URL (stream.mux.com/<id>.m3u8?token=)
// switches to Mux Player (@mux/mux-player-react, loaded lazily only for those), since a
// browser other than Safari plays HLS only through it. Either way the player reports the
// furthest position reached by playing to POST /api/parts/<id>/progress when playing starts,
// every REPORT_EVERY_SEC, on pause and at the end, and reports the block completed once the
// shared VIDEO_COMPLETION_RATIO is reached; the server judges each report against the wall
// clock since the viewing started and the stored duration (docs/decisions/learning/completion-that-means-study.md > Completion
// that means study).
// The box has its 16:9 shape from the first paint and loads nothing before the student
// presses play (preload="none", the poster frame). The first playback URL is kept for the
// life of the element: a progress save revalidates the page and brings a freshly signed
// URL, which must not reload (restart) a playing video. Chapters are links that seek
// (without JavaScript they open the video at that second: a media fragment).
// docs/decisions/student-ui/student-pages-on-a-phone.md > The lesson player.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { VIDEO_COMPLETION_RATIO } from "../../shared/watch";

const REPORT_EVERY_SEC = 15;
const MuxPlayer = lazy(() => import("@mux/mux-player-react/lazy"));

type Chapter = { startSec: number; title: string };

type Captions = { lang: string; label: string; url: string };

type Props = {
  chapters?: Chapter[];
  /** WebVTT captions per language: <track kind="captions"> in both players (WCAG 2.2 1.2.2) */
  captions?: Captions[];
  partId: string;
  blockId: string;
  src: string;
  /** the part page's play address (the server sees playing start); the signed `src` when absent */
  playSrc?: string;
  /** the stored duration (what the ratio is judged against) */
  durationSec?: number;
  posterUrl: string | null;
  title: string;
  completed: boolean;
};

/** The playback id and token of a signed Mux HLS URL, or null for any other URL. */
export function muxSource(src: string): { playbackId: string; token: string } | null {
  const match = /^https:\/\/stream\.mux\.com\/([A-Za-z0-9]+)\.m3u8\?token=([\w.-]+)$/.exec(src);
  return match ? { playbackId: match[1], token: match[2] } : null;
}

/** Watch reporting shared by both players: feed it time updates, pauses and the end. */
function useWatchReports(partId: string, blockId: string, completed: boolean, durationSec: number) {
  const [done, setDone] = useState(completed);
  const state = useRef({ furthest: 0, lastSent: 0, sending: false });
  const report = useCallback(
    async (final: boolean, start = false) => {
      const s = state.current;
      if (s.sending || (!start && s.furthest <= s.lastSent) || done) return;
      s.sending = true;
      s.lastSent = s.furthest;
      try {
        const res = await fetch(`/api/parts/${partId}/progress`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ blockId, secondsWatched: Math.floor(s.furthest), state: final ? "completed" : "in_progress" }),
        });
        if (res.ok) {
          const answer = (await res.json()) as { block?: { state: string } };
          if (answer.block?.state === "completed") setDone(true);
        }
      } catch {
        // offline: the next report carries the position
      } finally {
        s.sending = false;
      }
    },
    [partId, blockId, done],
  );
  const onTime = useCallback(
    (media: { currentTime: number; seeking: boolean }) => {
      const s = state.current;
      // seeking forward does not count as watching
      if (!media.seeking && media.currentTime - s.furthest < 2) s.furthest = Math.max(s.furthest, media.currentTime);
      const reached = durationSec > 0 && s.furthest / durationSec >= VIDEO_COMPLETION_RATIO;
      if (s.furthest - s.lastSent >= REPORT_EVERY_SEC || (reached && s.lastSent / durationSec < VIDEO_COMPLETION_RATIO)) void report(reached);
    },
    [report, durationSec],
  );
  // playing starts: the first report opens the viewing on the server (it earns nothing itself)
  return { done, onTime, onPlay: () => void report(false, true), onPause: () => void report(false), onEnded: () => void report(true) };
}

export function clock(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = String(Math.floor(sec % 60)).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export function VideoBlock({ partId, blockId, src: latestSrc, playSrc, durationSec = 0, posterUrl, title, completed, chapters = [], captions = [] }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const muxRef = useRef<HTMLMediaElement | null>(null);
  // the URL the element started with stays (a revalidation's new signature changes nothing)
  const [src] = useState(latestSrc);
  const [hydrated, setHydrated] = useState(false);
  const watch = useWatchReports(partId, blockId, completed, durationSec);
  const mux = muxSource(src);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const onTime = () => watch.onTime(video);
    video.addEventListener("timeupdate", onTime);
    video.addEventListener("play", watch.onPlay);
    video.addEventListener("pause", watch.onPause);
    video.addEventListener("ended", watch.onEnded);
    return () => {
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("play", watch.onPlay);
      video.removeEventListener("pause", watch.onPause);
      video.removeEventListener("ended", watch.onEnded);
    };
  }, [watch]);
  const status =
    watch.done && !completed ? (
      <p role="status" className="notice success">
        Video je pozreté.
      </p>
    ) : null;
  const seek = (event: React.MouseEvent, sec: number) => {
    const media = mux && hydrated ? muxRef.current : ref.current;
    if (!media) return;
    event.preventDefault();
    media.currentTime = sec;
    void media.play?.()?.catch?.(() => undefined);
  };
  // the same <track> elements for both players (Mux Player copies its <track> children into its <video>)
  const tracks = captions.map((c, i) => <track key={c.lang} kind="captions" srcLang={c.lang} label={c.label} src={c.url} default={i === 0 || undefined} />);
  const chapterList =
    chapters.length > 0 ? (
      <nav className="chapters" aria-label={`Kapitoly videa: ${title}`}>
        <ol>
          {chapters.map((c) => (
            <li key={c.startSec}>
              <a href={mux ? `#t=${c.startSec}` : `${playSrc ?? src}#t=${c.startSec}`} onClick={(e) => seek(e, c.startSec)}>
                <span className="chapter-time">{clock(c.startSec)}</span> {c.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    ) : null;
  if (mux && hydrated) {
    return (
      <>
        <div className="video-frame">
          <Suspense fallback={<p className="muted">Načítava sa prehrávač…</p>}>
            <MuxPlayer
              ref={(el: unknown) => {
                muxRef.current = el as HTMLMediaElement | null;
              }}
              playbackId={mux.playbackId}
              tokens={{ playback: mux.token }}
              poster={posterUrl ?? undefined}
              title={title}
              streamType="on-demand"
              onTimeUpdate={(e) => watch.onTime(e.target as HTMLMediaElement)}
              onPlay={watch.onPlay}
              onPause={watch.onPause}
              onEnded={watch.onEnded}
            >
              {tracks}
            </MuxPlayer>
          </Suspense>
        </div>
        {chapterList}
        {status}
      </>
    );
  }
  return (
    <>
      <div className="video-frame">
        <video
          ref={ref}
          controls
          preload="none"
          playsInline
          src={playSrc ?? src}
          poster={posterUrl ?? undefined}
          aria-label={title}
          className="video-player"
          width={640}
          height={360}
        >
          {tracks}
          <a href={playSrc ?? src}>Stiahnuť video</a>
        </video>
      </div>
      {mux ? <p className="muted">Video sa prehrá v prehliadači so zapnutým JavaScriptom (alebo v Safari).</p> : null}
      {chapterList}
      {status}
    </>
  );
}
