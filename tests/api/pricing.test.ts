import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setPricing } from '../../server/store/pricing.js';
import { openDatabase } from '../../server/store/db.js';

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

describe('merchant pricing terms apply to the debit, not to the amount sent', () => {
  it('a 2% airtime discount debits ₦98 for a ₦100 top-up and echoes the amount sent', async () => {
    const m = t.merchant('DISC', { testNaira: 1_000 });
    setPricing(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'DISC',
      product: 'airtime',
      basisPoints: -200,
      actor: 'test',
    });
    const r = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair: m.test,
      body: {
        merchant_code: 'DISC',
        customer_msisdn: '08031234567',
        network: 'mtn',
        amount: '100',
        client_request_id: 'disc-1',
      },
    });
    expect(r.json.status).toBe('success');
    expect(r.json.data.amount).toBe('100');
    expect((await t.call('GET', '/v1/wallet/balance', { pair: m.test })).json.total).toBe('902.00');
  });

  it('a data purchase must still send the catalog price; the markup is applied on top', async () => {
    const m = t.merchant('MARK', { testNaira: 1_000 });
    setPricing(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'MARK',
      product: 'data',
      network: 'MTN',
      basisPoints: 150,
      actor: 'test',
    });
    const plans = await t.call('GET', '/v1/plans/mtn', { pair: m.test });
    const plan = plans.json.data.find((p: { price: string }) => Number(p.price) === 500);
    const wrong = await t.call('POST', '/v1/transactions/data/sync', {
      pair: m.test,
      body: {
        merchant_code: 'MARK',
        customer_msisdn: '08031234567',
        network: 'mtn',
        amount: '507.50',
        plan_code: plan.plan_code,
        client_request_id: 'mark-0',
      },
    });
    expect(wrong.status).toBe(400);
    const r = await t.call('POST', '/v1/transactions/data/sync', {
      pair: m.test,
      body: {
        merchant_code: 'MARK',
        customer_msisdn: '08031234567',
        network: 'mtn',
        amount: plan.price,
        plan_code: plan.plan_code,
        client_request_id: 'mark-1',
      },
    });
    expect(r.json.status).toBe('success');
    expect((await t.call('GET', '/v1/wallet/balance', { pair: m.test })).json.total).toBe('492.50');
    expect(t.ledgerOk()).toBe(true);
  });

  it('a term changed after sales were priced applies to the next sale, set here or by another process', async () => {
    const m = t.merchant('CHNG', { testNaira: 1_000 });
    const sell = async (key: string) => {
      const r = await t.call('POST', '/v1/transactions/airtime/sync', {
        pair: m.test,
        body: {
          merchant_code: 'CHNG',
          customer_msisdn: '08031234567',
          network: 'mtn',
          amount: '100',
          client_request_id: key,
        },
      });
      expect(r.json.status).toBe('success');
      return (await t.call('GET', '/v1/wallet/balance', { pair: m.test })).json.total;
    };
    expect(await sell('chng-1')).toBe('900.00'); // no term: full price, and the empty terms are cached
    setPricing(t.node.services.db, {
      merchantId: m.id,
      merchantCode: 'CHNG',
      product: 'airtime',
      basisPoints: -500,
      actor: 'test',
    });
    expect(await sell('chng-2')).toBe('805.00');
    // Another connection (as the CLI would be) changes the term: SQLite's data_version tells.
    const other = openDatabase(t.dataDir);
    try {
      setPricing(other, {
        merchantId: m.id,
        merchantCode: 'CHNG',
        product: 'airtime',
        basisPoints: null,
        actor: 'cli',
      });
    } finally {
      other.close();
    }
    await new Promise((r) => setTimeout(r, 5)); // data_version is read at most once per millisecond
    expect(await sell('chng-3')).toBe('705.00');
    expect(t.ledgerOk()).toBe(true);
  });
});

describe('a term names a network sales of its product carry, or none', () => {
  it('a lower-case network is kept in the spelling sales carry, so it applies; an unknown one is refused', async () => {
    const m = t.merchant('NETS', { testNaira: 1_000 });
    const term = (product: string, network: string) =>
      setPricing(t.node.services.db, {
        merchantId: m.id,
        merchantCode: 'NETS',
        product,
        network,
        basisPoints: -500,
        actor: 'test',
      });
    expect(term('airtime', 'glo').find((r) => r.product === 'airtime')?.network).toBe('GLO');
    expect(term('ELECTRICITY', 'ekedc').find((r) => r.product === 'ELECTRICITY')?.network).toBe('EKEDC');
    expect(() => term('ELECTRICITY', 'IKEDC')).toThrow(
      /network for ELECTRICITY must be one of .*Ikeja Electric/,
    );
    expect(() => term('airtime', 'NOSUCHNET')).toThrow('network must be one of mtn, glo, airtel, 9mobile');
    expect(() => term('giftcard', 'Steam')).toThrow('giftcard is priced and routed as a whole');
    // The GLO term applies to a GLO top-up: ₦100 debits ₦95.
    const r = await t.call('POST', '/v1/transactions/airtime/sync', {
      pair: m.test,
      body: {
        merchant_code: 'NETS',
        customer_msisdn: '08051234567',
        network: 'glo',
        amount: '100',
        client_request_id: 'nets-1',
      },
    });
    expect(r.json.status).toBe('success');
    expect((await t.call('GET', '/v1/wallet/balance', { pair: m.test })).json.total).toBe('905.00');
  });
});

describe('a term is bounded at ±50 % (common/pricing.ts, the bound the Pricing page checks)', () => {
  it('keeps -5000 and 5000 basis points and refuses one past either, or a fraction, in the same words', () => {
    const m = t.merchant('BOUND', { testNaira: 1_000 });
    const term = (basisPoints: number) =>
      setPricing(t.node.services.db, {
        merchantId: m.id,
        merchantCode: 'BOUND',
        product: 'airtime',
        basisPoints,
        actor: 'test',
      });
    expect(term(-5000)[0]?.basis_points).toBe(-5000);
    expect(term(5000)[0]?.basis_points).toBe(5000);
    for (const bp of [-5001, 5001, 12.5])
      expect(() => term(bp)).toThrow(
        'basis_points must be an integer between -5000 (50% discount) and 5000 (50% markup)',
      );
  });
});
