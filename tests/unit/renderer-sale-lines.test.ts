import { describe, expect, it } from 'vitest';
import { saleCustomer, saleItemLine } from '../../renderer/src/lib/sale-lines.js';

const sale = (over: Partial<Parameters<typeof saleItemLine>[0]>) => ({
  product: 'airtime',
  kind: 'transaction' as const,
  network: 'MTN',
  customer: '08031234567',
  plan_name: '',
  quantity: 1,
  details: {},
  ...over,
});

describe('a sale in the history list', () => {
  it('names the data plan beside the network, and only the network for airtime', () => {
    expect(saleItemLine(sale({ product: 'data', network: 'GLO', plan_name: '1GB 30 days' }))).toBe(
      'Glo · 1GB 30 days',
    );
    // A plan that names its network already does not get it twice.
    expect(saleItemLine(sale({ product: 'data', network: 'GLO', plan_name: 'Glo TikTok 1GB Weekly' }))).toBe(
      'Glo TikTok 1GB Weekly',
    );
    expect(saleItemLine(sale({}))).toBe('MTN');
  });
  it("gives a card's item, value and quantity", () => {
    const card = sale({
      product: 'giftcard',
      kind: 'giftcard',
      network: '',
      customer: '',
      plan_name: 'Amazon.com USD 10-500 (US)',
      quantity: 2,
      details: { face_value: '37.5', currency_code: 'USD' },
    });
    expect(saleItemLine(card)).toBe('Amazon.com USD 10-500 (US) · USD 37.50 × 2');
  });
  it("shows whom a card was sent to, a dash for a card or eSIM sent nowhere, never the item's name", () => {
    const card = {
      product: 'giftcard',
      kind: 'giftcard' as const,
      network: '',
      customer: '',
      plan_name: 'Steam',
    };
    expect(
      saleCustomer(sale({ ...card, details: { send_via: 'email', destination: 'ada@example.com' } })),
    ).toBe('ada@example.com');
    expect(saleCustomer(sale(card))).toBe('—');
    expect(saleCustomer(sale({ ...card, product: 'esim', kind: 'esim', plan_name: 'UK 5GB' }))).toBe('—');
    expect(saleCustomer(sale({}))).toBe('0803 123 4567');
    expect(saleCustomer(sale({ product: 'ELECTRICITY', network: 'IKEDC', customer: '10000000001' }))).toBe(
      '10000000001',
    );
  });
});
