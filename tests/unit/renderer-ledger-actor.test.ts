import { describe, expect, it } from 'vitest';
import { ledgerActor as ledgerActorLabel } from '../../renderer/src/lib/ledger.js';

/** Both ledger tables name who made an entry from the actor the node sends, the same way. */
describe('ledger actor label', () => {
  it('shows a console user by name, an API key as API, the CLI with its user, anything else as sent', () => {
    expect(ledgerActorLabel('user:ada')).toBe('ada');
    expect(ledgerActorLabel('key:vpk_test_abc')).toBe('API');
    expect(ledgerActorLabel('cli:root')).toBe('CLI (root)');
    expect(ledgerActorLabel('system')).toBe('system');
  });
});
