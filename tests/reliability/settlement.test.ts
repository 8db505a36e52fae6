import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendWorker } from '../../server/jobs/vend-worker.js';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import {
  ALL_PRODUCTS,
  buy,
  ledgerOf,
  liveBalanceKobo,
  liveMerchant,
  purchaseByKey,
  routeTo,
  type Kind,
} from './live-node.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const keyOf = (tag: string) => `${tag}-${Date.now().toString(36)}-${++n}`;

/**
 * Settlement of purchases the provider never vended, with a short grace so the test is quick.
 * The test plays the poller (pollDue every 100 ms) on the real clock.
 */
describe('a vend the upstream answered 503 before vending', () => {
  const GRACE = 3_000;
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  const code = 'SETTLE503';

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    // Backoff 0.5 s, 1.5 s, 3 s, ...: the first requery comes well inside the grace.
    t = await startTestNode({ syncTimeoutMs: 1_000 }, { notFoundGraceMs: GRACE, requeryScale: 0.05 });
    routeTo(t, 'fault', fault.url, ALL_PRODUCTS);
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  it('is failed and refunded within grace + 15 s, asked once inside the grace and once at its end, never re-sent', async () => {
    await fault.control({ mode: 'unavailable-503' });
    const before = liveBalanceKobo(t, code);
    const kinds: Kind[] = ['airtime', 'data', 'electricity', 'giftcard', 'esim'];
    const sent = Date.now();
    const bought = await Promise.all(kinds.map((k) => buy(t, live, code, k, keyOf(`503-${k}`))));
    for (const b of bought) {
      expect(b.status, `${b.kind}: ${JSON.stringify(b.json)}`).toBe(200);
      expect(b.json.response_code, b.kind).toBe('02');
    }
    await fault.control({ mode: 'ok' });

    const pending = () => bought.filter((b) => purchaseByKey(t, b.key)!.state === 'pending');
    const deadline = sent + GRACE + 15_000;
    while (pending().length && Date.now() < deadline) {
      await t.node.services.worker.pollDue();
      await sleep(100);
    }
    expect(pending().map((b) => b.kind)).toEqual([]);
    const stats = await fault.stats();
    for (const b of bought) {
      expect(purchaseByKey(t, b.key)!.state, b.kind).toBe('failed');
      expect(ledgerOf(t, b.ref!), b.kind).toEqual({ debit: 1, refund: 1 });
      expect(stats.vendCalls[b.ref!], b.kind).toBe(1);
      // On the backoff it would have been asked at 0.5 s, 2 s and 5 s; the grace rule asks at 0.5 s and 3 s.
      expect(stats.statusCalls[b.ref!], b.kind).toBeGreaterThanOrEqual(1);
      expect(stats.statusCalls[b.ref!], b.kind).toBeLessThanOrEqual(2);
    }
    expect(liveBalanceKobo(t, code)).toBe(before);
    expect(t.ledgerOk()).toBe(true);
  }, 40_000);
});

describe('the per-upstream in-flight limit', () => {
  const LIMIT = 3;
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  const code = 'INFLIGHT';

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode({ maxInFlight: LIMIT, syncTimeoutMs: 500 }, { requeryScale: 0.01 });
    routeTo(t, 'slow', fault.url, ALL_PRODUCTS, { options: { timeoutMs: 5_000, connectTimeoutMs: 500 } });
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  it('never sends more than the limit to a slow upstream at once; the rest wait queued and are answered 02 at once', async () => {
    await fault.control({ mode: 'slow', slowMs: 300, reset: true });
    const bought = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        buy(t, live, code, i % 4 === 0 ? 'airtime' : 'data', keyOf(`lim-${i}`)),
      ),
    );
    for (const b of bought) {
      expect(b.status).toBe(200);
      // Async creates are answered 02 at once; sync ones within their bounded wait, 00 or 02.
      if (b.kind === 'data') expect(b.json.response_code).toBe('02');
      else expect(['00', '02']).toContain(b.json.response_code);
    }
    const queued = t.node.services.db
      .prepare(`SELECT COUNT(*) AS n FROM vend_jobs WHERE state = 'queued'`)
      .get() as { n: number };
    expect(queued.n).toBeGreaterThan(0); // beyond the limit they wait in the durable queue
    expect((t.node.services.worker as VendWorker).upstreamLoad('slow').active).toBeLessThanOrEqual(LIMIT);

    const deadline = Date.now() + 30_000;
    const pending = () => bought.filter((b) => purchaseByKey(t, b.key)!.state === 'pending');
    while (pending().length && Date.now() < deadline) {
      await t.node.services.worker.pollDue(); // async data is answered 02 upstream and settles on requery
      await sleep(100);
    }
    expect(pending()).toEqual([]);
    const stats = await fault.stats();
    expect(stats.maxVendsInFlight).toBe(LIMIT);
    for (const b of bought) {
      expect(purchaseByKey(t, b.key)!.state).toBe('success');
      expect(stats.vendCalls[b.ref!]).toBe(1);
    }
    expect((t.node.services.worker as VendWorker).upstreamLoad('slow')).toEqual({ active: 0, waiting: 0 });
    expect(t.ledgerOk()).toBe(true);
  }, 60_000);

  it('a vend that crashes while holding its slot gives the slot back: later sales to the upstream still go out', async () => {
    await fault.control({ mode: 'ok', reset: true });
    const router = t.node.services.router;
    const worker = t.node.services.worker as VendWorker;
    const candidates = router.candidates.bind(router);
    // The route is read again once a vend holds its upstream's slot: make that read throw (the
    // routing table unreadable, say). Sales go one at a time, so a held slot is that vend's.
    let thrown = 0;
    router.candidates = (...a: Parameters<typeof router.candidates>) => {
      if (worker.upstreamLoad('slow').active > 0) {
        thrown++;
        throw new Error('routing table unreadable');
      }
      return candidates(...a);
    };
    try {
      for (let i = 0; i < LIMIT; i++) {
        const b = await buy(t, live, code, 'data', keyOf(`crash-${i}`));
        expect(b.status, JSON.stringify(b.json)).toBe(200);
        await expect.poll(() => thrown).toBe(i + 1);
        await expect.poll(() => worker.upstreamLoad('slow').active).toBe(0);
      }
    } finally {
      router.candidates = candidates;
    }
    // Every slot is free again: a new sale is sent, not left queued behind lost slots.
    const after = await buy(t, live, code, 'airtime', keyOf('after-crash'));
    expect(after.status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (purchaseByKey(t, after.key)!.state === 'pending' && Date.now() < deadline) {
      await t.node.services.worker.pollDue();
      await sleep(100);
    }
    expect(purchaseByKey(t, after.key)!.state).toBe('success');
    expect((await fault.stats()).vendCalls[after.ref!]).toBe(1);
    expect(t.ledgerOk()).toBe(true);
  }, 60_000);
});
