/** "scrypt$N$r$p$salt$hash" with a fresh 16-byte salt per user. */
export declare function hashPassword(password: string): Promise<string>;
/** Constant-time check of a password against a stored hash; a null hash still costs one scrypt. */
export declare function verifyPassword(password: string, stored: string | null): Promise<boolean>;
export declare function parseUsername(value: unknown): string;
export declare function parseNewPassword(value: unknown): string;
/** A 256-bit random token (cookie value or CSRF token), URL-safe. */
export declare function newToken(): string;
/** Sessions are stored by the hash of their token: a copy of the database opens no session. */
export declare function hashToken(token: string): string;
export declare function tokensEqual(a: string, b: string): boolean;
/**
 * Failed sign-ins per client IP and per username in a sliding window. Past the limit the
 * console answers 429 until the oldest failure leaves the window: online guessing stays slow
 * while a mistyped password or two costs nothing.
 */
export declare class LoginThrottle {
    private readonly maxFailures;
    private readonly windowMs;
    private readonly now;
    private readonly failures;
    constructor(maxFailures?: number, windowMs?: number, now?: () => number);
    /** Milliseconds to wait before another attempt, or 0 when one is allowed now. */
    retryAfterMs(keys: string[]): number;
    recordFailure(keys: string[]): void;
    /** A successful sign-in clears the username's failures (the IP's stay: one IP, many guesses). */
    recordSuccess(key: string): void;
    private recent;
}
