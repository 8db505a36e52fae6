/**
 * One action run after a pause (`later`, as someone types) or at once (`now`, Enter or another
 * filter): `now` drops the run still waiting, so a search typed and then submitted is asked
 * once, not again a moment later (over a million sales each search reads them all).
 */
export function debounced(action: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    later(): void {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        action();
      }, ms);
    },
    now(): void {
      cancel();
      action();
    },
    cancel,
  };
}
