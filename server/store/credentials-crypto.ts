import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type Environment = 'test' | 'live';

/** A readable key id: "vpk_test_3f9a…" so a merchant can tell the pairs apart at a glance. */
export function newKeyId(env: Environment): string {
  return `vpk_${env}_${randomBytes(10).toString('hex')}`;
}

/** 256 random bits: high enough entropy that a fast hash is safe to store. */
export function newSecret(env: Environment): string {
  return `vps_${env}_${randomBytes(32).toString('base64url')}`;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Constant-time equality of two secrets as presented: every character is compared, no early
 * exit. A plain loop, because two Buffer allocations per request measurably cost throughput.
 */
export function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
