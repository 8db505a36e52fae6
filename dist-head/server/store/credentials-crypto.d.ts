export type Environment = 'test' | 'live';
/** A readable key id: "vpk_test_3f9a…" so a merchant can tell the pairs apart at a glance. */
export declare function newKeyId(env: Environment): string;
/** 256 random bits: high enough entropy that a fast hash is safe to store. */
export declare function newSecret(env: Environment): string;
export declare function hashSecret(secret: string): string;
/** Constant-time comparison of a presented secret with a stored hash. */
export declare function secretMatches(presented: string, storedHash: string): boolean;
