import { describe, expect, it } from 'vitest';
import {
  BILL_NETWORKS,
  isBillProduct,
  parseBillNetwork,
  parseCustomerId,
  parseMsisdn,
  parseProduct,
  productNetwork,
  parseTelco,
} from '../../server/domain/networks.js';
import { InvalidInput } from '../../server/domain/errors.js';
import { parseRouteList } from '../../server/store/upstreams.js';
import { detectNetwork, toLocalMsisdn, wholePhoneNumber } from '../../common/network-prefixes.js';
import { detectNetwork as consoleDetectNetwork, formatPhone } from '../../renderer/src/lib/phone.js';
import { BETTING, CABLES, DISCOS } from '../helpers/spec-bill-networks.js';

/** The field an InvalidInput names, or a failure when the call did not throw one. */
function fieldOf(call: () => unknown): string | undefined {
  try {
    call();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInput);
    return (e as InvalidInput).field;
  }
  throw new Error('expected an InvalidInput');
}

describe('telco network values (spec: mtn, glo, airtel, 9mobile, lowercase accepted)', () => {
  it.each([
    ['mtn', 'MTN'],
    ['MTN', 'MTN'],
    ['Glo', 'GLO'],
    ['airtel', 'AIRTEL'],
    ['9mobile', '9MOBILE'],
    ['9MOBILE', '9MOBILE'],
  ])('%s is accepted and normalised to %s', (sent, canonical) => {
    expect(parseTelco(sent)).toBe(canonical);
  });
  it.each(['etisalat', 'mtn ', '', 'MTN-NG', 'DSTV'])('%j is refused naming the network field', (sent) => {
    expect(fieldOf(() => parseTelco(sent))).toBe('network');
  });
  it.each([null, undefined, 1, {}])('a non-string network %j is refused', (sent) => {
    expect(fieldOf(() => parseTelco(sent))).toBe('network');
  });
});

describe('bill network values per product (spec "Network values for bills")', () => {
  const table: Record<string, string[]> = { ELECTRICITY: DISCOS, CABLE: CABLES, BETTING };
  it('lists exactly the spec values for each product', () => {
    expect(BILL_NETWORKS).toEqual(table);
  });
  for (const [product, values] of Object.entries(table)) {
    it.each(values)(`${product} accepts %s, in any case, returning the spec spelling`, (value) => {
      const p = product as keyof typeof BILL_NETWORKS;
      expect(parseBillNetwork(p, value)).toBe(value);
      expect(parseBillNetwork(p, value.toLowerCase())).toBe(value);
    });
  }
  it.each([
    ['ELECTRICITY', 'DSTV'],
    ['ELECTRICITY', 'mtn'],
    ['CABLE', 'EKEDC'],
    ['CABLE', 'SHOWMAX'],
    ['BETTING', 'GOTV'],
    ['BETTING', 'BET9JA2'],
  ])('%s refuses the network %s of another product', (product, value) => {
    expect(fieldOf(() => parseBillNetwork(product as 'CABLE', value))).toBe('network');
  });
});

describe('products (spec: airtime, data, ELECTRICITY, CABLE, BETTING)', () => {
  it.each(['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING'])('%s is a product', (p) => {
    expect(parseProduct(p)).toBe(p);
  });
  it.each(['AIRTIME', 'Data', 'electricity', 'cable', 'giftcard', '', undefined, 5])(
    '%j is refused naming the product field',
    (p) => {
      expect(fieldOf(() => parseProduct(p))).toBe('product');
    },
  );
  it('the refusal names every product accepted, ESIM (a gift-card redemption) included', () => {
    expect(() => parseProduct('sms')).toThrow(
      'product must be one of airtime, data, ELECTRICITY, CABLE, BETTING, ESIM',
    );
    expect(parseProduct('ESIM')).toBe('ESIM');
  });
  it('tells bill products from telco products', () => {
    expect(['ELECTRICITY', 'CABLE', 'BETTING'].every(isBillProduct)).toBe(true);
    expect(['airtime', 'data', 'electricity', 'ESIM'].some(isBillProduct)).toBe(false);
  });
});

describe('subscriber numbers (spec: 080… 11 digits or 234… 13 digits)', () => {
  it.each([
    ['08031234567', '08031234567'],
    ['07061234567', '07061234567'],
    ['09161234567', '09161234567'],
    ['08111234567', '08111234567'],
    ['2348031234567', '08031234567'],
    ['2347011234567', '07011234567'],
    ['08091234567', '08091234567'],
    ['07101234567', '07101234567'],
    ['09191234567', '09191234567'],
  ])('%s is accepted as %s', (sent, local) => {
    expect(parseMsisdn(sent)).toBe(local);
  });
  it.each([
    '8031234567', // 10 digits, no leading 0
    '080312345678', // 12 digits
    '0803123456', // 10 digits
    '+2348031234567', // plus sign
    '23408031234567', // 234 plus the local 0
    '234803123456', // 12 digits
    '06031234567', // not a mobile range
    '08001234567', // toll-free, not mobile
    '07001234567', // non-geographic, not mobile
    '09001234567', // premium rate, not mobile
    '2348001234567',
    '0803123456a',
    '0803 123 4567',
    '',
  ])('%j is refused naming customer_msisdn', (sent) => {
    expect(fieldOf(() => parseMsisdn(sent))).toBe('customer_msisdn');
  });
  it('names the field it checks (phone on bills)', () => {
    expect(fieldOf(() => parseMsisdn('10000000001', 'phone'))).toBe('phone');
    expect(fieldOf(() => parseMsisdn(8031234567, 'phone'))).toBe('phone');
  });
});

