import { onScopeDispose, ref, watch, type Ref, type WatchSource } from 'vue';

/**
 * True once `busy` has been true for `afterMs` without a break, false as soon as it is not: a
 * "still working" line for the slow reads only (a search over a million sales takes a second or
 * two), without a flash on every quick page turn.
 */
export function useSlowFlag(busy: WatchSource<boolean>, afterMs = 400): Ref<boolean> {
  const slow = ref(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  watch(
    busy,
    (now) => {
      stop();
      slow.value = false;
      if (now) timer = setTimeout(() => (slow.value = true), afterMs);
    },
    { immediate: true },
  );
  onScopeDispose(stop);
  return slow;
}
