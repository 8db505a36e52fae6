import { describe, expect, it } from 'vitest';
import { summariseShift } from '../../server/services/admin-cashup.js';
import { parseUpstreamOptions } from '../../server/domain/upstream-options.js';
import {
  CLI_PATCH_WORDS,
  CONSOLE_PATCH_WORDS,
  parseMerchantPatch,
} from '../../server/domain/merchant-rules.js';
import { parseSignedAmount } from '../../server/services/admin-wallets.js';
import { ipOrCidrProblem, percentToBasisPoints } from '../../renderer/src/views/admin/validate.js';

/** The admin console's own rules, without a node: what each input turns into or why it is refused. */

describe('shift cash-up', () => {
  it('counts only successful sales per product as cash expected; pending and failed are told apart', () => {
    const s = summariseShift([
      {
        merchant_id: 1,
        product: 'airtime',
        state: 'success',
        count: 2,
        amount_kobo: 30_000,
        debit_kobo: 29_400,
      },
      {
        merchant_id: 1,
        product: 'airtime',
        state: 'failed',
        count: 1,
        amount_kobo: 10_000,
        debit_kobo: 9_800,
      },
      {
        merchant_id: 1,
        product: 'data',
        state: 'success',
        count: 1,
        amount_kobo: 50_000,
        debit_kobo: 50_000,
      },
      {
        merchant_id: 1,
        product: 'ELECTRICITY',
        state: 'pending',
        count: 1,
        amount_kobo: 500_000,
        debit_kobo: 500_000,
      },
    ]);
    expect(s.by_product).toEqual([
      { product: 'airtime', count: 2, amount_kobo: 30_000 },
      { product: 'data', count: 1, amount_kobo: 50_000 },
    ]);
    expect(s.by_status).toEqual({
      success: { count: 3, amount_kobo: 80_000 },
      pending: { count: 1, amount_kobo: 500_000 },
      failed: { count: 1, amount_kobo: 10_000 },
    });
  });
  it("lists products in the tiles' order, not the codes' order that put the bills before airtime", () => {
    // The rows come grouped by product code, as SQLite sorts them: upper case first.
    const rows = ['BETTING', 'CABLE', 'ELECTRICITY', 'airtime', 'data', 'esim', 'giftcard'].map(
      (product) => ({
        merchant_id: 1,
        product,
        state: 'success' as const,
        count: 1,
        amount_kobo: 10_000,
        debit_kobo: 10_000,
      }),
    );
    expect(summariseShift(rows).by_product.map((p) => p.product)).toEqual([
      'airtime',
      'data',
      'ELECTRICITY',
      'CABLE',
      'BETTING',
      'giftcard',
      'esim',
    ]);
  });
  it('gives the sales that failed after pending a line of their own, out of the failed ones', () => {
    const s = summariseShift(
      [
        {
          merchant_id: 1,
          product: 'airtime',
          state: 'success',
          count: 1,
          amount_kobo: 100_000,
          debit_kobo: 100_000,
        },
        {
          merchant_id: 1,
          product: 'airtime',
          state: 'failed',
          count: 3,
          amount_kobo: 85_000,
          debit_kobo: 85_000,
        },
        {
          merchant_id: 1,
          product: 'data',
          state: 'reversed',
          count: 1,
          amount_kobo: 20_000,
          debit_kobo: 20_000,
        },
      ],
      { count: 2, amount_kobo: 55_000 },
    );
    expect(s.failed_after_pending).toEqual({ count: 2, amount_kobo: 55_000 });
    // The one failed at once and the reversed one: no cash kept.
    expect(s.by_status.failed).toEqual({ count: 2, amount_kobo: 50_000 });
    expect(s.by_status.success).toEqual({ count: 1, amount_kobo: 100_000 });
  });
});

