import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { fundWallet } from '../../server/store/wallets.js';
import { addUpstream } from '../../server/store/upstreams.js';
import type { VerifyRequest } from '../../server/upstreams/types.js';
import { closeAfterLedgerCheck } from '../helpers/ledger-check.js';

/**
 * Spec "States and transitions": a create with a client_request_id already used by the
 * merchant is refused with HTTP 422, always, and changes nothing. DESIGN "Idempotency" and
 * "Money and wallets": one key namespace per merchant and environment, exactly one debit
 * under a race, insufficient balance is a 400 that stores nothing and leaves the key free.
 */

let t: TestNode;
let seq = 0;
const key = (p = 'idem') => `${p}-${++seq}`;

beforeAll(async () => {
  t = await startTestNode();
  // A live route, so the live environment's namespace can be exercised too.
  addUpstream(
    t.node.services.db,
    t.node.services.box,
    { name: 'live-sim', type: 'simulator', products: ['airtime'] },
    'test',
  );
});
afterAll(() => closeAfterLedgerCheck(t));

const db = () => t.node.services.db;
const airtime = (code: string, k: string, over: Record<string, unknown> = {}) => ({
  merchant_code: code,
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: k,
  ...over,
});
const balance = async (pair: Pair) =>
  (await t.call('GET', '/v1/wallet/balance', { pair })).json.total as string;
const purchasesWithKey = (merchantId: number, k: string) =>
  (
    db()
      .prepare('SELECT COUNT(*) AS n FROM purchases WHERE merchant_id = ? AND idem_key = ?')
      .get(merchantId, k) as { n: number }
  ).n;
const debitsWithKey = (merchantId: number, k: string) =>
  (
    db()
      .prepare(
        `SELECT COUNT(*) AS n FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id WHERE p.merchant_id = ? AND p.idem_key = ? AND l.kind = 'debit'`,
      )
      .get(merchantId, k) as { n: number }
  ).n;
const ledgerCount = () => (db().prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const fund = (merchantId: number, code: string, naira: number) =>
  fundWallet(db(), {
    merchantId,
    merchantCode: code,
    env: 'test',
    amountKobo: naira * 100,
    reason: 'top-up in test',
    actor: 'test',
  });

describe('50 concurrent identical creates', () => {
  it('exactly one 200 and 49 × 422, one purchase, one debit, one vend', async () => {
    const m = t.merchant('RACE1', { testNaira: 10_000 });
    const body = airtime('RACE1', 'same-key');
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', '/v1/transactions', { pair: m.test, body })),
    );
    expect(countBy(rs.map((r) => r.status))).toEqual({ 200: 1, 422: 49 });
    for (const r of rs.filter((x) => x.status === 422)) {
      expect(r.json).toEqual({ status: 'error', code: 422, message: expect.stringContaining('same-key') });
    }
    expect(purchasesWithKey(m.id, 'same-key')).toBe(1);
    expect(debitsWithKey(m.id, 'same-key')).toBe(1);
    const winner = rs.find((r) => r.status === 200)!;
    const ref = winner.json.data.internal_reference as string;
    const s = await t.call('GET', '/v1/transactions/status?client_request_id=same-key', { pair: m.test });
    expect(s.json.data.internal_reference).toBe(ref);
    expect(await balance(m.test)).toBe('9900.00');
    expect(t.node.services.router.testSimulator.vendCalls.get(ref)).toBe(1);
  });

  it('the same holds for a synchronous bill: one 00, the rest 422, one debit', async () => {
    const m = t.merchant('RACE2', { testNaira: 100_000 });
    const body = {
      ...airtime('RACE2', 'bill-key'),
      product: 'CABLE',
      network: 'GOTV',
      customer_msisdn: '10000000020',
      plan_code: '218',
      amount: '5800',
    };
    const rs = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', '/v1/transactions', { pair: m.test, body })),
    );
    expect(countBy(rs.map((r) => r.status))).toEqual({ 200: 1, 422: 49 });
    expect(rs.find((r) => r.status === 200)!.json.response_code).toBe('00');
    expect(debitsWithKey(m.id, 'bill-key')).toBe(1);
    expect(await balance(m.test)).toBe('94200.00');
  });

  it('one key raced across different routes and products still has one winner', async () => {
    const m = t.merchant('RACE3', { testNaira: 100_000 });
    const k = 'cross-route';
    const calls = () => [
      t.call('POST', '/v1/transactions/airtime/sync', { pair: m.test, body: airtime('RACE3', k) }),
      t.call('POST', '/v1/transactions/data/async', {
        pair: m.test,
        body: airtime('RACE3', k, { product: 'data', plan_code: 'MTN-101', amount: '75' }),
      }),
      t.call('POST', '/v1/transactions', {
        pair: m.test,
        body: airtime('RACE3', k, {
          product: 'BETTING',
          network: 'BETKING',
          customer_msisdn: 'TESTBET001',
          plan_code: '304',
          amount: '1000',
          phone: '08031234567',
        }),
      }),
      t.call('POST', '/ext/service/v1/transactions', {
        pair: m.test,
        body: airtime('RACE3', k, { network: 'glo' }),
      }),
      t.call('POST', '/transactions', { pair: m.test, body: airtime('RACE3', k, { network: 'airtel' }) }),
    ];
    const rs = await Promise.all([...calls(), ...calls()]);
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 422)).toHaveLength(rs.length - 1);
    expect(debitsWithKey(m.id, k)).toBe(1);
  });
});

