/** A step back smaller than this is drift or a slewing clock, not a correction worth acting on. */
export const CLOCK_STEP_MS = 1_000;

/**
 * Calls `onSetBack` with how far the computer's clock was set back (NTP stepping a point-of-sale
 * PC's wrong clock, or an operator), found by comparing it every `everyMs` with the monotonic
 * clock, which steps do not move. The timer does not keep the process alive; the returned
 * function stops it.
 */
export function watchClockSetBack(everyMs: number, onSetBack: (backMs: number) => void): () => void {
  let wall = Date.now();
  let mono = performance.now();
  const timer = setInterval(() => {
    const nowWall = Date.now();
    const nowMono = performance.now();
    const back = wall + (nowMono - mono) - nowWall;
    wall = nowWall;
    mono = nowMono;
    if (back > CLOCK_STEP_MS) onSetBack(back);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
