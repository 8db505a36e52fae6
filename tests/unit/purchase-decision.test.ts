import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY,
  OUTCOME_TABLE,
  breakerSignal,
  decide,
  type DecisionSubject,
} from '../../server/domain/purchase-decision.js';
import { statesThatMayBecome } from '../../server/domain/purchase-state.js';
import type { VendOutcome } from '../../server/domain/vend-outcome.js';

const SENT = 1_700_000_000_000;
const subject = (over: Partial<DecisionSubject> = {}): DecisionSubject => ({
  state: 'pending',
  sentAt: SENT,
  pollCount: 0,
  requery: false,
  nextRoute: null,
  ...over,
});

describe('the outcome table (decide)', () => {
  for (const row of OUTCOME_TABLE) {
    it(`${row.answer} -> ${row.expect}`, () => {
      for (const ex of row.examples) {
        const d = decide(subject(ex.subject), ex.outcome, SENT + (ex.after ?? 0));
        expect(d.action).toBe(row.expect);
        if (d.action === 'requery_later' && row.attention !== undefined)
          expect(d.needsAttention).toBe(row.attention);
      }
    });
  }

  it('is the table the README shows, row for row', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const rows = OUTCOME_TABLE.map((r) => `| ${r.answer} | ${r.purchase} | ${r.wallet} |`);
    expect(readme).toContain(
      ['| upstream answer | purchase | wallet |', '|---|---|---|', ...rows].join('\n'),
    );
  });

  it('requeries on the backoff from the poll count, scaled by the policy', () => {
    const at = (pollCount: number, requeryScale = 1) =>
      decide(subject({ pollCount, requery: true }), { kind: 'pending' }, SENT + 5, {
        ...DEFAULT_POLICY,
        requeryScale,
      });
    expect(at(0)).toMatchObject({
      action: 'requery_later',
      nextPollAt: SENT + 5 + 10_000,
      reason: 'pending',
    });
    expect(at(1)).toMatchObject({ nextPollAt: SENT + 5 + 30_000 });
    expect(at(9)).toMatchObject({ nextPollAt: SENT + 5 + 3_600_000 });
    expect(at(0, 0.01)).toMatchObject({ nextPollAt: SENT + 5 + 100 });
  });

  it('keeps the upstream reference of a pending answer and the reason of an unknown one', () => {
    expect(decide(subject(), { kind: 'pending', upstreamReference: 'UP-1' }, SENT)).toMatchObject({
      upstreamReference: 'UP-1',
    });
    expect(decide(subject(), { kind: 'unknown', reason: 'socket hang up' }, SENT)).toMatchObject({
      reason: 'socket hang up',
    });
  });

  it('only a pending answer says the provider holds the sale (the desk then calls it sent)', () => {
    const acknowledged = (outcome: VendOutcome, over: Partial<DecisionSubject> = {}) => {
      const d = decide(subject(over), outcome, SENT + 1_000);
      return d.action === 'requery_later' ? d.acknowledged : d.action;
    };
    expect(acknowledged({ kind: 'pending' })).toBe(true);
    expect(acknowledged({ kind: 'pending', reason: 'Transaction is processing' }, { requery: true })).toBe(
      true,
    );
    expect(acknowledged({ kind: 'unknown', reason: 'Provider answered HTTP 500' })).toBe(false);
    expect(acknowledged({ kind: 'unknown', reason: 'Status read failed: timeout' }, { requery: true })).toBe(
      false,
    );
    expect(acknowledged({ kind: 'not_found' }, { requery: true })).toBe(false);
    expect(acknowledged({ kind: 'not_accepted', reason: '502' }, { requery: true })).toBe(false);
  });

  it('a "not found" answer to the send itself is not final: only a requery after the grace fails it', () => {
    expect(decide(subject(), { kind: 'not_found' }, SENT + 3_600_000).action).toBe('requery_later');
  });

  it('asks again at the grace\'s end after a "not found" inside the grace, whatever the poll count', () => {
    for (const pollCount of [0, 2, 3, 7]) {
      const d = decide(subject({ requery: true, pollCount }), { kind: 'not_found' }, SENT + 10_000);
      expect(d).toMatchObject({ action: 'requery_later', nextPollAt: SENT + 120_000 });
    }
    const short = { ...DEFAULT_POLICY, notFoundGraceMs: 2_000, requeryScale: 0.05 };
    expect(decide(subject({ requery: true }), { kind: 'not_found' }, SENT + 500, short)).toMatchObject({
      nextPollAt: SENT + 2_000,
    });
    // Other answers keep the backoff: only "not found" is known to settle at the grace's end.
    expect(
      decide(subject({ requery: true, pollCount: 3 }), { kind: 'unknown', reason: '503' }, SENT + 10_000),
    ).toMatchObject({ nextPollAt: SENT + 10_000 + 300_000 });
  });

  it('counts the grace by how long the provider had the sale when that is known, not by the wall clock', () => {
    // The wall clock says two hours passed (it jumped forward); the provider had ten seconds.
    const jumped = subject({ requery: true, sinceSendMs: 10_000 });
    const d = decide(jumped, { kind: 'not_found' }, SENT + 7_200_000);
    expect(d).toMatchObject({ action: 'requery_later', nextPollAt: SENT + 7_200_000 + 110_000 });
    // The wall clock says ten seconds (it was set back); the provider had the whole grace.
    const back = subject({ requery: true, sinceSendMs: 120_000 });
    expect(decide(back, { kind: 'not_found' }, SENT + 10_000).action).toBe('fail');
  });

  /**
   * A fake clock walks one purchase through the worker's loop: the send is answered `first`,
   * then every due requery (the poller ticks every 5 s) is answered "not found", as when the
   * provider never saw the purchase. Returns when it failed, in ms after the send.
   */
  function failedAfter(first: VendOutcome, policy = DEFAULT_POLICY): number {
    let d = decide(subject(), first, SENT, policy);
    let pollCount = 0;
    for (let now = SENT; now < SENT + 3_600_000; now += 5_000) {
      if (d.action !== 'requery_later') break;
      if (now < d.nextPollAt) continue;
      d = decide(subject({ requery: true, pollCount }), { kind: 'not_found' }, now, policy);
      pollCount += 1;
      if (d.action === 'fail') return now - SENT;
    }
    throw new Error(`never failed: ${JSON.stringify(d)}`);
  }

  it('a purchase the provider never saw (503 before vending, time-out) fails within grace + 15 s', () => {
    for (const first of [
      { kind: 'unknown', reason: 'Provider answered HTTP 503' },
      { kind: 'unknown', reason: 'timeout' },
      { kind: 'pending' },
    ] as VendOutcome[]) {
      const at = failedAfter(first);
      expect(at).toBeGreaterThanOrEqual(120_000);
      expect(at).toBeLessThanOrEqual(120_000 + 15_000);
    }
    const short = { ...DEFAULT_POLICY, notFoundGraceMs: 30_000 };
    expect(failedAfter({ kind: 'unknown', reason: '503' }, short)).toBeLessThanOrEqual(30_000 + 15_000);
  });

  it('never settles a purchase that is already final', () => {
    for (const state of ['success', 'failed'] as const) {
      expect(decide(subject({ state }), { kind: 'success', result: {} }, SENT).action).toBe('none');
      expect(decide(subject({ state }), { kind: 'failed', reason: 'x' }, SENT).action).toBe('none');
      expect(decide(subject({ state }), { kind: 'pending' }, SENT).action).toBe('none');
    }
  });

  it('the store guards its settling SQL with the same state machine', () => {
    expect(statesThatMayBecome('success')).toEqual(['pending']);
    expect(statesThatMayBecome('failed')).toEqual(['pending']);
    expect(statesThatMayBecome('pending')).toEqual([]);
  });
});

describe('circuit-breaker signal, apart from the money decision', () => {
  it('an upstream that answered is up, one not reached or unclear is down', () => {
    expect(breakerSignal({ kind: 'success', result: {} }, false)).toBe('up');
    expect(breakerSignal({ kind: 'failed', reason: 'x' }, false)).toBe('up');
    expect(breakerSignal({ kind: 'pending' }, true)).toBe('up');
    expect(breakerSignal({ kind: 'unknown', reason: 'timeout' }, false)).toBe('down');
    // A 00 short of the purchase keeps the sale pending, but the provider did answer.
    expect(breakerSignal({ kind: 'unknown', reason: 'short', shortSuccess: true }, false)).toBe('up');
    expect(breakerSignal({ kind: 'not_accepted', reason: 'refused', transport: true }, false)).toBe('down');
    expect(breakerSignal({ kind: 'not_accepted', reason: '400' }, false)).toBe('up');
    expect(breakerSignal({ kind: 'not_found' }, true)).toBe('none');
  });
});
