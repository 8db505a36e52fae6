/** A step smaller than this is drift or a slewing clock, not a correction worth acting on. */
export const CLOCK_STEP_MS = 1_000;

export interface ClockStepHandlers {
  /** The clock was set back this far (NTP stepping a PC's clock that was ahead). */
  setBack(backMs: number): void;
  /**
   * The clock jumped forward this far (NTP correcting a clock that was behind). A wake from sleep
   * reads the same, as the monotonic clock stops while the computer sleeps.
   */
  setForward(forwardMs: number): void;
}

/**
 * Compares the computer's clock every `everyMs` with the monotonic clock, which steps do not
 * move, and says when it was stepped. The timer does not keep the process alive; the returned
 * function stops it.
 */
export function watchClockSteps(everyMs: number, on: ClockStepHandlers): () => void {
  let wall = Date.now();
  let mono = performance.now();
  const timer = setInterval(() => {
    const nowWall = Date.now();
    const nowMono = performance.now();
    const step = nowWall - (wall + (nowMono - mono));
    wall = nowWall;
    mono = nowMono;
    if (step < -CLOCK_STEP_MS) on.setBack(-step);
    else if (step > CLOCK_STEP_MS) on.setForward(step);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
