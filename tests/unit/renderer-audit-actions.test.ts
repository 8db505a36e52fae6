import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../common/audit-actions.js';
import { auditActionText, auditActor, isKnownAuditAction } from '../../renderer/src/lib/audit-actions.js';

// The node can write only AUDIT_ACTIONS (recordAudit's type), and the console's words are a
// Record over them (its type check fails on a missing one); this checks the words read well.
describe('audit actions in words', () => {
  it('has words of its own for every action the node writes', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(25);
    for (const code of AUDIT_ACTIONS) {
      expect(isKnownAuditAction(code), code).toBe(true);
      // Not the fallback that spells the code out ("Wallet funding").
      const spelled = code.replace(/[._]+/g, ' ');
      expect(auditActionText(code), code).not.toBe(spelled[0].toUpperCase() + spelled.slice(1));
      expect(auditActionText(code), code).toMatch(/^[A-Z]/);
    }
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it('reads a code it does not know as its words', () => {
    expect(auditActionText('wallet.funding')).toBe('Funded a wallet');
    expect(auditActionText('some.new_thing')).toBe('Some new thing');
    expect(isKnownAuditAction('toString')).toBe(false);
  });

  it('names who did it in words: a console user by name, the CLI and the node by what they are', () => {
    expect(auditActor('user:admin')).toEqual({ name: 'admin', via: 'console' });
    expect(auditActor('cli:ops')).toEqual({ name: 'ops', via: 'operator CLI' });
    expect(auditActor('system')).toEqual({ name: 'The node', via: null });
    expect(auditActor('setup')).toEqual({ name: 'First-run setup', via: null });
    expect(auditActor('schedule')).toEqual({ name: 'Schedule', via: null });
    expect(auditActor('something-new')).toEqual({ name: 'something-new', via: null });
    expect(auditActor('toString')).toEqual({ name: 'toString', via: null });
  });
});
