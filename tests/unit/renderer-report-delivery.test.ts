import { describe, expect, it } from 'vitest';
import { deliverySalesLines } from '../../renderer/src/lib/report-delivery.js';

describe("the deliveries table's Sales cell", () => {
  it('pairs the sold count with the sold amount, and gives every state apart', () => {
    expect(deliverySalesLines({ transactions: 33, totals: { count: 23, amount: '130379.00' } })).toEqual({
      sold: '23 sold · ₦130,379.00',
      all: '33 in any state',
    });
  });

  it('shows what an older summary has, and a dash for none', () => {
    expect(deliverySalesLines({ transactions: 4 })).toEqual({ sold: '4', all: '' });
    expect(deliverySalesLines(null)).toEqual({ sold: '—', all: '' });
  });
});