describe('upstream options', () => {
  it('keeps known options of the right type', () => {
    expect(
      parseUpstreamOptions({ pendingRate: 1, pendingForMs: 3_600_000, lowBalanceNaira: '25000' }),
    ).toEqual({
      pendingRate: 1,
      pendingForMs: 3_600_000,
      lowBalanceNaira: '25000',
    });
    expect(parseUpstreamOptions(undefined)).toEqual({});
  });

  it('refuses a typo, a wrong type and a rate above one', () => {
    expect(() => parseUpstreamOptions({ pendingrate: 1 })).toThrow(/unknown option pendingrate/);
    expect(() => parseUpstreamOptions({ timeoutMs: '100' })).toThrow(/timeoutMs must be a number/);
    expect(() => parseUpstreamOptions({ failureRate: 2 })).toThrow(/share from 0 to 1/);
    expect(() => parseUpstreamOptions({ lowBalanceNaira: 50000 })).toThrow(/Naira amount/);
    expect(() => parseUpstreamOptions([1])).toThrow(/object/);
  });

  it('refuses a low-balance alert of zero, which would never warn, saying how to get the default', () => {
    for (const zero of ['0', '0.00', '0.0'])
      expect(() => parseUpstreamOptions({ lowBalanceNaira: zero })).toThrow(
        'option lowBalanceNaira must be more than zero; leave it out for the default, 50000.00',
      );
    expect(() => parseUpstreamOptions({ lowBalanceNaira: '-5' })).toThrow(/a Naira amount like "50000"/);
    expect(() => parseUpstreamOptions({ lowBalanceNaira: '1,000' })).toThrow(/a Naira amount like "50000"/);
    expect(parseUpstreamOptions({ lowBalanceNaira: '0.01' })).toEqual({ lowBalanceNaira: '0.01' });
  });

  it('refuses names Object.prototype holds (toString, constructor) as unknown, not saved', () => {
    expect(() => parseUpstreamOptions({ toString: 1 })).toThrow(/unknown option toString/);
    expect(() => parseUpstreamOptions({ constructor: 1 })).toThrow(/unknown option constructor/);
  });

  it("takes a not-found grace in whole minutes from the node's 2 up to a day", () => {
    expect(parseUpstreamOptions({ notFoundGraceMinutes: 30 })).toEqual({ notFoundGraceMinutes: 30 });
    for (const bad of [1, 1441, 2.5, 0])
      expect(() => parseUpstreamOptions({ notFoundGraceMinutes: bad })).toThrow(/whole minutes from 2/);
  });
});

describe('merchant profile changes', () => {
  const consolePatch = (patch: Parameters<typeof parseMerchantPatch>[0]) =>
    parseMerchantPatch(patch, CONSOLE_PATCH_WORDS);

  it('validates allowlist entries, bill products and report addresses like the CLI', () => {
    expect(
      consolePatch({
        allowIps: [' 127.0.0.1 ', '10.0.0.0/8', '127.0.0.1'],
        liveBills: ['cable'],
        reportEmails: ['a@b.ng'],
      }),
    ).toEqual({
      allowIps: ['127.0.0.1', '10.0.0.0/8'],
      liveBills: ['CABLE'],
      reportEmails: ['a@b.ng'],
    });
    expect(() => consolePatch({ allowIps: ['10.0.0.0/33'] })).toThrow(/invalid prefix/);
    expect(() => consolePatch({ allowIps: ['example.com'] })).toThrow(/not an IP address/);
    expect(() => consolePatch({ liveBills: ['AIRTIME'] })).toThrow(
      'live bills: unknown product AIRTIME; use ELECTRICITY, CABLE, BETTING',
    );
    expect(() => consolePatch({ reportEmails: ['nobody'] })).toThrow(
      'report recipients: "nobody" is not an e-mail address',
    );
    expect(() => consolePatch({ reportEmails: ['<ops@x.ng>'] })).toThrow(/not an e-mail/);
    expect(() => consolePatch({ reportEmails: ['ops@localhost'] })).toThrow(/not an e-mail/);
    expect(() => consolePatch({ name: '  ' })).toThrow(/name/);
  });

  it("the CLI's refusals name its flags; the rules are the console's", () => {
    expect(() => parseMerchantPatch({ reportEmails: ['<ops@x.ng>'] }, CLI_PATCH_WORDS)).toThrow(
      '--report-email: "<ops@x.ng>" is not an e-mail address',
    );
    expect(() => parseMerchantPatch({ liveBills: ['POWER'] }, CLI_PATCH_WORDS)).toThrow(
      '--enable-bills: unknown product POWER; use ELECTRICITY, CABLE, BETTING',
    );
  });
});

describe('wallet amounts', () => {
  it('funding is positive; an adjustment may take money out', () => {
    expect(parseSignedAmount('funding', '1000.50')).toBe(100_050);
    expect(parseSignedAmount('adjustment', '-250.5')).toBe(-25_050);
    expect(() => parseSignedAmount('funding', '-1')).toThrow(/positive/);
    expect(() => parseSignedAmount('adjustment', '-0')).toThrow(/greater than zero/);
    expect(() => parseSignedAmount('funding', '1e3')).toThrow(/Naira amount/);
  });
});

describe('page-side checks', () => {
  it('reads percentages as basis points without floats', () => {
    expect(percentToBasisPoints('-2.5')).toBe(-250);
    expect(percentToBasisPoints('+1.25%')).toBe(125);
    expect(percentToBasisPoints('0.07')).toBe(7);
    expect(percentToBasisPoints('2.555')).toBeNull();
    expect(percentToBasisPoints('abc')).toBeNull();
  });

  it('agrees with the node on what an allowlist entry is', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32'])
      expect(ipOrCidrProblem(ok)).toBeNull();
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'example.com', '1.2.3.4/8/9'])
      expect(ipOrCidrProblem(bad)).not.toBeNull();
  });
});
