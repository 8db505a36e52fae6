import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { upstreamHealth } from '../../server/services/upstream-health.js';
import { getUpstreamByName, updateUpstream } from '../../server/store/upstreams.js';
import { closedPort, spawnFaultUpstream, type FaultChild } from './fault-child.js';
import {
  buy,
  ledgerOf,
  liveBalanceKobo,
  liveMerchant,
  purchaseByKey,
  readBack,
  routeTo,
  vendAnswered,
} from './live-node.js';

/**
 * Failover (DESIGN "Purchase lifecycle" step 4): another upstream is tried only when the first
 * failed before accepting the vend: connection refused, or a 4xx refusal. An unknown outcome
 * (5xx, time-out) on the first upstream is requeried there and never sent to the second.
 * Routes: airtime [dead (closed port), second]; data, gift cards, eSIM [first, second].
 */
describe('failover between upstreams', () => {
  let t: TestNode;
  let first: FaultChild;
  let second: FaultChild;
  let live: Pair;
  let skew = 0;
  const code = 'FAILOVER';
  let n = 0;
  const key = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;

  beforeAll(async () => {
    [first, second] = await Promise.all([spawnFaultUpstream(), spawnFaultUpstream()]);
    t = await startTestNode({ syncTimeoutMs: 2_000 }, { now: () => Date.now() + skew });
    routeTo(t, 'dead', `http://127.0.0.1:${await closedPort()}`, ['airtime']);
    routeTo(t, 'first', first.url, ['data', 'giftcard', 'esim']);
    routeTo(t, 'second', second.url, ['airtime', 'data', 'giftcard', 'esim']);
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([first?.kill(), second?.kill()]);
  });

  it('connection refused on the first upstream: the second vends it, once', async () => {
    const b = await buy(t, live, code, 'airtime', key('refused'));
    expect(b.json).toMatchObject({ status: 'success', response_code: '00' });
    const p = purchaseByKey(t, b.key)!;
    expect(p.upstream_name).toBe('second');
    expect(await second.vendCalls(b.ref!)).toBe(1);
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });
  });

  it('a 400 refusal on the first upstream: the second vends it, once', async () => {
    await first.control({ mode: 'reject-400', rejectMessage: 'plan not offered' });
    const before = liveBalanceKobo(t, code);
    const b = await buy(t, live, code, 'data-sync', key('rej'));
    expect(b.json).toMatchObject({ status: 'success', response_code: '00' });
    expect(await first.vendCalls(b.ref!)).toBe(1); // refused there
    expect(await second.vendCalls(b.ref!)).toBe(1);
    expect(purchaseByKey(t, b.key)!.upstream_name).toBe('second');
    expect(before - liveBalanceKobo(t, code)).toBe(purchaseByKey(t, b.key)!.debit_kobo);
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });
  });

  it.each(['5xx', 'timeout'] as const)(
    'an unknown outcome (%s) on the first upstream is never retried on the second: requeried on the first until final',
    async (mode) => {
      await first.control({ mode });
      const bought = await Promise.all([
        buy(t, live, code, 'data-sync', key(`unk-${mode}`)),
        buy(t, live, code, 'giftcard', key(`unkgc-${mode}`)),
      ]);
      for (const b of bought) {
        expect(b.json.response_code).toBe('02');
        await vendAnswered(t, purchaseByKey(t, b.key)!.id);
        expect(purchaseByKey(t, b.key)!.upstream_name).toBe('first');
      }
      // Requeries while the first is still failing: still pending, still never sent elsewhere.
      skew += 15 * 60_000;
      await t.node.services.worker.pollDue();
      await first.control({ mode: 'ok' });
      skew += 60 * 60_000;
      await t.node.services.worker.pollDue();
      for (const b of bought) {
        expect(purchaseByKey(t, b.key)!.state).toBe('success');
        expect(await first.vendCalls(b.ref!)).toBe(1);
        expect(await second.vendCalls(b.ref!)).toBe(0);
        expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });
        expect((await readBack(t, live, b)).response_code).toBe('00');
      }
    },
  );

  it('every upstream refuses before accepting: failed and refunded once, each asked once', async () => {
    await first.control({ mode: 'reject-400' });
    await second.control({ mode: 'reject-400' });
    const before = liveBalanceKobo(t, code);
    const b = await buy(t, live, code, 'esim', key('allrej'));
    expect(b.json).toMatchObject({ status: 'failed', response_code: '01' });
    expect(await first.vendCalls(b.ref!)).toBe(1);
    expect(await second.vendCalls(b.ref!)).toBe(1);
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1, refund: 1 });
    expect(liveBalanceKobo(t, code)).toBe(before);
    await first.control({ mode: 'ok' });
    await second.control({ mode: 'ok' });
  });

  it('consecutive transport failures open the first upstream circuit: new purchases go to the second; a success closes it again', async () => {
    // A success through the first upstream resets its count (the refusals above counted too).
    const ok = await buy(t, live, code, 'data-sync', key('cbok'));
    expect(purchaseByKey(t, ok.key)!.upstream_name).toBe('first');
    expect(upstreamHealth(t.node.services).find((h) => h.name === 'first')!.circuit).toMatchObject({
      state: 'closed',
      failures: 0,
    });
    await first.control({ mode: '5xx' });
    const stuck = [];
    // Sequential: each unknown outcome is counted before the next purchase picks an upstream.
    for (let i = 0; i < 5; i++) {
      const b = await buy(t, live, code, 'data', key(`cb${i}`));
      await vendAnswered(t, purchaseByKey(t, b.key)!.id);
      stuck.push(b);
    }
    for (const b of stuck) expect(purchaseByKey(t, b.key)!.upstream_name).toBe('first');
    const health = upstreamHealth(t.node.services).find((h) => h.name === 'first')!;
    expect(health.circuit.state).toBe('open');

    const routed = await buy(t, live, code, 'data-sync', key('cbnext'));
    expect(routed.json.response_code).toBe('00');
    expect(purchaseByKey(t, routed.key)!.upstream_name).toBe('second');
    expect(await first.vendCalls(routed.ref!)).toBe(0);

    await first.control({ mode: 'ok' });
    skew += 60 * 60_000;
    await t.node.services.worker.pollDue();
    for (const b of stuck) {
      expect(purchaseByKey(t, b.key)!.state).toBe('success');
      expect(await first.vendCalls(b.ref!)).toBe(1);
      expect(await second.vendCalls(b.ref!)).toBe(0);
    }
    expect(upstreamHealth(t.node.services).find((h) => h.name === 'first')!.circuit.state).toBe('closed');
    expect(t.ledgerOk()).toBe(true);
  });

  it('disabling an upstream stops new vends to it but its pending purchases are still requeried to final', async () => {
    await first.control({ mode: '5xx' });
    const b = await buy(t, live, code, 'giftcard', key('disable'));
    expect(b.json.response_code).toBe('02');
    expect(purchaseByKey(t, b.key)!.upstream_name).toBe('first');
    updateUpstream(t.node.services.db, t.node.services.box, 'first', { enabled: false }, 'test');

    const next = await buy(t, live, code, 'giftcard', key('disnext'));
    expect(next.json.response_code).toBe('00');
    expect(purchaseByKey(t, next.key)!.upstream_name).toBe('second');
    expect(await first.vendCalls(next.ref!)).toBe(0);

    await first.control({ mode: 'ok' });
    skew += 60 * 60_000;
    await t.node.services.worker.pollDue();
    expect(purchaseByKey(t, b.key)!.state).toBe('success');
    expect(await first.vendCalls(b.ref!)).toBe(1);
    expect(await second.vendCalls(b.ref!)).toBe(0);
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });
    updateUpstream(t.node.services.db, t.node.services.box, 'first', { enabled: true }, 'test');
  });

  it('a configuration change does not break a vend that already picked its upstream (old clients are retired, not closed at once)', async () => {
    const router = t.node.services.router;
    const picked = router.candidates('live', 'transaction', 'data', 'MTN')[0];
    expect(picked.name).toBe('first');
    routeTo(t, 'extra', second.url, ['BETTING']); // another upstream's change keeps this client
    expect(router.candidates('live', 'transaction', 'data', 'MTN')[0]).toBe(picked);
    const db = t.node.services.db;
    const options = getUpstreamByName(db, 'first')!.options;
    updateUpstream(db, t.node.services.box, 'first', { options: { ...options, timeoutMs: 4_321 } }, 'test');
    expect(router.candidates('live', 'transaction', 'data', 'MTN')[0]).not.toBe(picked);
    const reference = `00000000-0000-4000-8000-${Date.now().toString().padStart(12, '0').slice(-12)}`;
    const out = await picked.vend({
      reference,
      kind: 'transaction',
      product: 'data',
      network: 'MTN',
      msisdn: '08031234567',
      phone: null,
      planId: 'MTN-101',
      amountKobo: 7_500,
      quantity: 1,
      details: {},
    });
    expect(out.kind).toBe('success');
    expect(await first.vendCalls(reference)).toBe(1);
  });
});
