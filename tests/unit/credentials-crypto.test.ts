import { describe, expect, it } from 'vitest';
import { hashSecret, newSecret, sameSecret, secretMatches } from '../../server/store/credentials-crypto.js';

describe('secrets', () => {
  it('a secret matches its own hash and no other', () => {
    const a = newSecret('test');
    const b = newSecret('test');
    expect(secretMatches(a, hashSecret(a))).toBe(true);
    expect(secretMatches(b, hashSecret(a))).toBe(false);
    expect(secretMatches(a.slice(0, -1), hashSecret(a))).toBe(false);
  });

  it('sameSecret is plain equality, character by character', () => {
    const a = newSecret('live');
    expect(sameSecret(a, `${a}`)).toBe(true);
    expect(sameSecret(a, a.slice(0, -1))).toBe(false);
    expect(sameSecret(a, `${a}x`)).toBe(false);
    expect(sameSecret(a, `x${a.slice(1)}`)).toBe(false);
    expect(sameSecret(a, `${a.slice(0, -1)}${a.endsWith('z') ? 'y' : 'z'}`)).toBe(false);
    expect(sameSecret('', '')).toBe(true);
    expect(sameSecret('é', 'e')).toBe(false);
  });
});
