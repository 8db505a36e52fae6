import { describe, expect, it } from 'vitest';
import { PREFIX_NETWORK } from '../../common/network-prefixes.js';
import {
  detectNetwork,
  formatPhone,
  isValidPhone,
  networkMismatch,
  phoneDigits,
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
