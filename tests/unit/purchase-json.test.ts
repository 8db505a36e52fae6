import { describe, expect, it } from 'vitest';
import type { Purchase } from '../../server/store/purchases.js';
import { VOUCHER_FIELDS } from '../../server/store/sealed-results.js';
import { OPERATOR_RESULT_FIELDS, giftCardCount, purchaseJson } from '../../server/services/purchase-json.js';

/** What operators' answers (the CLI, the console's Needs attention) print of a delivery. */

const sale = (p: Partial<Purchase>): Purchase => ({
  id: 1,
  internalReference: '00000000-0000-4000-8000-000000000001',
  merchantId: 7,
  environment: 'test',
  idemKey: 'req-1',
  kind: 'transaction',
  surface: 'v1',
  product: 'airtime',
  network: 'MTN',
  msisdn: '08030000000',
  phone: null,
  planRef: '',
  planId: null,
  planName: '',
  amountKobo: 10_000,
  amountText: '100',
  debitKobo: 10_000,
  quantity: 1,
  details: {},
  state: 'success',
  result: null,
  failureReason: null,
  upstreamName: null,
  upstreamReference: null,
  needsAttention: false,
  agentUserId: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  reversedAt: null,
  reversalReason: null,
  publicFailureReason: null,
  ...p,
});

describe('purchaseJson', () => {
  it('names no voucher field among those it keeps', () => {
    for (const f of OPERATOR_RESULT_FIELDS) expect(VOUCHER_FIELDS).not.toContain(f);
  });

  it("prints a gift card's reference and count, never its codes", () => {
    const p = sale({
      kind: 'giftcard',
      product: 'giftcard',
      quantity: 2,
      result: {
        reference_code: 'GC-1',
        cards: [
          { card_number: 'TEST-1111', pin_code: '1234', claim_url: 'https://example.invalid/c/1' },
          { card_number: 'TEST-2222', pin_code: '5678', claim_url: 'https://example.invalid/c/2' },
        ],
      },
    });
    expect(purchaseJson(p).result).toEqual({ reference_code: 'GC-1' });
    expect(JSON.stringify(purchaseJson(p))).not.toMatch(/TEST-|1234|5678|claim/);
    expect(giftCardCount(p)).toBe(2);
    expect(giftCardCount(sale({}))).toBe(0);
  });

  it("keeps a token's units and an eSIM's ICCID, not the token or the activation code", () => {
    const token = sale({
      product: 'ELECTRICITY',
      result: { token: '12345678901234567890', units: '7.1', customer_name: 'ADA' },
    });
    expect(purchaseJson(token).result).toEqual({ units: '7.1', customer_name: 'ADA' });
    const esim = sale({
      kind: 'esim',
      product: 'esim',
      result: { iccid: '8923400000000000001', activation_code: 'ACT-1', lpa: 'LPA:1$x$ACT-1' },
    });
    expect(purchaseJson(esim).result).toEqual({ iccid: '8923400000000000001' });
    expect(purchaseJson(sale({})).result).toBeNull();
  });
});