describe('a ₦1,000 wallet and 20 concurrent ₦100 creates', () => {
  it('accepts exactly 10, refuses 10 with 400 for insufficient balance, and ends at 0', async () => {
    const m = t.merchant('RACE4', { testNaira: 1_000 });
    const keys = Array.from({ length: 20 }, (_, i) => `r4-${i}`);
    const rs = await Promise.all(
      keys.map((k) => t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('RACE4', k) })),
    );
    expect(countBy(rs.map((r) => r.status))).toEqual({ 200: 10, 400: 10 });
    for (const r of rs.filter((x) => x.status === 400)) {
      expect(r.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(/insufficient/i) });
    }
    expect(await balance(m.test)).toBe('0.00');
    expect(
      (db().prepare('SELECT COUNT(*) AS n FROM purchases WHERE merchant_id = ?').get(m.id) as { n: number })
        .n,
    ).toBe(10);
    // The refused keys were not stored: status does not know them, and they work after funding.
    const refused = keys.filter((_, i) => rs[i].status === 400);
    for (const k of refused) {
      expect(
        (await t.call('GET', `/v1/transactions/status?client_request_id=${k}`, { pair: m.test })).status,
      ).toBe(404);
    }
    fund(m.id, 'RACE4', 1_000);
    const again = await Promise.all(
      refused.map((k) =>
        t.call('POST', '/v1/transactions/airtime/sync', { pair: m.test, body: airtime('RACE4', k) }),
      ),
    );
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balance(m.test)).toBe('0.00');
  });
});

describe('insufficient balance', () => {
  it('is a 400 saying so; nothing stored, nothing debited; the same key succeeds after funding', async () => {
    const m = t.merchant('POOR', { testNaira: 50 });
    const body = {
      ...airtime('POOR', 'poor-1'),
      product: 'CABLE',
      network: 'STARTIMES',
      customer_msisdn: '10000000030',
      plan_code: '222',
      amount: '600',
    };
    const entries = ledgerCount();
    const r = await t.call('POST', '/v1/transactions', { pair: m.test, body });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: expect.stringMatching(/insufficient/i) });
    expect(purchasesWithKey(m.id, 'poor-1')).toBe(0);
    expect(ledgerCount()).toBe(entries);
    expect(await balance(m.test)).toBe('50.00');
    expect(
      (await t.call('GET', '/v1/transactions/status?client_request_id=poor-1', { pair: m.test })).status,
    ).toBe(404);

    fund(m.id, 'POOR', 1_000);
    const ok = await t.call('POST', '/v1/transactions', { pair: m.test, body });
    expect(ok.status).toBe(200);
    expect(ok.json.response_code).toBe('00');
    expect(await balance(m.test)).toBe('450.00');
  });

  it('an exact balance is enough', async () => {
    const m = t.merchant('EXACT', { testNaira: 75 });
    const r = await t.call('POST', '/v1/transactions/data/sync', {
      pair: m.test,
      body: airtime('EXACT', 'exact-1', { product: 'data', plan_code: 'MTN-101', amount: '75.00' }),
    });
    expect(r.status).toBe(200);
    expect(await balance(m.test)).toBe('0.00');
  });
});

