import { describe, expect, it } from 'vitest';
import { PREFIX_NETWORK, isMobileNumber } from '../../common/network-prefixes.js';
import {
  detectNetwork,
  formatPhone,
  isValidPhone,
  networkMismatch,
  phoneDigits,
  phoneProblem,
  prefixProblem,
} from '../../renderer/src/lib/phone.js';

describe('the prefix-to-network table in the console', () => {
  it('detects every allocated prefix, in local and international form', () => {
    for (const [prefix, network] of Object.entries(PREFIX_NETWORK)) {
      const local = prefix.padEnd(11, '1');
      expect(detectNetwork(local), local).toBe(network);
      expect(detectNetwork(`234${local.slice(1)}`), `234… ${local}`).toBe(network);
      expect(detectNetwork(`+234 ${local.slice(1, 4)} ${local.slice(4)}`)).toBe(network);
    }
  });
  it('knows the four networks by their best-known prefixes', () => {
    expect(detectNetwork('08031234567')).toBe('MTN');
    expect(detectNetwork('08051234567')).toBe('GLO');
    expect(detectNetwork('08021234567')).toBe('AIRTEL');
    expect(detectNetwork('08091234567')).toBe('9MOBILE');
  });
  it('prefers the five-digit allocation over a shorter one (07025 is MTN)', () => {
    expect(detectNetwork('07025123456')).toBe('MTN');
  });
  it('says nothing for an unknown or too short prefix', () => {
    expect(detectNetwork('0800')).toBeNull();
    expect(detectNetwork('080')).toBeNull();
    expect(detectNetwork('')).toBeNull();
  });
  it('warns only when the chosen network differs from the detected one', () => {
    expect(networkMismatch('MTN', 'MTN')).toBeNull();
    expect(networkMismatch(null, 'GLO')).toBeNull();
    expect(networkMismatch('MTN', 'GLO')).toMatch(/prefix belongs to MTN, but Glo is selected/);
  });
  it('accepts the API forms of a number and shows it grouped', () => {
    expect(isValidPhone(phoneDigits('0803 123 4567'))).toBe(true);
    expect(isValidPhone('2348031234567')).toBe(true);
    expect(isValidPhone('0803123456')).toBe(false);
    expect(isValidPhone('06031234567')).toBe(false);
    // Not mobile ranges: the API refuses them too (parseMsisdn shares the rule).
    expect(isValidPhone('08001234567')).toBe(false);
    expect(isValidPhone('2347001234567')).toBe(false);
    expect(formatPhone('2348031234567')).toBe('0803 123 4567');
    expect(formatPhone('TESTBET001')).toBe('TESTBET001');
  });
});

describe('why a number cannot be topped up', () => {
  it('names 0700, 0800 and 0900 numbers as not mobile lines, however the number is written', () => {
    const line = '0700, 0800 and 0900 numbers are not mobile lines and cannot be topped up.';
    for (const n of ['07001234567', '0800 123 4567', '09001234567', '2347001234567', '+234 800 123 4567'])
      expect(phoneProblem(n), n).toBe(line);
    // Said as soon as the prefix shows it, before the number is whole (the field's hint).
    expect(prefixProblem('0700')).toBe(line);
    expect(prefixProblem('070')).toBe('');
  });
  it('names a prefix outside the mobile ranges, and a 0 typed after 234', () => {
    for (const n of ['01 234 5678', '06031234567', '07201234567', '08991234567'])
      expect(phoneProblem(n), n).toMatch(/^That is not a mobile number: mobile numbers start 070, 071/);
    expect(phoneProblem('+234 0803 123 4567')).toBe('Leave out the 0 after 234, like 234 803 123 4567.');
  });
  it('asks for the length when the prefix is a mobile one', () => {
    expect(phoneProblem('0803 123 456')).toBe('Enter an 11-digit number like 0803 123 4567.');
    expect(phoneProblem('080312345678')).toBe('Enter an 11-digit number like 0803 123 4567.');
    expect(phoneProblem('8031234567', 'custom')).toBe('custom');
    expect(phoneProblem('')).toBe('Enter an 11-digit number like 0803 123 4567.');
    expect(prefixProblem('0803')).toBe('');
  });
  it('refuses exactly what the node refuses: every 4-digit prefix, local and international', () => {
    for (let p = 0; p < 1000; p++) {
      const local = `0${String(p).padStart(3, '0')}1234567`;
      for (const n of [local, `234${local.slice(1)}`])
        expect(phoneProblem(n) === '', n).toBe(isMobileNumber(n));
    }
  });
});
