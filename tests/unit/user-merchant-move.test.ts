import { describe, expect, it } from 'vitest';
import { merchantMove } from '../../server/domain/user-merchant-move.js';
import { Conflict, InvalidInput } from '../../server/domain/errors.js';
import { shiftMerchantId, summariseShift } from '../../server/services/admin-cashup.js';
import type { AgentSalesTally } from '../../server/store/admin-queries.js';

const DEMO = { id: 1, code: 'DEMO', status: 'active' as const };
const ACME = { id: 2, code: 'ACME', status: 'active' as const };
const SHUT = { id: 3, code: 'SHUT', status: 'suspended' as const };

describe('moving a console user to another merchant', () => {
  it('another active merchant is a move', () => {
    expect(merchantMove('ACME', ACME, DEMO.id)).toBe('move');
  });

  it('the merchant the user already sells for is no change, a suspended one too (other fields still save)', () => {
    expect(merchantMove('DEMO', DEMO, DEMO.id)).toBe('unchanged');
    expect(merchantMove('SHUT', SHUT, SHUT.id)).toBe('unchanged');
  });

  it('an unknown merchant is a wrong field (400), naming the code as typed', () => {
    const refused = () => merchantMove('NOPE', null, DEMO.id);
    expect(refused).toThrow(InvalidInput);
    expect(refused).toThrow('merchant NOPE not found');
    try {
      refused();
    } catch (e) {
      expect((e as InvalidInput).field).toBe('merchant_code');
    }
  });

  it('a suspended merchant is refused (409): nobody could sell for it', () => {
    expect(() => merchantMove('SHUT', SHUT, DEMO.id)).toThrow(Conflict);
    expect(() => merchantMove('SHUT', SHUT, DEMO.id)).toThrow(/^merchant SHUT is suspended/);
  });
});

const row = (
  merchant_id: number,
  product: string,
  state: AgentSalesTally['state'],
  count: number,
  kobo: number,
) => ({
  merchant_id,
  product,
  state,
  count,
  amount_kobo: kobo,
  debit_kobo: kobo,
});

describe("a shift's sales by merchant", () => {
  it('keeps each merchant apart beside the totals: successful sales are its cash, pending ones are listed', () => {
    const summary = summariseShift([
      row(DEMO.id, 'airtime', 'success', 2, 30_000),
      row(DEMO.id, 'airtime', 'pending', 1, 5_000),
      row(ACME.id, 'airtime', 'success', 1, 20_000),
      row(ACME.id, 'data', 'success', 1, 10_000),
      row(ACME.id, 'airtime', 'failed', 1, 7_000),
    ]);
    expect(summary.by_status.success).toEqual({ count: 4, amount_kobo: 60_000 });
    expect(summary.by_product).toEqual([
      { product: 'airtime', count: 3, amount_kobo: 50_000 },
      { product: 'data', count: 1, amount_kobo: 10_000 },
    ]);
    expect(summary.by_merchant).toEqual([
      {
        merchant_id: DEMO.id,
        success: { count: 2, amount_kobo: 30_000 },
        pending: { count: 1, amount_kobo: 5_000 },
      },
      {
        merchant_id: ACME.id,
        success: { count: 2, amount_kobo: 30_000 },
        pending: { count: 0, amount_kobo: 0 },
      },
    ]);
  });

  it('a merchant with only failed sales in the shift is still named, with no cash', () => {
    expect(summariseShift([row(ACME.id, 'airtime', 'failed', 1, 7_000)]).by_merchant).toEqual([
      { merchant_id: ACME.id, success: { count: 0, amount_kobo: 0 }, pending: { count: 0, amount_kobo: 0 } },
    ]);
  });

  it("is named for the one merchant whose sales it holds, else for the agent's merchant at close", () => {
    const only = summariseShift([row(DEMO.id, 'airtime', 'success', 1, 10_000)]);
    expect(shiftMerchantId(only, ACME.id)).toBe(DEMO.id);
    const both = summariseShift([
      row(DEMO.id, 'airtime', 'success', 1, 10_000),
      row(ACME.id, 'airtime', 'success', 1, 10_000),
    ]);
    expect(shiftMerchantId(both, ACME.id)).toBe(ACME.id);
    expect(shiftMerchantId(summariseShift([]), ACME.id)).toBe(ACME.id);
  });
});
