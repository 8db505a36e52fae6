import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultUpstream, type FaultUpstream } from '../helpers/fault-upstream.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { getWallet } from '../../server/store/wallets.js';
import { liveMerchant, requestOf, routeTo } from './live-node.js';

const LIMIT = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Admission control: with `maxWaiting` purchases already held open waiting for a slow provider,
 * the next sync purchase is refused 503 with Retry-After before anything is stored or charged,
 * its key stays usable, and every accepted purchase still ends final.
 */
describe('sync purchases beyond the waiting limit', () => {
  let t: TestNode;
  let fault: FaultUpstream;
  beforeAll(async () => {
    fault = await startFaultUpstream({ mode: 'slow', slowMs: 1_500 });
    t = await startTestNode({ maxWaiting: LIMIT });
    routeTo(t, 'slow', fault.url, ['airtime'], { options: { timeoutMs: 10_000, connectTimeoutMs: 1_000 } });
  });
  afterAll(async () => {
    await t?.close();
    await fault?.close();
  });

  it('answers 503 + Retry-After beyond the limit, stores nothing for them, and finishes every accepted purchase', async () => {
    const m = liveMerchant(t, 'ADMIT', 1_000);
    const keys = Array.from({ length: 8 }, (_, i) => `admit-${i}`);
    const answers = await Promise.all(
      keys.map(async (key, i) => {
        // The first LIMIT are surely in before the rest arrive.
        if (i >= LIMIT) await sleep(300);
        const { path, body } = requestOf('airtime', m.code, key);
        return { key, ...(await t.call('POST', path, { pair: m.live, body })) };
      }),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(accepted.map((a) => a.key)).toEqual(keys.slice(0, LIMIT));
    for (const a of accepted) expect(a.json).toMatchObject({ response_code: '00' });
    expect(refused).toHaveLength(keys.length - LIMIT);
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json).toMatchObject({ status: 'error', code: 503 });
      expect(r.json.message).toMatch(/busy.*nothing was charged/);
    }

    // Nothing was stored or charged for the refused ones: their keys are unknown, the wallet paid 3 × ₦100.
    const db = t.node.services.db;
    const states = db
      .prepare(
        `SELECT idem_key AS key, state FROM purchases WHERE merchant_id = (SELECT id FROM merchants WHERE code = ?) ORDER BY id`,
      )
      .all('ADMIT');
    expect(states).toEqual(keys.slice(0, LIMIT).map((key) => ({ key, state: 'success' })));
    const wallet = getWallet(db, (getMerchantByCode(db, 'ADMIT') as { id: number }).id, 'live');
    expect(wallet.balanceKobo).toBe((1_000 - LIMIT * 100) * 100);
    expect(t.node.services.waiting.waiting).toBe(0);

    // A refused key is still free: retried once the node has room, it is vended once.
    const retry = requestOf('airtime', m.code, refused[0].key);
    const again = await t.call('POST', retry.path, { pair: m.live, body: retry.body });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ response_code: '00' });
    const calls = Object.values(fault.stats().vendCalls);
    expect(calls).toEqual(Array.from({ length: LIMIT + 1 }, () => 1));
    expect(t.ledgerOk()).toBe(true);
  }, 30_000);
});

/**
 * The pooled sockets to an upstream follow the in-flight limit: with a limit above undici's old
 * fixed pool of 16, that many vends really are open at the provider at once, and never more.
 */
describe('sockets to an upstream sized to the in-flight limit', () => {
  const IN_FLIGHT = 24;
  let t: TestNode;
  let fault: FaultUpstream;
  beforeAll(async () => {
    fault = await startFaultUpstream({ mode: 'slow', slowMs: 1_500 });
    t = await startTestNode({ maxInFlight: IN_FLIGHT });
    routeTo(t, 'slow', fault.url, ['airtime'], { options: { timeoutMs: 10_000, connectTimeoutMs: 1_000 } });
  });
  afterAll(async () => {
    await t?.close();
    await fault?.close();
  });

  it('has exactly the limit of vends open at the provider under a larger burst', async () => {
    const m = liveMerchant(t, 'POOL', 100_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const { path, body } = requestOf('airtime', m.code, `pool-${i}`);
        return (await t.call('POST', path, { pair: m.live, body })).json?.response_code;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['00']));
    expect(fault.stats().maxVendsInFlight).toBe(IN_FLIGHT);
  }, 30_000);
});
