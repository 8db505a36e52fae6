import { describe, expect, it } from 'vitest';
import {
  STOCK,
  checkPurchasable,
  faceValueFromQuery,
  faceValueOf,
  parseCountryFilter,
  parseDelivery,
  parseGiftcardPlanId,
  parseQuantity,
} from '../../server/domain/order-rules.js';
import { InvalidInput } from '../../server/domain/errors.js';

const fixed = { fixed_price: 1, face_value: 25, min_price: null, max_price: null, currency_code: 'USD' };
const variable = { fixed_price: 0, face_value: null, min_price: 10, max_price: 500, currency_code: 'USD' };

describe('gift-card stock table', () => {
  it('immediate and standard may be bought; out_of_stock and preorder are rejected', () => {
    expect(STOCK.immediate.purchasable && STOCK.standard.purchasable).toBe(true);
    expect(() => checkPurchasable('immediate', 'X')).not.toThrow();
    expect(() => checkPurchasable('standard', 'X')).not.toThrow();
    expect(() => checkPurchasable('out_of_stock', 'X')).toThrow(/out of stock/);
    expect(() => checkPurchasable('preorder', 'X')).toThrow(/pre-order/);
  });
});

describe('gift-card quantity: default 1, maximum 5', () => {
  it('defaults to 1 and accepts 1..5', () => {
    expect(parseQuantity(undefined)).toBe(1);
    expect(parseQuantity('', true)).toBe(1);
    for (const n of [1, 2, 3, 4, 5]) expect(parseQuantity(n)).toBe(n);
    expect(parseQuantity('5', true)).toBe(5);
  });
  it('refuses 0, 6, fractions, and text in a JSON body', () => {
    for (const v of [0, 6, 2.5, -1, '2', null]) expect(() => parseQuantity(v)).toThrow(InvalidInput);
    for (const v of ['0', '6', 'two', '1.5']) expect(() => parseQuantity(v, true)).toThrow(InvalidInput);
  });
});

describe('send_via and destination', () => {
  it('no channel: the card is returned on the order only', () => {
    expect(parseDelivery(undefined, undefined)).toBeNull();
  });
  it('accepts an e-mail address for email and phone numbers for sms and whatsapp', () => {
    expect(parseDelivery('email', 'ada@example.com')).toEqual({
      send_via: 'email',
      destination: 'ada@example.com',
    });
    expect(parseDelivery('sms', '08031234567')?.destination).toBe('08031234567');
    expect(parseDelivery('whatsapp', '2348031234567')?.send_via).toBe('whatsapp');
    expect(parseDelivery('sms', '+447700900123')?.destination).toBe('+447700900123');
  });
  it('refuses a channel without destination, a destination without channel, and mismatched forms', () => {
    expect(() => parseDelivery('email', undefined)).toThrow(/destination is required/);
    expect(() => parseDelivery(undefined, 'ada@example.com')).toThrow(/send_via/);
    expect(() => parseDelivery('fax', '08031234567')).toThrow(/email, sms, whatsapp/);
    expect(() => parseDelivery('email', '08031234567')).toThrow(/e-mail/);
    expect(() => parseDelivery('email', 'ada@example')).toThrow(/e-mail/);
    expect(() => parseDelivery('sms', 'ada@example.com')).toThrow(/phone/);
    expect(() => parseDelivery('whatsapp', '12345')).toThrow(/phone/);
  });
});

describe('face value: fixed plans use their own, variable plans one in range (their minimum by default)', () => {
  it('fixed plans use their own; a different sent value is refused, not ignored', () => {
    expect(faceValueOf(fixed, undefined)).toBe(25);
    expect(faceValueOf(fixed, null)).toBe(25);
    expect(faceValueOf(fixed, 25)).toBe(25);
    expect(faceValueOf(fixed, 25.0)).toBe(25);
    // A shop sending the customer's denomination to the wrong plan must not buy another card.
    expect(() => faceValueOf(fixed, 999)).toThrow(/does not match this fixed-price plan's 25 USD: send 25/);
    expect(() => faceValueOf(fixed, 'abc')).toThrow(/does not match/);
    expect(() => faceValueOf(fixed, '25')).toThrow(/does not match/);
  });
  it('variable plans accept min, max and values between with two decimals', () => {
    expect(faceValueOf(variable, 10)).toBe(10);
    expect(faceValueOf(variable, 500)).toBe(500);
    expect(faceValueOf(variable, 19.99)).toBe(19.99);
  });
  it('a variable plan ordered without a value buys its minimum (the spec body has no face_value)', () => {
    expect(faceValueOf(variable, undefined)).toBe(10);
    expect(faceValueOf(variable, null)).toBe(10);
  });
  it('variable plans refuse an out-of-range, over-precise or text value', () => {
    expect(() => faceValueOf(variable, 9.99)).toThrow(/outside/);
    expect(() => faceValueOf(variable, 500.01)).toThrow(/outside/);
    expect(() => faceValueOf(variable, 19.995)).toThrow(/two decimals/);
    expect(() => faceValueOf(variable, '20')).toThrow(/number/);
  });
  it('reads face_value from a query string strictly', () => {
    expect(faceValueFromQuery(undefined)).toBeUndefined();
    expect(faceValueFromQuery('25.50')).toBe(25.5);
    expect(() => faceValueFromQuery('1e3')).toThrow(InvalidInput);
    // A leading zero is not read as 10: the card's value is said as the order will print it.
    for (const v of ['010', '00.5', '+10', '10.', ' 10'])
      expect(() => faceValueFromQuery(v)).toThrow(InvalidInput);
    expect(faceValueFromQuery('0.5')).toBe(0.5);
  });
});

describe('identifiers', () => {
  it('gift-card plan ids are positive integers', () => {
    expect(parseGiftcardPlanId('5001')).toBe(5001);
    expect(parseGiftcardPlanId(5001)).toBe(5001);
    for (const v of ['abc', '0', '-1', '5001.5', 5001.5, ''])
      expect(() => parseGiftcardPlanId(v)).toThrow(InvalidInput);
  });
  it('the eSIM country filter is ISO-2, any case', () => {
    expect(parseCountryFilter('gb')).toBe('GB');
    expect(parseCountryFilter(undefined)).toBeUndefined();
    expect(() => parseCountryFilter('GBR')).toThrow(/ISO-2/);
  });
});
