import { createHash } from 'node:crypto';

/**
 * A short fingerprint of the books an upstream reads a sale from: its base URL (a trailing slash
 * aside) and our merchant code there. The key and secret are left out: a pair rotated at the
 * provider is the same account (and a test pair swapped for the live one never delivered).
 */
export function accountFingerprint(baseUrl: string, merchantCode: string): string {
  return createHash('sha256')
    .update(`${baseUrl.replace(/\/+$/, '')}\n${merchantCode}`)
    .digest('base64url')
    .slice(0, 16);
}

/** An account in words, as an operator would look it up at the provider: never a key or secret. */
export function accountWords(a: { baseUrl: string; merchantCode: string }): string {
  return `${a.baseUrl.replace(/\/+$/, '')} (merchant code ${a.merchantCode})`;
}
