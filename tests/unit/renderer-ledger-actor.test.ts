import { describe, expect, it } from 'vitest';
import { ledgerActor as ledgerActorLabel, ledgerAmount } from '../../renderer/src/lib/ledger.js';

/** Both ledger tables name who made an entry from the actor the node sends, the same way. */
describe('ledger actor label', () => {
  it('shows a console user by name, an API key as API, the CLI with its user, anything else as sent', () => {
    expect(ledgerActorLabel('user:ada')).toBe('ada');
    expect(ledgerActorLabel('key:vpk_test_abc')).toBe('API');
    expect(ledgerActorLabel('cli:root')).toBe('CLI (root)');
    expect(ledgerActorLabel('system')).toBe('system');
  });
});

/** Both ledger tables sign every amount, so money in reads apart from money out at a glance. */
describe('ledger amount', () => {
  it('shows money in with a plus and money out with a minus', () => {
    expect(ledgerAmount(100_000_000)).toBe('+₦1,000,000.00');
    expect(ledgerAmount(3_193_000)).toBe('+₦31,930.00');
    expect(ledgerAmount(-3_193_000)).toBe('-₦31,930.00');
    expect(ledgerAmount(0)).toBe('₦0.00');
  });
});
