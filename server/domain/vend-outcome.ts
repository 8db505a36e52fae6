/**
 * An upstream's answer to a vend or requery (DESIGN "Purchase lifecycle"). What each answer
 * does to the purchase and the wallet (debited at create) is the outcome table,
 * `decide()` in purchase-decision.ts.
 */
export type VendOutcome =
  | { kind: 'success'; result: Record<string, unknown>; upstreamReference?: string }
  /** `message`: the provider's own words, as an integrator may see them (see failure-reason.ts). */
  | { kind: 'failed'; reason: string; message?: string }
  /** Failed before the upstream accepted anything: safe to try the next upstream. */
  /** `transport`: the provider was not reached at all (counts toward its circuit); otherwise it answered and refused. */
  /** `code`: a transport failure's own code (ECONNREFUSED, UND_ERR_…), for the log; the reason says it in words. */
  | { kind: 'not_accepted'; reason: string; transport?: boolean; code?: string }
  /**
   * `shortSuccess`: the provider answered 00 with less than was bought (cards missing, no eSIM
   * install details, another amount): an answer, not an outage, but no clear success to settle.
   */
  | { kind: 'unknown'; reason: string; code?: string; shortSuccess?: true }
  | { kind: 'pending'; reason?: string; upstreamReference?: string }
  /** Requery only: the upstream has no record of the key. */
  | { kind: 'not_found' };

/**
 * What an answer says the provider holds the sale as, for the books (reconciliation): a 00
 * short of what was bought (which keeps a pending sale pending) is still its word that it
 * delivered; `not_found`: it has no record; null: it could not say.
 */
export function providerSays(outcome: VendOutcome): 'success' | 'failed' | 'pending' | 'not_found' | null {
  switch (outcome.kind) {
    case 'success':
    case 'failed':
    case 'pending':
    case 'not_found':
      return outcome.kind;
    case 'unknown':
      return outcome.shortSuccess ? 'success' : null;
    default:
      return null;
  }
}

/** Requery backoff: 10 s, 30 s, 1 min, 5 min, 15 min, then hourly. */
export const REQUERY_BACKOFF_MS = [10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000] as const;

export function nextRequeryDelayMs(pollCount: number): number {
  return REQUERY_BACKOFF_MS[Math.min(pollCount, REQUERY_BACKOFF_MS.length - 1)];
}

/** A "not found" on requery fails the purchase only after this grace since the send. */
export const NOT_FOUND_GRACE_MS = 120_000;

/** `sinceSendMs`: how long the provider has had the sale (jobs/send-clock.ts). */
export function notFoundIsFinal(sinceSendMs: number, graceMs = NOT_FOUND_GRACE_MS): boolean {
  return sinceSendMs >= graceMs;
}

/** An upstream implementation bug must not lose a purchase: a call that throws is an unknown outcome. */
export async function outcomeOrUnknown(call: () => Promise<VendOutcome>): Promise<VendOutcome> {
  try {
    return await call();
  } catch (error) {
    return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}