describe('a used key is refused with 422, always, and nothing changes', () => {
  let m: ReturnType<TestNode['merchant']>;
  const k = 'used-once';
  let first: Record<string, unknown>;
  beforeAll(async () => {
    m = t.merchant('REUSE', { testNaira: 100_000 });
    const r = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair: m.test,
      body: airtime('REUSE', k),
    });
    expect(r.status).toBe(200);
    first = (await t.call('GET', `/v1/transactions/status?client_request_id=${k}`, { pair: m.test })).json;
  });

  it.each([
    ['the identical request', '/v1/transactions/airtime/sync', {}],
    ['the async route', '/v1/transactions', {}],
    [
      'another amount and number',
      '/v1/transactions/airtime/async',
      { amount: '500', customer_msisdn: '08051234567', network: 'glo' },
    ],
    [
      'a data purchase',
      '/v1/transactions/data/sync',
      { product: 'data', plan_code: 'MTN-101', amount: '75' },
    ],
    [
      'an electricity purchase',
      '/v1/transactions',
      {
        product: 'ELECTRICITY',
        network: 'EKEDC',
        customer_msisdn: '10000000001',
        plan_code: '103',
        amount: '1000',
      },
    ],
    [
      'a betting purchase',
      '/v1/transactions',
      {
        product: 'BETTING',
        network: 'BET9JA',
        customer_msisdn: 'TESTBET001',
        plan_code: '301',
        amount: '500',
        phone: '08031234567',
      },
    ],
    ['a retry whose body would not validate', '/v1/transactions', { amount: 'abc', network: 'nowhere' }],
    ['a retry the wallet could not pay', '/v1/transactions', { amount: '99999999' }],
    ['the legacy prefix', '/ext/service/v1/transactions', {}],
    ['the internal API', '/transactions', {}],
  ])('%s: 422', async (_name, path, over) => {
    const [bal, entries] = [await balance(m.test), ledgerCount()];
    const r = await t.call('POST', path, { pair: m.test, body: airtime('REUSE', k, over) });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ status: 'error', code: 422, message: expect.stringContaining(k) });
    expect(await balance(m.test)).toBe(bal);
    expect(ledgerCount()).toBe(entries);
    expect(purchasesWithKey(m.id, k)).toBe(1);
    expect(
      (await t.call('GET', `/v1/transactions/status?client_request_id=${k}`, { pair: m.test })).json,
    ).toEqual(first);
  });

  it('a repeated bill key does not reach the biller again', async () => {
    const sim = t.node.services.router.testSimulator;
    const verify = sim.verify.bind(sim);
    let verifies = 0;
    sim.verify = async (req: VerifyRequest) => {
      verifies += 1;
      return verify(req);
    };
    try {
      const body = airtime('REUSE', 'bill-once', {
        product: 'ELECTRICITY',
        network: 'IBEDC',
        customer_msisdn: '10000000002',
        plan_code: '108',
        amount: '2000',
      });
      expect((await t.call('POST', '/v1/transactions', { pair: m.test, body })).status).toBe(200);
      expect(verifies).toBe(1);
      expect((await t.call('POST', '/v1/transactions', { pair: m.test, body })).status).toBe(422);
      expect(verifies).toBe(1);
    } finally {
      sim.verify = verify;
    }
  });
});

describe('one namespace per merchant and environment', () => {
  it('another merchant may use the same key', async () => {
    const a = t.merchant('NSA', { testNaira: 1_000 });
    const b = t.merchant('NSB', { testNaira: 1_000 });
    expect(
      (await t.call('POST', '/v1/transactions', { pair: a.test, body: airtime('NSA', 'shared') })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/v1/transactions', { pair: b.test, body: airtime('NSB', 'shared') })).status,
    ).toBe(200);
    expect(await balance(a.test)).toBe('900.00');
    expect(await balance(b.test)).toBe('900.00');
  });

  it('the live environment has its own keys and wallet', async () => {
    const m = t.merchant('NSENV', { testNaira: 1_000, liveNaira: 1_000, allowIps: ['127.0.0.1'] });
    const test = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair: m.test,
      body: airtime('NSENV', 'env-key'),
    });
    const live = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair: m.live,
      body: airtime('NSENV', 'env-key', { amount: '200' }),
    });
    expect(test.status).toBe(200);
    expect(live.status).toBe(200);
    expect(live.json.data.internal_reference).not.toBe(test.json.data.internal_reference);
    expect(await balance(m.test)).toBe('900.00');
    expect(await balance(m.live)).toBe('800.00');
    expect(
      (await t.call('GET', '/v1/transactions/status?client_request_id=env-key', { pair: m.live })).json.data
        .amount,
    ).toBe('200');
    expect(
      (await t.call('POST', '/v1/transactions', { pair: m.live, body: airtime('NSENV', 'env-key') })).status,
    ).toBe(422);
  });
});

describe('keys', () => {
  it('are compared exactly: another case is another key', async () => {
    const m = t.merchant('CASE', { testNaira: 1_000 });
    expect(
      (await t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('CASE', key('Abc')) })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('CASE', 'abc-x') })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('CASE', 'ABC-X') })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/v1/transactions', { pair: m.test, body: airtime('CASE', 'ABC-X') })).status,
    ).toBe(422);
  });
});
