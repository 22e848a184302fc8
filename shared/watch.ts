// The watch rules both sides share (spec: Limits > "Video block completion: watched ratio
// 0.9 or more"; Client behavior: "a video block is reported completed at a watched ratio of
// at least 0.9"). The server judges coverage with it (server/learning/engine.ts), the player
// reports a block completed with it (app/components/video-block.tsx) and the part page says
// how much is left with it. Plain constants: no imports, safe in the browser bundle.

/** Watched ratio at which a video block completes. */
export const VIDEO_COMPLETION_RATIO = 0.9;

/** Seconds of a video still to watch before it counts as watched (0 when it already does). */
export function secondsLeftToWatch(durationSec: number, secondsWatched: number): number {
  return Math.max(0, Math.ceil(durationSec * VIDEO_COMPLETION_RATIO - secondsWatched));
}
