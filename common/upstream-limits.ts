/**
 * The not-found grace an upstream may set (its `notFoundGraceMinutes` option: how long after a
 * send its "no record of it" may still mean "not recorded yet"), in whole minutes. The node's
 * option check, the CLI's `--not-found-grace` and the console's upstream form read these.
 */

/** The node's own grace (server/domain/vend-outcome.ts NOT_FOUND_GRACE_MS): an upstream may only lengthen it. */
export const NOT_FOUND_GRACE_MINUTES_MIN = 2;

/** A provider may take a while to record a sale, but a day without a record is no record. */
export const NOT_FOUND_GRACE_MINUTES_MAX = 1440;

/** Whole minutes within the bounds. */
export function isNotFoundGraceMinutes(n: unknown): n is number {
  return (
    Number.isInteger(n) &&
    (n as number) >= NOT_FOUND_GRACE_MINUTES_MIN &&
    (n as number) <= NOT_FOUND_GRACE_MINUTES_MAX
  );
}

/** What an operator typed (a flag, a form field): its whole minutes within the bounds, or null. */
export function readNotFoundGraceMinutes(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) && isNotFoundGraceMinutes(Number(t)) ? Number(t) : null;
}
