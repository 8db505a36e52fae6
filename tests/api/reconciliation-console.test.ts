import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReconcilePair, type ReconcilePair } from '../helpers/reconcile-pair.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';

const DAY = '2026-05-05';
let pair: ReconcilePair;
let admin: ConsoleClient;
let refs: string[] = [];

beforeAll(async () => {
  pair = await startReconcilePair();
  admin = await setupFirstAdmin(pair.ours.url, 'boss', 'a-long-enough-password');
  refs = pair.seed([
    { ours: 'success', theirs: 'success', amountKobo: 10_000, at: '2026-05-05T09:00:00.000Z' },
    { ours: 'failed', theirs: 'success', amountKobo: 25_000, at: '2026-05-05T09:01:00.000Z' },
    { ours: null, theirs: 'success', amountKobo: 10_000, at: '2026-05-05T09:02:00.000Z' },
  ]);
}, 60_000);
afterAll(() => pair?.close());

describe('reconciliation in the admin console', () => {
  it('runs a day, lists the exceptions, resolves them with the admin as the actor', async () => {
    const run = await admin.post('/console/admin/reconciliation/run', { date: DAY });
    expect(run.status).toBe(200);
    expect(run.json.runs[0]).toMatchObject({ upstream: 'up', state: 'done', open_exceptions: 2 });
    const list = await admin.get('/console/admin/reconciliation');
    expect(list.status).toBe(200);
    const byRef = new Map(list.json.exceptions.map((e: { reference: string }) => [e.reference, e]));
    const refunded = byRef.get(refs[1]) as { id: number; kind: string; accept_effect: string };
    const theirs = byRef.get(refs[2]) as { id: number; kind: string; accept_effect: null };
    expect(refunded).toMatchObject({ kind: 'ours_failed_theirs_success', accept_effect: 'debit_correction' });
    expect(theirs).toMatchObject({ kind: 'theirs_only', accept_effect: null });

    const unconfirmed = await admin.post(`/console/admin/reconciliation/exceptions/${refunded.id}/resolve`, {
      action: 'accept_upstream',
      reason: 'provider delivered',
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json.message).toMatch(/confirm/);
    const ok = await admin.post(`/console/admin/reconciliation/exceptions/${refunded.id}/resolve`, {
      action: 'accept_upstream',
      reason: 'provider delivered',
      confirm: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      status: 'resolved',
      resolution: 'accept_upstream',
      resolved_by: 'user:boss',
    });
    const outside = await admin.post(`/console/admin/reconciliation/exceptions/${theirs.id}/resolve`, {
      action: 'settled_outside',
      reason: 'refunded by transfer',
    });
    expect(outside.status).toBe(200);
    const again = await admin.post(`/console/admin/reconciliation/exceptions/${theirs.id}/resolve`, {
      action: 'settled_outside',
      reason: 'twice',
    });
    expect(again.status).toBe(409);
    expect(pair.ours.ledgerOk()).toBe(true);

    // The lists now: the run still says what it found, and how many are open now; the
    // corrected purchase shows its state after the resolution, not the one the run saw.
    const after = await admin.get('/console/admin/reconciliation');
    expect(after.json.runs[0]).toMatchObject({ open_exceptions: 2, open_now: 0 });
    const corrected = after.json.exceptions.find((e: { id: number }) => e.id === refunded.id);
    expect(corrected).toMatchObject({ status: 'resolved', our_state: 'success', their_state: 'success' });
  });

  it('saves the daily run time and operator addresses, refusing a bad time or address', async () => {
    const bad = await admin.put('/console/admin/reconciliation/settings', { run_time: '25:00' });
    expect(bad.status).toBe(400);
    // The node's one e-mail rule: a dot in the domain, a bare address (no display form).
    for (const address of ['ops@localhost', '<ops@example.com>']) {
      const refused = await admin.put('/console/admin/reconciliation/settings', {
        operator_emails: [address],
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(`"${address}" is not an e-mail address`);
    }
    const r = await admin.put('/console/admin/reconciliation/settings', {
      run_time: '04:00',
      operator_emails: ['ops@example.com'],
    });
    expect(r.json).toEqual({ run_time: '04:00', operator_emails: ['ops@example.com'] });
  });
});
