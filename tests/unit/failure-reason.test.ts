import { describe, expect, it } from 'vitest';
import { declinedReason, PUBLIC_FAILURE } from '../../server/domain/failure-reason.js';
import { decide, type DecisionSubject } from '../../server/domain/purchase-decision.js';

const subject = (over: Partial<DecisionSubject> = {}): DecisionSubject => ({
  state: 'pending',
  sentAt: 0,
  pollCount: 0,
  requery: false,
  nextRoute: null,
  ...over,
});

describe('why a sale failed, in the words the API gives', () => {
  it("passes on a provider's reason, but not a bare state word", () => {
    expect(declinedReason('Invalid meter number')).toBe('Invalid meter number');
    expect(declinedReason('  Line barred  ')).toBe('Line barred');
    for (const bare of ['Failed', 'failed.', 'FAILURE', 'error', '01', '1', '', '  ', undefined])
      expect(declinedReason(bare), String(bare)).toBe(PUBLIC_FAILURE.declined);
    expect(declinedReason('x'.repeat(300))).toHaveLength(200);
  });

  it('names each way the outcome table fails a sale, and keeps the node its own reason', () => {
    const failed = decide(
      subject(),
      { kind: 'failed', reason: 'Provider answered failed (01): Failed', message: 'Failed' },
      0,
    );
    expect(failed).toMatchObject({
      action: 'fail',
      reason: 'Provider answered failed (01): Failed',
      publicReason: PUBLIC_FAILURE.declined,
    });
    expect(decide(subject(), { kind: 'failed', reason: 'r', message: 'Invalid number' }, 0)).toMatchObject({
      publicReason: 'Invalid number',
    });
    // Refused before it was accepted, and no route left: nothing went out.
    expect(
      decide(subject(), { kind: 'not_accepted', reason: 'Not sent to provider-a: bad plan' }, 0),
    ).toMatchObject({ action: 'fail', publicReason: PUBLIC_FAILURE.notAccepted });
    // The provider has no record of it once the grace is over.
    expect(decide(subject({ requery: true }), { kind: 'not_found' }, 24 * 3_600_000)).toMatchObject({
      action: 'fail',
      publicReason: PUBLIC_FAILURE.notFound,
    });
  });

  it('never names an upstream or an HTTP code', () => {
    for (const text of Object.values(PUBLIC_FAILURE)) expect(text).not.toMatch(/upstream|HTTP|\(\d+\)/i);
  });
});
