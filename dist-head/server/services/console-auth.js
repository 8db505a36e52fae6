import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { InvalidInput } from '../domain/errors.js';
/** scrypt cost: about 50 ms per hash on a desk PC, a real cost to an offline guesser. */
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 };
function scryptAsync(password, salt, keyLength, opts) {
    return new Promise((resolve, reject) => scrypt(password, salt, keyLength, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) => err ? reject(err) : resolve(key)));
}
/** "scrypt$N$r$p$salt$hash" with a fresh 16-byte salt per user. */
export async function hashPassword(password) {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
    return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}
/** A hash of a password nobody knows: checked when the username is unknown, so timing says nothing. */
let decoyHash = null;
/** Constant-time check of a password against a stored hash; a null hash still costs one scrypt. */
export async function verifyPassword(password, stored) {
    const target = stored ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))));
    const [scheme, n, r, p, saltText, keyText] = target.split('$');
    if (scheme !== 'scrypt' || !saltText || !keyText)
        return false;
    const expected = Buffer.from(keyText, 'base64');
    const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, {
        N: Number(n),
        r: Number(r),
        p: Number(p),
    });
    return timingSafeEqual(actual, expected) && stored !== null;
}
export function parseUsername(value) {
    if (typeof value !== 'string' || !/^[A-Za-z0-9._-]{3,32}$/.test(value.trim())) {
        throw new InvalidInput('the username must be 3 to 32 letters, digits, dots, dashes or underscores', 'username');
    }
    return value.trim();
}
export function parseNewPassword(value) {
    if (typeof value !== 'string' || value.length < 10) {
        throw new InvalidInput('the password must be at least 10 characters long', 'password');
    }
    if (value.length > 200)
        throw new InvalidInput('the password must be at most 200 characters long', 'password');
    return value;
}
/** A 256-bit random token (cookie value or CSRF token), URL-safe. */
export function newToken() {
    return randomBytes(32).toString('base64url');
}
/** Sessions are stored by the hash of their token: a copy of the database opens no session. */
export function hashToken(token) {
    return createHash('sha256').update(token).digest('hex');
}
export function tokensEqual(a, b) {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
}
/**
 * Failed sign-ins per client IP and per username in a sliding window. Past the limit the
 * console answers 429 until the oldest failure leaves the window: online guessing stays slow
 * while a mistyped password or two costs nothing.
 */
export class LoginThrottle {
    maxFailures;
    windowMs;
    now;
    failures = new Map();
    constructor(maxFailures = 5, windowMs = 15 * 60_000, now = Date.now) {
        this.maxFailures = maxFailures;
        this.windowMs = windowMs;
        this.now = now;
    }
    /** Milliseconds to wait before another attempt, or 0 when one is allowed now. */
    retryAfterMs(keys) {
        const now = this.now();
        let wait = 0;
        for (const key of keys) {
            const recent = this.recent(key, now);
            if (recent.length >= this.maxFailures)
                wait = Math.max(wait, recent[0] + this.windowMs - now);
        }
        return wait;
    }
    recordFailure(keys) {
        const now = this.now();
        for (const key of keys)
            this.failures.set(key, [...this.recent(key, now), now]);
    }
    /** A successful sign-in clears the username's failures (the IP's stay: one IP, many guesses). */
    recordSuccess(key) {
        this.failures.delete(key);
    }
    recent(key, now) {
        const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
        if (list.length)
            this.failures.set(key, list);
        else
            this.failures.delete(key);
        return list;
    }
}
//# sourceMappingURL=console-auth.js.map