import { ref } from 'vue';

/**
 * Whether the node answers. Any request that cannot reach it (API call or a page chunk) turns
 * the banner on; a probe of /v1/healthz every few seconds turns it off again, and work that
 * waited for the node (a navigation) then runs.
 */
export const nodeOffline = ref(false);
export const probeCount = ref(0);
const PROBE_EVERY_MS = 2500;
let timer: ReturnType<typeof setTimeout> | undefined;
let waiting: (() => void)[] = [];

function back(): void {
  nodeOffline.value = false;
  probeCount.value = 0;
  clearTimeout(timer);
  const run = waiting;
  waiting = [];
  for (const f of run) f();
}

async function probe(): Promise<void> {
  probeCount.value++;
  try {
    // A probe that hangs (a half-open connection) must not stop the next one.
    const r = await fetch(`/v1/healthz?probe=${Date.now()}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_EVERY_MS),
    });
    if (r.ok) return back();
  } catch {
    // Still away: try again below.
  }
  timer = setTimeout(() => void probe(), PROBE_EVERY_MS);
}

export function reportUnreachable(): void {
  if (nodeOffline.value) return;
  nodeOffline.value = true;
  timer = setTimeout(() => void probe(), PROBE_EVERY_MS);
}

/** Any answer from the node proves it is back. */
export function reportReachable(): void {
  if (nodeOffline.value) back();
}

/** Runs now when the node answers, or as soon as it answers again. */
export function whenReachable(work: () => void): void {
  if (nodeOffline.value) waiting.push(work);
  else work();
}

export function retryNow(): void {
  clearTimeout(timer);
  void probe();
}

/** A lazily loaded page that could not be fetched (the node went away since the console loaded). */
export const isChunkLoadError = (e: unknown): boolean =>
  e instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(e.message);
