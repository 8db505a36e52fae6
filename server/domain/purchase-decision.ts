import { canTransition, type PurchaseState } from './purchase-state.js';
import { NOT_FOUND_GRACE_MS, nextRequeryDelayMs, notFoundIsFinal, type VendOutcome } from './vend-outcome.js';
import { declinedReason, PUBLIC_FAILURE } from './failure-reason.js';

/** What the outcome table needs to know about a purchase whose vend or requery was answered. */
export interface DecisionSubject {
  state: PurchaseState;
  /** When the vend was sent (vend_started_at): the not-found grace and the attention deadline count from it. */
  sentAt: number;
  /**
   * How long the provider has surely had the sale (jobs/send-clock.ts: no clock step counted);
   * the not-found grace counts this. Absent: `now - sentAt`.
   */
  sinceSendMs?: number;
  /** Requeries made so far: the backoff grows with them. */
  pollCount: number;
  /** A requery answer (never re-send) rather than the answer to the send itself. */
  requery: boolean;
  /** The route index to try after a refusal before accepting, or null when no route is left. */
  nextRoute: number | null;
}

/** The node's timing rules; defaults are production's. */
export interface DecisionPolicy {
  attentionAfterMs: number;
  notFoundGraceMs: number;
  /** Multiplies the requery backoff (tests and the crash run shorten it). */
  requeryScale: number;
}

export const DEFAULT_POLICY: DecisionPolicy = {
  attentionAfterMs: 24 * 3_600_000,
  notFoundGraceMs: NOT_FOUND_GRACE_MS,
  requeryScale: 1,
};

/**
 * What the store is to do with a purchase. Only `succeed` and `fail` settle money; every
 * other answer leaves the purchase pending with its debit standing.
 */
export type Decision =
  | { action: 'succeed'; to: 'success'; result: Record<string, unknown>; upstreamReference?: string }
  /** `publicReason`: what an integrator is told (domain/failure-reason.ts); `reason` is the node's own. */
  | { action: 'fail'; to: 'failed'; reason: string; publicReason: string }
  | { action: 'try_next_route'; routeIndex: number; reason: string }
  | {
      action: 'requery_later';
      nextPollAt: number;
      reason: string;
      upstreamReference?: string;
      needsAttention: boolean;
      /** The answer said the provider holds the sale (pending), so it did receive it. */
      acknowledged: boolean;
    }
  /** The purchase is already final (settled meanwhile by another answer or an operator). */
  | { action: 'none' };

/**
 * The outcome table: the one rule that turns an upstream's answer into what happens to the
 * purchase and the wallet. Pure: no I/O, the clock passed in. Circuit-breaker bookkeeping is
 * separate (see breakerSignal), so this table is about money only.
 */
export function decide(
  purchase: DecisionSubject,
  outcome: VendOutcome,
  now: number,
  policy: DecisionPolicy = DEFAULT_POLICY,
): Decision {
  const settle = (to: 'success' | 'failed') => canTransition(purchase.state, to);
  if (outcome.kind === 'success') {
    if (!settle('success')) return { action: 'none' };
    return {
      action: 'succeed',
      to: 'success',
      result: outcome.result,
      upstreamReference: outcome.upstreamReference,
    };
  }
  if (outcome.kind === 'failed') {
    return settle('failed')
      ? {
          action: 'fail',
          to: 'failed',
          reason: outcome.reason,
          publicReason: declinedReason(outcome.message),
        }
      : { action: 'none' };
  }
  if (outcome.kind === 'not_accepted' && !purchase.requery) {
    if (purchase.nextRoute !== null)
      return { action: 'try_next_route', routeIndex: purchase.nextRoute, reason: outcome.reason };
    return settle('failed')
      ? { action: 'fail', to: 'failed', reason: outcome.reason, publicReason: PUBLIC_FAILURE.notAccepted }
      : { action: 'none' };
  }
  if (
    outcome.kind === 'not_found' &&
    purchase.requery &&
    notFoundIsFinal(sinceSend(purchase, now), policy.notFoundGraceMs)
  ) {
    return settle('failed')
      ? {
          action: 'fail',
          to: 'failed',
          reason: 'The provider has no record of this purchase',
          publicReason: PUBLIC_FAILURE.notFound,
        }
      : { action: 'none' };
  }
  if (purchase.state !== 'pending') return { action: 'none' };
  return {
    action: 'requery_later',
    nextPollAt: nextRequeryAt(purchase, outcome, now, policy),
    reason: 'reason' in outcome ? (outcome.reason ?? outcome.kind) : outcome.kind,
    upstreamReference: 'upstreamReference' in outcome ? outcome.upstreamReference : undefined,
    needsAttention: now - purchase.sentAt >= policy.attentionAfterMs,
    acknowledged: outcome.kind === 'pending',
  };
}

/**
 * When a pending purchase is asked again. A "not found" before the grace has ended can only
 * turn final at the grace's end, so that is when it is asked next rather than at the next
 * backoff step (which may be minutes later); every other answer follows the backoff.
 */
