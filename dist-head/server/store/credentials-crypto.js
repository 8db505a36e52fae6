import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
/** A readable key id: "vpk_test_3f9a…" so a merchant can tell the pairs apart at a glance. */
export function newKeyId(env) {
    return `vpk_${env}_${randomBytes(10).toString('hex')}`;
}
/** 256 random bits: high enough entropy that a fast hash is safe to store. */
export function newSecret(env) {
    return `vps_${env}_${randomBytes(32).toString('base64url')}`;
}
export function hashSecret(secret) {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
}
/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(presented, storedHash) {
    const a = Buffer.from(hashSecret(presented), 'hex');
    const b = Buffer.from(storedHash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
}
//# sourceMappingURL=credentials-crypto.js.map