import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { balanceKobo } from '../helpers/orders.js';
import { setPricing } from '../../server/store/pricing.js';

/**
 * The spec defines ngn_price as the NGN *debited* and wants catalog, quote and order amount to
 * agree: under a merchant's pricing terms all of them show the merchant's price, and the
 * order debits exactly that (the terms are not applied a second time).
 */

let t: TestNode;
let termed: Pair;
beforeAll(async () => {
  t = await startTestNode();
  const m = t.merchant('TERMS', { testNaira: 500_000 });
  termed = m.test;
  // 10% off gift cards, 5% markup on eSIMs.
  setPricing(t.node.services.db, {
    merchantId: m.id,
    merchantCode: 'TERMS',
    product: 'giftcard',
    basisPoints: -1000,
    actor: 'test',
  });
  setPricing(t.node.services.db, {
    merchantId: m.id,
    merchantCode: 'TERMS',
    product: 'esim',
    basisPoints: 500,
    actor: 'test',
  });
});
afterAll(async () => t.close());

describe('gift cards and eSIMs under merchant pricing terms', () => {
  it('gift cards: catalog ngn_price, quote and order amount all show the discounted price; debit = that x quantity', async () => {
    // Steam USD 20: list 31930.00; 10% off -> 28737.00.
    const item = (
      (await t.call('GET', '/v1/giftcards/catalog?brand=steam', { pair: termed })).json.data as {
        plan_id: number;
        ngn_price: string;
      }[]
    ).find((i) => i.plan_id === 5001)!;
    expect(item.ngn_price).toBe('28737.00');
    expect(
      (await t.call('GET', '/v1/giftcards/plans/5001/quote', { pair: termed })).json.data.ngn_amount,
    ).toBe('28737.00');
    const before = await balanceKobo(t, termed);
    const o = await t.call('POST', '/v1/giftcards/orders', {
      pair: termed,
      body: { request_id: 'terms-gc-1', plan_id: 5001, quantity: 2 },
    });
    expect(o.json).toMatchObject({ response_code: '00', data: { amount: '57474.00' } });
    expect(before - (await balanceKobo(t, termed))).toBe(5_747_400);
  });

  it('other merchants keep the list price', async () => {
    const item = (
      (await t.call('GET', '/v1/giftcards/catalog?brand=steam')).json.data as {
        plan_id: number;
        ngn_price: string;
      }[]
    ).find((i) => i.plan_id === 5001)!;
    expect(item.ngn_price).toBe('31930.00');
    expect((await t.call('GET', '/v1/esim/plans/ESIM-GB-5GB-30D/quote')).json.data.ngn_amount).toBe(
      '15167.00',
    );
  });

  it('eSIMs: catalog, plan, quote, order amount and debit agree at the marked-up price', async () => {
    // ESIM-GB-5GB-30D: list 15167.00; +5% -> 15925.35.
    const plan = (await t.call('GET', '/v1/esim/plans/ESIM-GB-5GB-30D', { pair: termed })).json.data;
    const listed = (
      (await t.call('GET', '/v1/esim/catalog?country=GB', { pair: termed })).json.data as {
        plan_id: string;
        ngn_price: string;
      }[]
    ).find((i) => i.plan_id === 'ESIM-GB-5GB-30D')!;
    const quote = (await t.call('GET', '/v1/esim/plans/ESIM-GB-5GB-30D/quote', { pair: termed })).json.data;
    expect([plan.ngn_price, listed.ngn_price, quote.ngn_amount]).toEqual([
      '15925.35',
      '15925.35',
      '15925.35',
    ]);
    const before = await balanceKobo(t, termed);
    const o = await t.call('POST', '/v1/esim/orders', {
      pair: termed,
      body: { request_id: 'terms-es-1', plan_id: 'ESIM-GB-5GB-30D' },
    });
    expect(o.json.data.amount).toBe('15925.35');
    expect(before - (await balanceKobo(t, termed))).toBe(1_592_535);
  });

  it('an ESIM redemption on POST /v1/transactions sends the catalog price the merchant sees, and is debited exactly that', async () => {
    const tx = {
      merchant_code: 'TERMS',
      customer_msisdn: '',
      network: '',
      product: 'ESIM',
      plan_code: 'ESIM-GB-5GB-30D',
    };
    expect(
      (
        await t.call('POST', '/v1/transactions', {
          pair: termed,
          body: { ...tx, amount: '15167.00', client_request_id: 'terms-tx-0' },
        })
      ).status,
    ).toBe(400);
    const before = await balanceKobo(t, termed);
    const r = await t.call('POST', '/v1/transactions', {
      pair: termed,
      body: { ...tx, amount: '15925.35', client_request_id: 'terms-tx-1' },
    });
    expect(r.json.response_code).toBe('02');
    await eventually(
      () => t.call('GET', '/v1/transactions/status?client_request_id=terms-tx-1', { pair: termed }),
      (s) => s.json?.response_code === '00',
    );
    expect(before - (await balanceKobo(t, termed))).toBe(1_592_535);
    expect(t.ledgerOk()).toBe(true);
  });
});
