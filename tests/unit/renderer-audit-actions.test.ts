import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditActionText, isKnownAuditAction } from '../../renderer/src/lib/audit-actions.js';

const SERVER = join(import.meta.dirname, '..', '..', 'server');

/** Every action code the node writes to the audit log, read from its sources. */
function writtenActions(): string[] {
  const codes = new Set<string>();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const f of files) {
    const text = readFileSync(join(SERVER, f), 'utf8');
    // The action argument: a literal, or a choice of literals (`active ? 'a.b' : 'a.c'`).
    for (const m of text.matchAll(/recordAudit\(\s*[^,]+,\s*[^,]+,\s*([^,]+),/g))
      for (const code of m[1].matchAll(/'([a-z_]+\.[a-z_.]+)'/g)) codes.add(code[1]);
    // The two codes built from a value: wallet.${kind} (funding, adjustment), webhook.${status}.
    if (text.includes('`wallet.${kind}`'))
      ['wallet.funding', 'wallet.adjustment'].forEach((c) => codes.add(c));
    if (text.includes('`webhook.${status}`'))
      ['webhook.enabled', 'webhook.paused', 'webhook.removed'].forEach((c) => codes.add(c));
  }
  return [...codes].sort();
}

describe('audit actions in words', () => {
  it('has words for every action the node writes', () => {
    const codes = writtenActions();
    expect(codes.length).toBeGreaterThan(25);
    expect(codes.filter((c) => !isKnownAuditAction(c))).toEqual([]);
  });

  it('reads a code it does not know as its words', () => {
    expect(auditActionText('wallet.funding')).toBe('Funded a wallet');
    expect(auditActionText('some.new_thing')).toBe('Some new thing');
    expect(isKnownAuditAction('toString')).toBe(false);
  });
});
