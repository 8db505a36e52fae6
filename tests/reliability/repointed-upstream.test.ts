import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { buy, jobStateOf, ledgerOf, liveMerchant, purchaseByKey, routeTo } from './live-node.js';
import { startRun } from '../../server/store/reconciliations.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * An operator points an upstream at another provider, or another account at it (its base URL,
 * merchant code or key edited), while a sale sent to the old one is pending, its answer lost.
 * The new books have no record of it: that says nothing about whether the old provider delivered
 * it, so it must not refund the sale. The test plays the poller, with a short grace.
 */
describe('an upstream pointed elsewhere while a sale sent to it is pending', () => {
  const GRACE = 2_000;
  const code = 'REPOINT';
  let t: TestNode;
  let first: FaultChild;
  let second: FaultChild;
  let live: Pair;
  let admin: ConsoleClient;

  beforeAll(async () => {
    [first, second] = await Promise.all([spawnFaultUpstream(), spawnFaultUpstream()]);
    t = await startTestNode({ syncTimeoutMs: 500 }, { notFoundGraceMs: GRACE, requeryScale: 0.01 });
    routeTo(t, 'prov', first.url, ['airtime']);
    ({ live } = liveMerchant(t, code));
    admin = await setupFirstAdmin(t.url, 'admin', 'correct horse battery');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([first?.kill(), second?.kill()]);
  });

  it('keeps it pending (never refunded on the new books\' "no record"), and settles it once asked where it was sent', async () => {
    // Delivered by the first provider, its answer lost: the sale stays pending, never re-sent.
    await first.control({ mode: 'timeout' });
    const b = await buy(t, live, code, 'airtime', 'repoint-1');
    expect(b.json.response_code).toBe('02');
    const row = purchaseByKey(t, b.key)!;
    for (let i = 0; i < 200 && jobStateOf(t, row.id) !== 'polling'; i++) await sleep(50);
    expect(jobStateOf(t, row.id)).toBe('polling');
    const sentAt = Date.now();

    // The operator points the upstream at another provider (the secret typed again, as asked).
    const moved = await admin.patch('/console/admin/upstreams/prov', {
      base_url: second.url,
      secret: 'another-secret-value',
    });
    expect(moved.status, moved.text).toBe(200);

    // Polled past the grace until the new provider has been asked at least twice after it.
    const askedAfterGrace = async () => {
      const calls = (await second.stats()).statusCalls[row.internal_reference] ?? 0;
      return calls >= 2 && Date.now() > sentAt + GRACE;
    };
    for (let i = 0; i < 400 && purchaseByKey(t, b.key)!.state === 'pending'; i++) {
      if (await askedAfterGrace()) break;
      await t.node.services.worker.pollDue();
      await sleep(50);
    }
    expect(await second.vendCalls(row.internal_reference)).toBe(0);
    expect(purchaseByKey(t, b.key)!.state).toBe('pending');
    expect(ledgerOf(t, row.internal_reference)).toEqual({ debit: 1 });
    const pending = await t.call('GET', `/v1/transactions/status?client_request_id=${b.key}`, { pair: live });
    expect(pending.json.response_code).toBe('02');
    const why = t.node.services.db
      .prepare('SELECT last_error FROM vend_jobs WHERE purchase_id = ?')
      .pluck()
      .get(row.id) as string;
    expect(why).toContain('now points at another provider or account than the one this sale was sent to');

    // Pointed back at the provider it was sent to, the sale is found delivered: a success, charged once.
    await first.control({ mode: 'ok' });
    const back = await admin.patch('/console/admin/upstreams/prov', {
      base_url: first.url,
      secret: 'fault-secret-value',
    });
    expect(back.status, back.text).toBe(200);
    for (let i = 0; i < 400 && purchaseByKey(t, b.key)!.state === 'pending'; i++) {
      await t.node.services.worker.pollDue();
      await sleep(50);
    }
    expect(purchaseByKey(t, b.key)!.state).toBe('success');
    expect(ledgerOf(t, row.internal_reference)).toEqual({ debit: 1 });
    expect(await first.vendCalls(row.internal_reference)).toBe(1);
    expect(t.ledgerOk()).toBe(true);
  }, 60_000);

  it('reconciliation: accepting "no record" from the account the upstream points at now is refused (502), nothing credited', async () => {
    await first.control({ mode: 'ok' });
    const b = await buy(t, live, code, 'airtime', 'reconciled-1');
    expect(b.json.response_code).toBe('00');
    const row = purchaseByKey(t, b.key)!;
    const moved = await admin.patch('/console/admin/upstreams/prov', {
      base_url: second.url,
      secret: 'another-secret-value',
    });
    expect(moved.status, moved.text).toBe(200);
    // What a run against the new account records: we have the sale, the upstream has no record.
    const db = t.node.services.db;
    const run = startRun(db, {
      upstreamName: 'prov',
      day: '2026-01-05',
      timezone: 'Africa/Lagos',
      actor: 'test',
    });
    const { id } = db
      .prepare(
        `INSERT INTO reconciliation_exceptions (upstream_name, day, reference, kind, purchase_id, our_state,
           our_amount_kobo, first_run_id, created_at, updated_at)
         VALUES ('prov', '2026-01-05', ?, 'ours_only', ?, 'success', ?, ?, '2026-01-06 02:30:00', '2026-01-06 02:30:00')
         RETURNING id`,
      )
      .get(row.internal_reference, row.id, row.debit_kobo, run.id) as { id: number };

    const accepted = await admin.post(`/console/admin/reconciliation/exceptions/${id}/resolve`, {
      action: 'accept_upstream',
      reason: 'the provider says it has no record',
    });
    expect(accepted.status, accepted.text).toBe(502);
    expect(accepted.json.message).toContain(
      'now points at another provider or account than the one this sale was sent to',
    );
    expect(purchaseByKey(t, b.key)!.state).toBe('success');
    expect(ledgerOf(t, row.internal_reference)).toEqual({ debit: 1 });

    const back = await admin.patch('/console/admin/upstreams/prov', {
      base_url: first.url,
      secret: 'fault-secret-value',
    });
    expect(back.status, back.text).toBe(200);
  }, 60_000);

  it('a new key for the same account (a pair rotated at the provider) keeps "no record" final: a sale it never got is refunded', async () => {
    // Refused with 503 and not recorded: the provider never had it.
    await first.control({ mode: 'unavailable-503' });
    const b = await buy(t, live, code, 'airtime', 'rotated-1');
    expect(b.json.response_code).toBe('02');
    const row = purchaseByKey(t, b.key)!;
    const rotated = await admin.patch('/console/admin/upstreams/prov', {
      key: 'rotated-key',
      secret: 'rotated-secret-value',
    });
    expect(rotated.status, rotated.text).toBe(200);
    await first.control({ mode: 'ok' });
    for (let i = 0; i < 400 && purchaseByKey(t, b.key)!.state === 'pending'; i++) {
      await t.node.services.worker.pollDue();
      await sleep(50);
    }
    expect(purchaseByKey(t, b.key)!.state).toBe('failed');
    expect(ledgerOf(t, row.internal_reference)).toEqual({ debit: 1, refund: 1 });
    // The one send it refused (counted), never sent again.
    expect(await first.vendCalls(row.internal_reference)).toBe(1);
    expect(t.ledgerOk()).toBe(true);
  }, 60_000);
});
