/** Requery backoff (issue 5): 10 s, 30 s, 1 min, 5 min, 15 min, then hourly. */
export const REQUERY_BACKOFF_MS = [10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000];
export function nextRequeryDelayMs(pollCount) {
    return REQUERY_BACKOFF_MS[Math.min(pollCount, REQUERY_BACKOFF_MS.length - 1)];
}
/** A "not found" on requery fails the purchase only after this grace since the send. */
export const NOT_FOUND_GRACE_MS = 120_000;
export function notFoundIsFinal(sentAtMs, nowMs, graceMs = NOT_FOUND_GRACE_MS) {
    return nowMs - sentAtMs >= graceMs;
}
//# sourceMappingURL=vend-outcome.js.map