import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { InvalidInput } from '../domain/errors.js';
import {
  isUsername,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_RULE_WORDS,
} from '../../common/console-user-rules.js';

/** scrypt cost: about 50 ms per hash on a desk PC, a real cost to an offline guesser. */
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64 } as const;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** "scrypt$N$r$p$salt$hash" with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash of a password nobody knows: checked when the username is unknown, so timing says nothing. */
let decoyHash: Promise<string> | null = null;

/** Constant-time check of a password against a stored hash; a null hash still costs one scrypt. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const target = stored ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  const [scheme, n, r, p, saltText, keyText] = target.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected) && stored !== null;
}

export function parseUsername(value: unknown): string {
  if (typeof value !== 'string' || !isUsername(value)) {
    throw new InvalidInput(`the username must be ${USERNAME_RULE_WORDS}`, 'username');
  }
  return value.trim();
}

export function parseNewPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < PASSWORD_MIN) {
    throw new InvalidInput(`the password must be at least ${PASSWORD_MIN} characters long`, 'password');
  }
  if (value.length > PASSWORD_MAX)
    throw new InvalidInput(`the password must be at most ${PASSWORD_MAX} characters long`, 'password');
  return value;
}

/** Letters and digits a person reads off a screen and types without mixing up (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new password the operator CLI makes for a user (`user add`, `user reset-password`): four
 * groups of five from a 56-character alphabet, about 116 bits, typed once at the sign-in page.
 */
export function newConsolePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 5 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** A 256-bit random token (cookie value or CSRF token), URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored by the hash of their token: a copy of the database opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