describe('meter, smartcard and betting ids', () => {
  it.each(['10000000001', 'TESTBET001', 'ABC-123'])('%s is accepted as is', (id) => {
    expect(parseCustomerId(id)).toBe(id);
  });
  it.each(['', 'a b', 'x'.repeat(41), '1000;DROP', 10000000001])('%j is refused', (id) => {
    expect(fieldOf(() => parseCustomerId(id))).toBe('customer_msisdn');
  });
});

describe('the network of a pricing term or an upstream route', () => {
  it('is empty for the whole product, or the spelling sales carry', () => {
    expect(productNetwork('airtime', '')).toBe('');
    expect(productNetwork('data', ' mtn ')).toBe('MTN');
    expect(productNetwork('CABLE', 'gotv')).toBe('GOTV');
    expect(productNetwork('ELECTRICITY', 'ikeja electric')).toBe('Ikeja Electric');
    expect(productNetwork('giftcard', '')).toBe('');
  });
  it('refuses a name no sale of the product carries', () => {
    expect(() => productNetwork('ELECTRICITY', 'IKEDC')).toThrow(/network for ELECTRICITY must be one of/);
    expect(() => productNetwork('BETTING', 'DSTV')).toThrow(/network for BETTING must be one of/);
    expect(() => productNetwork('airtime', 'NOSUCHNET')).toThrow(/network must be one of mtn/);
    expect(() => productNetwork('esim', 'NG')).toThrow('esim is priced and routed as a whole');
  });
  it('an upstream route list is read the same way', () => {
    expect(parseRouteList(['airtime', 'data:mtn', 'ELECTRICITY:ekedc'])).toEqual([
      { product: 'airtime', network: '' },
      { product: 'data', network: 'MTN' },
      { product: 'ELECTRICITY', network: 'EKEDC' },
    ]);
    expect(() => parseRouteList(['ELECTRICITY:IKEDC'])).toThrow(/network for ELECTRICITY must be one of/);
  });
  it('matches the product of a route whatever its case, as operators type it', () => {
    expect(parseRouteList(['electricity:EKEDC', ' Data : mtn', 'AIRTIME', 'cable:dstv'])).toEqual([
      { product: 'ELECTRICITY', network: 'EKEDC' },
      { product: 'data', network: 'MTN' },
      { product: 'airtime', network: '' },
      { product: 'CABLE', network: 'DSTV' },
    ]);
    expect(() => parseRouteList(['power:EKEDC'])).toThrow('unknown product "power" in routes');
  });
});

describe('the local 0… form: one rule (common/network-prefixes.ts toLocalMsisdn) for the node and the console', () => {
  it.each([
    ['2348031234567', '08031234567'],
    ['08031234567', '08031234567'],
    // Prefix-wise: a number still being typed reads as the start of its local form.
    ['234803', '0803'],
    ['12345', '12345'],
    ['', ''],
  ])('%s -> %s', (digits, local) => {
    expect(toLocalMsisdn(digits)).toBe(local);
  });

  it('the node stores it, the console shows it and reads the network from it', () => {
    expect(parseMsisdn('2348031234567')).toBe('08031234567');
    expect(formatPhone('+234 803 123 4567')).toBe('0803 123 4567');
    expect(detectNetwork('2348051234567')).toBe('GLO');
    expect(consoleDetectNetwork('234805')).toBe('GLO');
  });
});

describe("a whole phone number typed in History's search (common/network-prefixes.ts wholePhoneNumber)", () => {
  it.each([
    ['08031234567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+2348031234567', '08031234567'],
    ['0803 123 4567', '08031234567'],
    ['+234 803 123 4567', '08031234567'],
    ['0803-123-4567', '08031234567'],
    [' 0701 234 5678 ', '07012345678'],
    ['0913 000 0000', '09130000000'],
  ])('%s is the number %s', (typed, local) => {
    expect(wholePhoneNumber(typed)).toBe(local);
  });

  it.each([
    // Part of a number: searched as text.
    ['0803123456'],
    ['0803 123'],
    ['234803123456'],
    // One digit too many, or the 0 kept after 234.
    ['080312345678'],
    ['23408031234567'],
    // No Nigerian mobile range: a smartcard or meter number, or a 13-digit meter starting 234.
    ['02134567890'],
    ['2341234567890'],
    // A + anywhere but first, or other text.
    ['0803+1234567'],
    ['+08031234567'],
    ['REF-08031234567'],
    ['0803.123.4567'],
    [''],
  ])('%s is not a whole number', (typed) => {
    expect(wholePhoneNumber(typed)).toBeNull();
  });
});