export function nextRequeryAt(
  purchase: Pick<DecisionSubject, 'sentAt' | 'sinceSendMs' | 'pollCount' | 'requery'>,
  outcome: VendOutcome,
  now: number,
  policy: DecisionPolicy = DEFAULT_POLICY,
): number {
  if (outcome.kind === 'not_found' && purchase.requery)
    return now + Math.max(0, policy.notFoundGraceMs - sinceSend(purchase, now));
  return now + Math.round(nextRequeryDelayMs(purchase.pollCount) * policy.requeryScale);
}

/** How long the provider has had the sale: as measured without clock steps when known. */
function sinceSend(purchase: Pick<DecisionSubject, 'sentAt' | 'sinceSendMs'>, now: number): number {
  return purchase.sinceSendMs ?? now - purchase.sentAt;
}

/**
 * What an answer says about the upstream's health, apart from the purchase: a provider that
 * answered (even "no") is up; one that was not reached, or whose answer is unknown, is down.
 */
export function breakerSignal(outcome: VendOutcome, requery: boolean): 'up' | 'down' | 'none' {
  switch (outcome.kind) {
    case 'success':
    case 'failed':
    case 'pending':
      return 'up';
    case 'unknown':
      // A 00 short of the purchase was still an answer: the provider is up.
      return outcome.shortSuccess ? 'up' : 'down';
    case 'not_accepted':
      return requery || outcome.transport ? 'down' : 'up';
    case 'not_found':
      return 'none';
  }
}

/**
 * The outcome table as the README shows it: each row an example answer and what decide()
 * makes of it. tests/unit/purchase-decision.test.ts runs every example through decide() and
 * checks the README carries exactly these rows.
 */
export const OUTCOME_TABLE: readonly {
  answer: string;
  purchase: string;
  wallet: string;
  examples: { outcome: VendOutcome; subject: Partial<DecisionSubject>; after?: number }[];
  expect: Decision['action'];
  /** For requery_later rows: whether the purchase is flagged for an admin. */
  attention?: boolean;
}[] = [
  {
    answer: 'success (`00`)',
    purchase: 'success',
    wallet: 'the debit stands',
    examples: [{ outcome: { kind: 'success', result: {} }, subject: {} }],
    expect: 'succeed',
  },
  {
    answer: 'definitive failure (`01`)',
    purchase: 'failed',
    wallet: 'refunded once, in the same transaction',
    examples: [{ outcome: { kind: 'failed', reason: 'declined' }, subject: {} }],
    expect: 'fail',
  },
  {
    answer: 'refused before accepting (connection refused, 4xx on the create)',
    purchase: 'next upstream in the route is tried',
    wallet: 'the debit stands',
    examples: [
      {
        outcome: { kind: 'not_accepted', reason: 'ECONNREFUSED', transport: true },
        subject: { nextRoute: 1 },
      },
      { outcome: { kind: 'not_accepted', reason: '400' }, subject: { nextRoute: 1 } },
    ],
    expect: 'try_next_route',
  },
  {
    answer: 'refused before accepting by the last upstream in the route',
    purchase: 'failed',
    wallet: 'refunded once',
    examples: [{ outcome: { kind: 'not_accepted', reason: '400' }, subject: { nextRoute: null } }],
    expect: 'fail',
  },
  {
    answer:
      'time-out, connection reset after sending, 5xx, HTML or malformed body, unknown code, `02`, a `00` short of what was bought (cards missing, no eSIM install details, no prepaid token, another amount)',
    purchase:
      'stays pending; requeried after 10 s, 30 s, 1 min, 5 min, 15 min, then hourly; **never sent again**',
    wallet: 'the debit stands',
    examples: [
      { outcome: { kind: 'unknown', reason: 'timeout' }, subject: {} },
      { outcome: { kind: 'pending' }, subject: {} },
      { outcome: { kind: 'unknown', reason: '502' }, subject: { requery: true } },
      {
        outcome: { kind: 'unknown', reason: 'Provider answered success (00) with 1 of the 3 cards ordered' },
        subject: {},
      },
    ],
    expect: 'requery_later',
    attention: false,
  },
  {
    answer:
      "requery says the provider has no record of the key, within the not-found grace (2 minutes after the send, or the upstream's `notFoundGraceMinutes`)",
    purchase: 'stays pending; asked again when the grace is over (not at the next backoff step)',
    wallet: 'the debit stands',
    examples: [
      { outcome: { kind: 'not_found' }, subject: { requery: true }, after: 1_000 },
      { outcome: { kind: 'not_found' }, subject: { requery: true, pollCount: 3 }, after: 100_000 },
    ],
    expect: 'requery_later',
    attention: false,
  },
  {
    answer: 'requery says the provider has no record of the key after the grace',
    purchase: 'failed',
    wallet: 'refunded once',
    examples: [{ outcome: { kind: 'not_found' }, subject: { requery: true }, after: 120_000 }],
    expect: 'fail',
  },
  {
    answer: 'still no final answer 24 h after the send',
    purchase:
      'stays pending, flagged **needs attention** for an admin (console, or `purchase resolve --ref REF --outcome success\\|failed --reason TEXT`)',
    wallet: 'the debit stands; a failed resolution refunds once, audited',
    examples: [
      { outcome: { kind: 'unknown', reason: 'timeout' }, subject: { requery: true }, after: 24 * 3_600_000 },
      { outcome: { kind: 'pending' }, subject: { requery: true }, after: 25 * 3_600_000 },
    ],
    expect: 'requery_later',
    attention: true,
  },
];
