import { describe, expect, it } from 'vitest';
import { deliversEsim } from '../../server/domain/esim-sale.js';
import { routeProductOf } from '../../server/routing/upstream-router.js';

describe('what delivers an eSIM', () => {
  it('an eSIM order, or a gift card redeemed into one on /v1/transactions; nothing else', () => {
    expect(deliversEsim({ kind: 'esim', product: 'esim' })).toBe(true);
    expect(deliversEsim({ kind: 'transaction', product: 'ESIM' })).toBe(true);
    expect(deliversEsim({ kind: 'transaction', product: 'airtime' })).toBe(false);
    expect(deliversEsim({ kind: 'giftcard', product: 'giftcard' })).toBe(false);
  });
  it('is routed like an eSIM order', () => {
    expect(routeProductOf('transaction', 'ESIM')).toBe('esim');
    expect(routeProductOf('esim', 'esim')).toBe('esim');
    expect(routeProductOf('giftcard', 'giftcard')).toBe('giftcard');
    expect(routeProductOf('transaction', 'ELECTRICITY')).toBe('ELECTRICITY');
  });
});
